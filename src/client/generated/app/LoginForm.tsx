import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../shell/document-title';
import { safeRedirect } from '../../shell/safe-redirect';
import { SecondStepForm } from '../../two-factor/SecondStepForm';
import {
  Form,
  PasswordInput,
  SaveButton,
  TextInput,
  useAuthProvider,
  useBasename,
  useNotify,
  useTranslate,
} from 'react-admin';

const required = (value: unknown) => (value ? undefined : 'validation.required');

/** Email + password sign-in through the auth provider; afterwards the page asked for, else the dashboard. */
export function LoginForm() {
  const authProvider = useAuthProvider()!;
  const navigate = useNavigate();
  const basename = useBasename();
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [secondStep, setSecondStep] = useState(false);
  const location = useLocation();
  useDocumentTitle(translate('app.auth.login'));
  // The page a signed-out visit asked for: `?redirect=` (kept by every later check), else react-admin's state.
  const state = location.state as { nextPathname?: string; nextSearch?: string } | null;
  const next = safeRedirect(
    new URLSearchParams(location.search).get('redirect') ??
      (state?.nextPathname ? `${state.nextPathname}${state.nextSearch ?? ''}` : undefined),
  );
  const signedIn = () => {
    // Answers cached while signed out (access checks, the entry's own check) must not decide the first screen
    // after sign-in: dropped before the move, so every screen asks again with the new session.
    queryClient.removeQueries({ queryKey: ['auth'] });
    navigate(next && next !== location.pathname ? next : `${basename}/dashboard`, { replace: true });
  };
  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      const answer = (await authProvider.login({ email: values.email, password: values.password })) as
        { twoFactor?: boolean } | undefined;
      if (answer?.twoFactor) setSecondStep(true);
      else signedIn();
    } catch (error) {
      const status = (error as { status?: number }).status;
      notify(
        status === 429
          ? 'app.auth.tooManyAttempts'
          : status === 401 || status === 400
            ? 'app.auth.loginFailed'
            : (error as Error).message || 'app.auth.loginFailed',
        { type: 'error' },
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }} component="main">
        <CardContent>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 2 }}>
            <Avatar sx={{ bgcolor: 'primary.main', mb: 1 }}>
              <LockIcon />
            </Avatar>
            <Typography variant="h5" component="h1">
              {translate(secondStep ? 'app.twoFactor.secondStepTitle' : 'app.auth.loginTitle', { _: 'Sign in' })}
            </Typography>
          </Box>
          {secondStep ? (
            <SecondStepForm
              verify={async (proof) => {
                await authProvider.login(proof);
                signedIn();
              }}
              onRestart={() => setSecondStep(false)}
            />
          ) : (
            <Form onSubmit={submit}>
              <TextInput
                source="email"
                type="email"
                label="app.auth.email"
                autoComplete="username"
                validate={required}
                fullWidth
                autoFocus
              />
              <PasswordInput
                source="password"
                label="app.auth.password"
                autoComplete="current-password"
                validate={required}
                fullWidth
              />
              <SaveButton
                label="app.auth.login"
                icon={<></>}
                fullWidth
                disabled={busy}
                alwaysEnable={!busy}
                sx={{ mt: 1 }}
              />
            </Form>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
