import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { useLocale, useT } from '../i18n/context';
import { loginWithReturn } from './safe-redirect';

/**
 * Below the sign-in form: a forgotten password, a new customer account (which keeps the page the visit came for),
 * and the partner sign-up.
 */
export function LoginLinks({ redirect }: { redirect?: string }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      <Link component={RouterLink} to={`/${locale}/password-reset`} variant="body2">
        {t('app.passwordReset.link')}
      </Link>
      <Link component={RouterLink} to={loginWithReturn(`/${locale}/signup`, redirect)} variant="body2">
        {t('app.signup.link')}
      </Link>
      <Link component={RouterLink} to={`/${locale}/partner/register`} variant="body2">
        {t('app.auth.partnerRegister')}
      </Link>
    </Stack>
  );
}
