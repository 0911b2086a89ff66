import LoginIcon from '@mui/icons-material/Login';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, post } from '../home/api';
import { useLocale, useT } from '../i18n/context';
import { SecondStepForm } from '../two-factor/SecondStepForm';
import { AuthCard } from './AuthCard';
import { FormFrame } from './FormFrame';
import { useDocumentTitle } from './document-title';
import { LoginLinks } from './LoginLinks';
import { CONFIRM_EMAIL_FIRST, homeOfKind, safeRedirect } from './safe-redirect';

/** SPEC §2 `/{locale}/login`: every kind of account signs in here and lands in its area (or back where it was). */
export default function LoginPage() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [secondStep, setSecondStep] = useState(false);

  useDocumentTitle(t('app.auth.login'));

  const land = (me: { kind?: string } | undefined) =>
    navigate(safeRedirect(params.get('redirect')) ?? homeOfKind(me?.kind, locale), { replace: true });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const me = await post<{ kind?: string; twoFactor?: boolean }>('auth/login', { email, password }, locale);
      if (me?.twoFactor) setSecondStep(true);
      else land(me);
    } catch (failure) {
      const status = failure instanceof ApiError ? failure.status : 0;
      setError(
        status === 401 || status === 400
          ? t('app.auth.loginFailed')
          : status === 429
            ? t('app.auth.tooManyAttempts')
            : status === 403 && failure instanceof ApiError
              ? failure.message === CONFIRM_EMAIL_FIRST
                ? t('app.verifyEmail.confirmFirst')
                : failure.message
              : t('app.error.network'),
      );
    } finally {
      setBusy(false);
    }
  };

  if (secondStep)
    return (
      <AuthCard title={t('app.twoFactor.secondStepTitle')}>
        <SecondStepForm
          verify={async (proof) => land(await post<{ kind?: string }>('auth/two-factor/verify', proof, locale))}
          onRestart={() => {
            setSecondStep(false);
            setPassword('');
          }}
        />
      </AuthCard>
    );

  return (
    <AuthCard title={t('app.auth.loginTitle')} subtitle={t('app.auth.loginSubtitle')}>
      <FormFrame testId="login-form" failure={error} onSubmit={submit}>
        <TextField
          label={t('app.auth.email')}
          type="email"
          name="email"
          autoComplete="username"
          required
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label={t('app.auth.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy} startIcon={<LoginIcon />}>
          {t('app.auth.login')}
        </Button>
        <LoginLinks redirect={safeRedirect(params.get('redirect'))} />
      </FormFrame>
    </AuthCard>
  );
}
