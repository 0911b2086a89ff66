import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError, post } from '../home/api';
import type { PublicSite } from '../../core/public-site';
import { useLocale, useT } from '../i18n/context';
import { AuthCard } from './AuthCard';
import { FormFrame } from './FormFrame';
import { useDocumentTitle } from './document-title';
import { loginWithReturn } from './safe-redirect';
import { translateFieldErrors } from './server-field-errors';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface SignUpFormProps {
  /** The form's fields, labelled by their resource. */
  form: NonNullable<PublicSite['accountSignUp']>;
  /** The API path the filled fields are posted to (with the page's `locale`). */
  path: string;
  /** The messages' group: `{messages}.title`, `.subtitle`, `.submit`, `.haveAccount` and `.{doneKey}`. */
  messages: string;
  doneKey: string;
  testId: string;
  icon: ReactNode;
  /** Where the account goes after it signs in (carried to the sign-in link and, by the server, the mailed link). */
  redirect?: string;
}

/**
 * A sign-up of a new account from a public-site form. The server answers alike whether the address was free or
 * not, so the form only says what comes next.
 */
export function SignUpForm({ form, path, messages, doneKey, testId, icon, redirect }: SignUpFormProps) {
  const t = useT();
  const locale = useLocale();
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  useDocumentTitle(t(`${messages}.title`));

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
      await post(path, { ...filled, locale, ...(redirect && { redirect }) }, locale);
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
    <AuthCard title={t(`${messages}.title`)} subtitle={t(`${messages}.subtitle`)}>
      {done ? (
        <Stack spacing={2} data-testid={`${testId}-done`}>
          <Alert severity="success" role="status">
            {t(`${messages}.${doneKey}`)}
          </Alert>
          <Button component={RouterLink} to={loginWithReturn(`/${locale}/login`, redirect)} variant="outlined">
            {t('app.auth.login')}
          </Button>
        </Stack>
      ) : (
        <FormFrame testId={`${testId}-form`} failure={failure} onSubmit={submit}>
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
          <Button type="submit" variant="contained" size="large" disabled={busy} startIcon={icon}>
            {t(`${messages}.submit`)}
          </Button>
          <Link
            component={RouterLink}
            to={loginWithReturn(`/${locale}/login`, redirect)}
            variant="body2"
            sx={{ textAlign: 'center' }}
          >
            {t(`${messages}.haveAccount`)}
          </Link>
        </FormFrame>
      )}
    </AuthCard>
  );
}
