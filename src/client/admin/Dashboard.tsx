import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { Title, useBasename, useGetIdentity, useGetList, useTranslate } from 'react-admin';
import { useRegistry } from '../generated/context';
import { useEntryLabel } from '../generated/GeneratedMenu';
import { menuGroups, type MenuEntry } from '../generated/menu';
import { usePermissionMap } from '../generated/permissions';

export function QueueCard({ item }: { item: MenuEntry }) {
  const basename = useBasename();
  const label = useEntryLabel();
  const filter = item.badge as Record<string, unknown>;
  const { total, isPending } = useGetList(item.entry.route, {
    filter,
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'id', order: 'ASC' },
  });
  // A queue is its own list; a resource badge opens the list with the badge's filter applied.
  const search = item.entry.queue ? '' : `?filter=${encodeURIComponent(JSON.stringify(filter))}`;
  return (
    <Card variant="outlined" data-testid={`queue-${item.entry.route}`}>
      <CardActionArea component={Link} to={`${basename}/${item.entry.route}${search}`}>
        <CardContent>
          <Typography variant="overline" color="text.secondary">
            {label(item)}
          </Typography>
          <Typography variant="h4" component="p">
            {isPending ? '…' : (total ?? 0)}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The overview: the queues that need action (every menu entry with a badge the account may open). */
export function Dashboard() {
  const registry = useRegistry();
  const translate = useTranslate();
  const { permissions } = usePermissionMap();
  const { identity } = useGetIdentity();
  const queues = menuGroups(registry, permissions).flatMap((group) => group.entries.filter((item) => item.badge));
  return (
    <>
      <Title title={translate('app.dashboard.title', { _: 'Dashboard' })} />
      <Typography variant="h5" component="h1" sx={{ mt: 2, mb: 2 }}>
        {translate('app.dashboard.welcome', { name: identity?.fullName ?? '', _: 'Welcome' })}
      </Typography>
      <Grid container spacing={2}>
        {queues.map((item) => (
          <Grid key={item.entry.route} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
            <QueueCard item={item} />
          </Grid>
        ))}
      </Grid>
    </>
  );
}
