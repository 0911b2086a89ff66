import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { useRegistry } from '../generated/context';
import { menuGroups } from '../generated/menu';
import { usePermissionMap } from '../generated/permissions';
import { QueueCard } from '../admin/Dashboard';
import { AccountSummary } from './AccountSummary';

/** `/{locale}/partner`: account status, balance, and what waits for the partner (the menu badges). */
export function PartnerDashboard() {
  const registry = useRegistry();
  const translate = useTranslate();
  const { permissions } = usePermissionMap();
  const { identity } = useGetIdentity();
  const waiting = menuGroups(registry, permissions).flatMap((group) => group.entries.filter((item) => item.badge));
  return (
    <>
      <Title title={translate('app.dashboard.title', { _: 'Dashboard' })} />
      <Typography variant="h5" component="h1" sx={{ mt: 2, mb: 2 }}>
        {translate('app.dashboard.welcome', { name: identity?.fullName ?? '', _: 'Welcome' })}
      </Typography>
      <AccountSummary />
      <Grid container spacing={2} sx={{ mt: 1 }}>
        {waiting.map((item) => (
          <Grid key={item.entry.route} size={{ xs: 12, sm: 6, md: 4 }}>
            <QueueCard item={item} />
          </Grid>
        ))}
      </Grid>
    </>
  );
}
