import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Loading, Title, useTranslate } from 'react-admin';
import { statusField, type AnyResource } from '../../../core/resource';
import { humanize, labels } from '../../../core/labels';
import { lastDays, useStatsResources, type Interval, type Period } from './api';
import { BreakdownChart } from './BreakdownChart';
import { RateChart } from './RateChart';
import { SeriesChart } from './SeriesChart';
import { TopTable } from './TopTable';

/** Everything a resource's `stats` declares: series, status funnel, rates, breakdowns as bars, rankings. */
function ResourceStats({ config, period, interval }: { config: AnyResource; period: Period; interval: Interval }) {
  const translate = useTranslate();
  const status = statusField(config);
  const top = config.stats?.top ?? [];
  const groups = (config.stats?.groupBy ?? []).filter((path) => path !== status && !top.includes(path));
  const third = { xs: 12, md: 6, lg: 4 };
  return (
    <Box component="section" sx={{ mb: 3 }} data-testid={`stats-${config.name}`}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate(labels.name(config), { smart_count: 2, _: config.name })}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <SeriesChart config={config} period={period} interval={interval} />
        </Grid>
        {status ? (
          <Grid size={third}>
            <BreakdownChart config={config} period={period} path={status} funnel />
          </Grid>
        ) : null}
        {Object.keys(config.stats?.rates ?? {}).map((name) => (
          <Grid key={name} size={third}>
            <RateChart config={config} name={name} period={period} interval={interval} />
          </Grid>
        ))}
        {groups.map((path) => (
          <Grid key={path} size={third}>
            <BreakdownChart config={config} period={period} path={path} />
          </Grid>
        ))}
        {top.map((path) => (
          <Grid key={path} size={{ xs: 12, lg: 6 }}>
            <TopTable config={config} period={period} path={path} />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

const PRESETS = [7, 30, 90, 365];

/** `/{locale}/admin/statistics`: every resource with SQL aggregates, as charts over a chosen period. */
export default function StatisticsPage() {
  const translate = useTranslate();
  const { configs, isPending } = useStatsResources();
  const [period, setPeriod] = useState<Period>(() => lastDays(90));
  const [interval, setInterval] = useState<Interval>('week');
  if (isPending) return <Loading />;
  return (
    <Box sx={{ pb: 4 }}>
      <Title title={translate('app.statistics.title')} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        flexWrap="wrap"
        alignItems={{ sm: 'center' }}
        sx={{ my: 2 }}
        data-testid="stats-period"
      >
        <TextField
          type="date"
          size="small"
          label={translate('app.statistics.from')}
          value={period.from}
          onChange={(event) => event.target.value && setPeriod((p) => ({ ...p, from: event.target.value }))}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: period.to, 'data-testid': 'stats-from' } }}
        />
        <TextField
          type="date"
          size="small"
          label={translate('app.statistics.to')}
          value={period.to}
          onChange={(event) => event.target.value && setPeriod((p) => ({ ...p, to: event.target.value }))}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: period.from, 'data-testid': 'stats-to' } }}
        />
        <ToggleButtonGroup size="small" exclusive value={null}>
          {PRESETS.map((days) => (
            <ToggleButton key={days} value={days} onClick={() => setPeriod(lastDays(days))}>
              {translate('app.statistics.lastDays', { smart_count: days, _: `${days} days` })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={interval}
          onChange={(_, value: Interval | null) => value && setInterval(value)}
          aria-label={translate('app.statistics.interval', { _: 'Interval' })}
        >
          {(['day', 'week', 'month'] as const).map((value) => (
            <ToggleButton key={value} value={value}>
              {translate(`app.statistics.${value}`, { _: humanize(value) })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {configs.length === 0 ? (
        <Typography color="text.secondary">{translate('app.statistics.noData')}</Typography>
      ) : null}
      {configs.map((config) => (
        <ResourceStats key={config.name} config={config} period={period} interval={interval} />
      ))}
    </Box>
  );
}
