import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ApiError, post } from '../home/api';
import { useLocale, useT } from '../i18n/context';
import { AuthCard } from './AuthCard';
import { useDocumentTitle } from './document-title';
import { homeOfKind, safeRedirect } from './safe-redirect';

type State = 'working' | 'invalid' | 'failed' | 'busy';

/**
 * `/{locale}/verify-email?token=…`, the link of the sign-up mail: posts the token once, which confirms the address
 * and signs in, then sends the account on to `?redirect=` or to its area.
 */
export default function VerifyEmailPage() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const redirect = safeRedirect(params.get('redirect'));
  const [state, setState] = useState<State>(token ? 'working' : 'invalid');
  // A token works once: React's development double effect must not send it twice.
  const sent = useRef(false);

  useDocumentTitle(t('app.verifyEmail.title'));

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    post<{ kind?: string }>('auth/verify-email', { token }, locale).then(
      (me) => navigate(redirect ?? homeOfKind(me?.kind, locale), { replace: true }),
      (error: unknown) => {
        const status = error instanceof ApiError ? error.status : 0;
        setState(status === 400 ? 'invalid' : status === 429 ? 'busy' : 'failed');
      },
    );
  }, [token, redirect, locale, navigate]);

  return (
    <AuthCard title={t('app.verifyEmail.title')}>
      {state === 'working' ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 2 }} role="status">
          <CircularProgress size={24} aria-hidden />
          <Typography>{t('app.verifyEmail.working')}</Typography>
        </Stack>
      ) : (
        <Stack spacing={2} data-testid="verify-email-failed">
          <Alert severity="error" role="alert">
            {state === 'invalid'
              ? t('app.verifyEmail.invalid')
              : state === 'busy'
                ? t('app.auth.tooManyAttempts')
                : t('app.error.network')}
          </Alert>
          {state === 'invalid' && <Typography>{t('app.verifyEmail.again')}</Typography>}
          <Button component={RouterLink} to={`/${locale}/login`} variant="contained">
            {t('app.auth.login')}
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
