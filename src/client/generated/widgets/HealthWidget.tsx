import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { LanternDataProvider } from '../data-provider';

interface Health {
  status: string;
  db: string;
  version: string;
  buildId: string;
  migration?: string;
}

/** `GET /api/health` as a card: version, build, database engine, migration level and the status. */
export function HealthWidget() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<LanternDataProvider>();
  const { data, error } = useQuery({
    queryKey: ['health'],
    queryFn: () => dataProvider.getJson<Health>('/health'),
    refetchInterval: 30_000,
  });
  const ok = !error && data?.status === 'ok';
  const items: [string, string | undefined][] = [
    ['app.system.version', data?.version],
    ['app.system.buildId', data?.buildId],
    ['app.system.database', data?.db],
    ['app.system.migration', data?.migration],
  ];
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="health">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.system.title')}
        </Typography>
        <Grid container spacing={2} alignItems="center">
          {items.map(([key, value]) => (
            <Grid key={key} size={{ xs: 6, sm: 3, md: 2 }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {translate(key)}
              </Typography>
              <Typography variant="body1" sx={{ wordBreak: 'break-all' }} data-testid={key.split('.').pop()}>
                {value ?? '…'}
              </Typography>
            </Grid>
          ))}
          <Grid size={{ xs: 12, sm: 12, md: 4 }}>
            <Typography variant="caption" color="text.secondary" component="div">
              {translate('app.system.health')}
            </Typography>
            <Chip
              size="small"
              color={ok ? 'success' : data || error ? 'error' : 'default'}
              label={translate(ok ? 'app.system.healthy' : 'app.system.unhealthy')}
            />
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}
