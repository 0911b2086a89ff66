import DownloadIcon from '@mui/icons-material/GetApp';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { Button, Loading, Title, useTranslate } from 'react-admin';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { statusField, type AnyResource } from '../../../core/resource';
import { useRegistry } from '../../generated/context';
import { useActiveLocale } from '../../generated/fields/FieldValue';
import { humanize, labels } from '../../generated/labels';
import { usePermissionMap } from '../../generated/permissions';
import { formatNumber } from '../../i18n/format';
import {
  groupTarget,
  lastDays,
  statsResources,
  useKeyLabels,
  useStats,
  type Interval,
  type Period,
  type StatsRow,
} from './api';
import { downloadSeries } from './csv';
import { formatMetric } from './format';

const PALETTE = ['#0984e3', '#00b894', '#e17055', '#6c5ce7', '#fdcb6e', '#d63031'];

type Translate = ReturnType<typeof useTranslate>;

function metricLabel(config: AnyResource, name: string, translate: Translate) {
  return name === 'count'
    ? translate('app.statistics.count', { _: 'Count' })
    : translate(labels.field(config, name), { _: humanize(name) });
}

function ChartCard({
  title,
  onCsv,
  children,
  testId,
}: {
  title: string;
  onCsv?: () => void;
  children: React.ReactNode;
  testId: string;
}) {
  return (
    <Card variant="outlined" data-testid={testId} sx={{ height: '100%' }}>
      <CardHeader
        title={title}
        titleTypographyProps={{ variant: 'subtitle1', component: 'h3' }}
        action={
          onCsv ? (
            <Button label="app.statistics.csv" onClick={onCsv} data-testid={`${testId}-csv`}>
              <DownloadIcon />
            </Button>
          ) : null
        }
        sx={{ pb: 0 }}
      />
      <CardContent sx={{ height: 300 }}>{children}</CardContent>
    </Card>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Box sx={{ height: '100%', display: 'grid', placeItems: 'center' }}>
      <Typography color="text.secondary">{translate('app.statistics.noData')}</Typography>
    </Box>
  );
}

