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
  // Each link a tap target of at least 40 × 40 px on a phone (SPEC §13), not a line of text 20 px tall.
  const target = { display: 'inline-flex', alignItems: 'center', minHeight: 40, minWidth: 40, px: 1 } as const;
  return (
    <Stack spacing={0} sx={{ alignItems: 'center' }}>
      <Link component={RouterLink} to={`/${locale}/password-reset`} variant="body2" sx={target}>
        {t('app.passwordReset.link')}
      </Link>
      <Link component={RouterLink} to={loginWithReturn(`/${locale}/signup`, redirect)} variant="body2" sx={target}>
        {t('app.signup.link')}
      </Link>
      <Link component={RouterLink} to={`/${locale}/partner/register`} variant="body2" sx={target}>
        {t('app.auth.partnerRegister')}
      </Link>
    </Stack>
  );
}
