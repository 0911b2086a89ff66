import HowToRegIcon from '@mui/icons-material/HowToReg';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError, post } from '../home/api';
import { signUp } from '../home/catalog';
import { useLocale, useT } from '../i18n/context';
import { AuthCard } from './AuthCard';
import { useDocumentTitle } from './document-title';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * `/{locale}/partner/register`: a new partner account, created `pending` by the server; the partner
 * can sign in at once and sees its status until an administrator approves it.
 */
export default function RegisterPage() {
  const t = useT();
  const locale = useLocale();
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  useDocumentTitle(t('app.register.title'));

  const form = signUp;
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
      await post(`${form.resource}/-/${form.endpoint}`, { ...values, locale }, locale);
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(error.errors);
      setFailure(error instanceof ApiError && error.status < 500 ? error.message : t('app.error.network'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('app.register.title')} subtitle={t('app.register.subtitle')}>
      {done ? (
        <Stack spacing={2} data-testid="register-done">
          <Alert severity="success">{t('app.register.success')}</Alert>
          <Button component={RouterLink} to={`/${locale}/login`} variant="contained">
            {t('app.auth.login')}
          </Button>
        </Stack>
      ) : (
        <Stack component="form" spacing={2} onSubmit={submit} noValidate data-testid="register-form">
          {failure && <Alert severity="error">{failure}</Alert>}
          {form.fields.map((field) => (
            <TextField
              key={field.name}
              name={field.name}
              label={label(field.name)}
              type={field.kind === 'phone' ? 'tel' : field.kind === 'text' ? 'text' : field.kind}
              autoComplete={field.kind === 'password' ? 'new-password' : field.kind === 'email' ? 'email' : undefined}
              required={field.required}
              value={values[field.name] ?? ''}
              onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
              error={Boolean(errors[field.name])}
              helperText={errors[field.name]}
            />
          ))}
          <Button type="submit" variant="contained" size="large" disabled={busy} startIcon={<HowToRegIcon />}>
            {t('app.register.submit')}
          </Button>
          <Link component={RouterLink} to={`/${locale}/login`} variant="body2" sx={{ textAlign: 'center' }}>
            {t('app.register.haveAccount')}
          </Link>
        </Stack>
      )}
    </AuthCard>
  );
}