/** Count and sums per day/week/month: sums on the left axis, the count on the right. */
function SeriesChart({ config, period, interval }: { config: AnyResource; period: Period; interval: Interval }) {
  const translate = useTranslate();
  const locale = useActiveLocale();
  const { data, isPending } = useStats(config, 'series', { ...period, interval });
  const rows = data?.rows ?? [];
  const sums = Object.keys(rows[0] ?? {}).filter((key) => key !== 'bucket' && key !== 'count');
  const title = translate('app.statistics.overTime', {
    name: translate(labels.name(config), { smart_count: 2 }),
    _: `${config.name} over time`,
  });
  const csv = () =>
    downloadSeries(
      `${config.name}-series-${interval}`,
      [translate('app.statistics.period'), ...['count', ...sums].map((n) => metricLabel(config, n, translate))],
      rows.map((row) => [row.bucket, row.count, ...sums.map((n) => row[n])]),
    );
  return (
    <ChartCard title={title} onCsv={rows.length ? csv : undefined} testId={`series-${config.name}`}>
      {isPending ? (
        <Loading />
      ) : !rows.some((row) => row.count) ? (
        <Empty />
      ) : (
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows} margin={{ left: 8, right: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="bucket" minTickGap={24} />
            <YAxis yAxisId="sum" tickFormatter={(v: number) => formatNumber(v, locale, { notation: 'compact' })} />
            <YAxis yAxisId="count" orientation="right" allowDecimals={false} />
            <Tooltip
              formatter={(value, name) => [
                formatMetric(config, String(name), Number(value), locale),
                metricLabel(config, String(name), translate),
              ]}
            />
            <Legend formatter={(name) => metricLabel(config, String(name), translate)} />
            {sums.map((name, index) => (
              <Line key={name} yAxisId="sum" dataKey={name} stroke={PALETTE[index % PALETTE.length]} dot={false} />
            ))}
            <Line
              yAxisId="count"
              dataKey="count"
              stroke={PALETTE[PALETTE.length - 1]}
              dot={false}
              strokeDasharray="4 2"
            />
          </LineChart>
        </ResponsiveContainer>
      )}
    </ChartCard>
  );
}

/** Top groups of a breakdown (`by/{field}`) or the status funnel, as horizontal bars of the first sum. */
function BreakdownChart({
  config,
  period,
  path,
  funnel = false,
}: {
  config: AnyResource;
  period: Period;
  path: string;
  funnel?: boolean;
}) {
  const translate = useTranslate();
  const locale = useActiveLocale();
  const theme = useTheme();
  const registry = useRegistry();
  const { data, isPending } = useStats(config, funnel ? 'funnel' : `by/${path}`, { ...period, limit: 10 });
  const rows: StatsRow[] = data?.rows ?? [];
  const label = useKeyLabels(
    config,
    path,
    rows.map((row) => row.key),
    translate,
  );
  const sums = Object.keys(rows[0] ?? {}).filter((key) => key !== 'key' && key !== 'count');
  const metric = funnel ? 'count' : (sums[0] ?? 'count');
  const chartRows: (StatsRow & { label: string })[] = rows.map((row) => ({ ...row, label: label(row.key) }));
  const { owner, name } = groupTarget(registry, config, path);
  const groupLabel = funnel
    ? translate('app.statistics.funnel', { _: 'Status funnel' })
    : translate('app.statistics.by', {
        name: translate(labels.field(owner, name), { _: humanize(name) }),
        _: `By ${name}`,
      });
  const csv = () =>
    downloadSeries(
      `${config.name}-${funnel ? 'funnel' : path}`,
      [groupLabel, ...['count', ...sums].map((n) => metricLabel(config, n, translate))],
      chartRows.map((row) => [row.label, row.count, ...sums.map((n) => row[n])]),
    );
  return (
    <ChartCard
      title={groupLabel}
      onCsv={rows.length ? csv : undefined}
      testId={`by-${config.name}-${funnel ? 'funnel' : path}`}
    >
      {isPending ? (
        <Loading />
      ) : !rows.some((row) => row.count) ? (
        <Empty />
      ) : (
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={chartRows} layout="vertical" margin={{ left: 8, right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" tickFormatter={(v: number) => formatNumber(v, locale, { notation: 'compact' })} />
            <YAxis type="category" dataKey="label" width={130} tick={{ fontSize: 12 }} />
            <Tooltip
              formatter={(value) => [
                formatMetric(config, metric, Number(value), locale),
                metricLabel(config, metric, translate),
              ]}
            />
            <Bar dataKey={metric} fill={theme.palette.primary.main} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartCard>
  );
}

const PRESETS = [7, 30, 90, 365];

/** `/{locale}/admin/statistics`: every resource with SQL aggregates, as charts over a chosen period. */
export default function StatisticsPage() {
  const translate = useTranslate();
  const registry = useRegistry();
  const { permissions, isPending } = usePermissionMap();
  const [period, setPeriod] = useState<Period>(() => lastDays(90));
  const [interval, setInterval] = useState<Interval>('week');
  const configs = statsResources(registry.resources, permissions);
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
      {configs.map((config) => {
        const status = statusField(config);
        const groups = (config.stats?.groupBy ?? []).filter((path) => path !== status);
        return (
          <Box key={config.name} component="section" sx={{ mb: 3 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {translate(labels.name(config), { smart_count: 2, _: config.name })}
            </Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, lg: 8 }}>
                <SeriesChart config={config} period={period} interval={interval} />
              </Grid>
              {status ? (
                <Grid size={{ xs: 12, md: 6, lg: 4 }}>
                  <BreakdownChart config={config} period={period} path={status} funnel />
                </Grid>
              ) : null}
              {groups.map((path) => (
                <Grid key={path} size={{ xs: 12, md: 6, lg: 4 }}>
                  <BreakdownChart config={config} period={period} path={path} />
                </Grid>
              ))}
            </Grid>
          </Box>
        );
      })}
    </Box>
  );
}
