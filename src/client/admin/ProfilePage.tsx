import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { Loading, Title, useGetIdentity, useTranslate } from 'react-admin';
import { lazyWithReload } from '../shell/chunk-reload';
import { useSecondFactorChanged } from '../two-factor/SetupGate';
import { useOwnHeading } from '../generated/app/screen-heading';

const TwoFactorSection = lazyWithReload(() => import('../two-factor/TwoFactorSection'));

/** `/{locale}/admin/profile`: the signed-in admin's account and two-step sign-in (SPEC §12). */
export default function ProfilePage() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const changed = useSecondFactorChanged();
  useOwnHeading();
  const title = translate('app.auth.profile');
  const role = typeof identity?.role === 'string' ? identity.role : '';
  return (
    <Stack spacing={2} sx={{ my: 2, maxWidth: 800 }} data-screen="profile">
      <Title title={title} />
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            {identity?.fullName}
          </Typography>
          <Typography color="text.secondary">{String(identity?.email ?? '')}</Typography>
          {role && (
            <Typography color="text.secondary">
              {translate(`resources.admins.enums.role.${role}`, { _: role })}
            </Typography>
          )}
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Suspense fallback={<Loading />}>
            <TwoFactorSection onChange={changed} />
          </Suspense>
        </CardContent>
      </Card>
    </Stack>
  );
}
