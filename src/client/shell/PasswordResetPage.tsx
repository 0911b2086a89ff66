import LockResetIcon from '@mui/icons-material/LockReset';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ApiError, post } from '../home/api';
import { useLocale, useT, type Translate } from '../i18n/context';
import { AuthCard } from './AuthCard';
import { FormFrame } from './FormFrame';
import { useDocumentTitle } from './document-title';
import { translateFieldErrors } from './server-field-errors';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function failureText(t: Translate, error: unknown): string {
  if (!(error instanceof ApiError)) return t('app.error.network');
  if (error.status === 429) return t('app.auth.tooManyAttempts');
  return error.status < 500 ? t('app.passwordReset.invalid') : t('app.error.network');
}

/**
 * `/{locale}/password-reset`: asks for a link by email; with `?token=` (the mailed link) it sets the new password.
 * Every account kind uses it. The server answers the request alike for any address.
 */
export default function PasswordResetPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token');
  const title = token ? t('app.passwordReset.newTitle') : t('app.passwordReset.title');
  useDocumentTitle(title);
  return (
    <AuthCard title={title} subtitle={token ? undefined : t('app.passwordReset.subtitle')}>
      {token ? <NewPasswordForm token={token} /> : <RequestForm />}
    </AuthCard>
  );
}

function BackToLogin({ children }: { children?: ReactNode }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Link component={RouterLink} to={`/${locale}/login`} variant="body2" sx={{ textAlign: 'center' }}>
      {children ?? t('app.passwordReset.backToLogin')}
    </Link>
  );
}

function RequestForm() {
  const t = useT();
  const locale = useLocale();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    const found = !value ? t('validation.required') : !EMAIL.test(value) ? t('validation.email') : undefined;
    setError(found);
    setFailure(undefined);
    if (found) return;
    setBusy(true);
    try {
      await post('auth/password-reset', { email: value }, locale);
      setSent(true);
    } catch (failed) {
      if (failed instanceof ApiError && failed.errors?.email) setError(translateFieldErrors(t, failed.errors).email);
      else setFailure(failureText(t, failed));
    } finally {
      setBusy(false);
    }
  };

  if (sent)
    return (
      <Stack spacing={2} data-testid="password-reset-sent">
        <Alert severity="success" role="status">
          {t('app.passwordReset.sent')}
        </Alert>
        <BackToLogin />
      </Stack>
    );
  return (
    <FormFrame testId="password-reset-form" failure={failure} onSubmit={submit}>
      <TextField
        label={t('app.auth.email')}
        type="email"
        name="email"
        autoComplete="email"
        required
        autoFocus
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={Boolean(error)}
        helperText={error}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy} startIcon={<LockResetIcon />}>
        {t('app.passwordReset.submit')}
      </Button>
      <BackToLogin />
    </FormFrame>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const t = useT();
  const locale = useLocale();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [linkDead, setLinkDead] = useState(false);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!password) found.password = t('validation.required');
    if (password && repeat !== password) found.repeat = t('app.passwordReset.mismatch');
    setErrors(found);
    setFailure(undefined);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await post('auth/password-reset/confirm', { token, password }, locale);
      setDone(true);
    } catch (failed) {
      if (failed instanceof ApiError && failed.errors) setErrors(translateFieldErrors(t, failed.errors));
      else {
        setFailure(failureText(t, failed));
        setLinkDead(failed instanceof ApiError && failed.status === 400);
      }
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <Stack spacing={2} data-testid="password-reset-done">
        <Alert severity="success" role="status">
          {t('app.passwordReset.done')}
        </Alert>
        <Button component={RouterLink} to={`/${locale}/login`} variant="contained">
          {t('app.auth.login')}
        </Button>
      </Stack>
    );
  return (
    <FormFrame testId="new-password-form" failure={failure} onSubmit={submit}>
      {linkDead && (
        <Link component={RouterLink} to={`/${locale}/password-reset`} variant="body2">
          {t('app.passwordReset.again')}
        </Link>
      )}
      <TextField
        label={t('app.passwordReset.newPassword')}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        autoFocus
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={Boolean(errors.password)}
        helperText={errors.password}
      />
      <TextField
        label={t('app.passwordReset.repeatPassword')}
        type="password"
        name="repeat"
        autoComplete="new-password"
        required
        value={repeat}
        onChange={(e) => setRepeat(e.target.value)}
        error={Boolean(errors.repeat)}
        helperText={errors.repeat}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy} startIcon={<LockResetIcon />}>
        {t('app.passwordReset.save')}
      </Button>
      <BackToLogin />
    </FormFrame>
  );
}
