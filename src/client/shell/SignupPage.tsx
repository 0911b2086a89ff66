import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ApiError, post } from '../home/api';
import { accountSignUp } from '../home/catalog';
import { useLocale, useT } from '../i18n/context';
import { AuthCard } from './AuthCard';
import { useDocumentTitle } from './document-title';
import { loginWithReturn, safeRedirect } from './safe-redirect';
import { translateFieldErrors } from './server-field-errors';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * `/{locale}/signup`: a new customer account. The server answers alike whether the address was free or not, so
 * the screen only says to check the mail; its link confirms the address, signs in and goes on to `?redirect=`.
 */
export default function SignupPage() {
  const t = useT();
  const locale = useLocale();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  useDocumentTitle(t('app.signup.title'));

  const form = accountSignUp;
  if (!form) return null;
  const label = (field: string) => t(`resources.${form.resource}.fields.${field}`, { _: field });

  const validate = () => {
    const found: Record<string, string> = {};
    for (const field of form.fields) {
      const value = (values[field.name] ?? '').trim();
      if (field.required && !value) found[field.name] = t('validation.required');
      else if (field.kind === 'email' && value && !EMAIL.test(value)) found[field.name] = t('validation.email');
    }
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setFailure(undefined);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const filled = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
      await post('auth/signup', { ...filled, locale, ...(redirect && { redirect }) }, locale);
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(translateFieldErrors(t, error.errors));
      setFailure(
        error instanceof ApiError && error.status === 429
          ? t('app.auth.tooManyAttempts')
          : error instanceof ApiError && error.status === 400
            ? t('app.signup.invalid')
            : t('app.error.network'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('app.signup.title')} subtitle={t('app.signup.subtitle')}>
      {done ? (
        <Stack spacing={2} data-testid="signup-done">
          <Alert severity="success" role="status">
            {t('app.signup.sent')}
          </Alert>
          <Button component={RouterLink} to={loginWithReturn(`/${locale}/login`, redirect)} variant="outlined">
            {t('app.auth.login')}
          </Button>
        </Stack>
      ) : (
        <Stack component="form" spacing={2} onSubmit={submit} noValidate data-testid="signup-form">
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          {form.fields.map((field, index) => (
            <TextField
              key={field.name}
              name={field.name}
              label={label(field.name)}
              type={field.kind === 'phone' ? 'tel' : field.kind}
              autoComplete={
                field.kind === 'password'
                  ? 'new-password'
                  : field.kind === 'email'
                    ? 'email'
                    : field.kind === 'phone'
                      ? 'tel'
                      : 'name'
              }
              autoFocus={index === 0}
              required={field.required}
              value={values[field.name] ?? ''}
              onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
              error={Boolean(errors[field.name])}
              helperText={errors[field.name]}
            />
          ))}
          <Button type="submit" variant="contained" size="large" disabled={busy} startIcon={<PersonAddIcon />}>
            {t('app.signup.submit')}
          </Button>
          <Link
            component={RouterLink}
            to={loginWithReturn(`/${locale}/login`, redirect)}
            variant="body2"
            sx={{ textAlign: 'center' }}
          >
            {t('app.signup.haveAccount')}
          </Link>
        </Stack>
      )}
    </AuthCard>
  );
}
