import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnyResource } from '../../../core/resource';
import { useActiveLocale } from '../../generated/fields/FieldValue';
import { useStats, type Interval, type Period, type RateAnswer } from './api';
import { ChartCard } from './ChartCard';
import { downloadSeries } from './csv';
import { csvMetric, formatMetric, formatShare, metricLabel } from './format';
import { PALETTE } from './palette';

/** A rate of `stats.rates` per bucket, with its value over the whole period (e.g. the refund rate). */
export function RateChart({
  config,
  name,
  period,
  interval,
}: {
  config: AnyResource;
  name: string;
  period: Period;
  interval: Interval;
}) {
  const translate = useTranslate();
  const locale = useActiveLocale();
  const { data, isPending } = useStats<RateAnswer>(config, `rate/${name}`, { ...period, interval });
  const metrics = data?.metrics ?? [];
  // A rate counts its own rows, not those of `stats.where`.
  const label = (metric: string) => metricLabel(config, metric, translate, false);
  const testId = `rate-${config.name}-${name}`;
  const csv = () =>
    downloadSeries(
      `${config.name}-${name}-${interval}`,
      [
        translate('app.statistics.period'),
        ...metrics.flatMap((metric) =>
          ['part', 'whole', 'share'].map((column) => translate(`app.statistics.${column}`, { name: label(metric) })),
        ),
      ],
      (data?.rows ?? []).map((row) => [
        row.bucket,
        ...metrics.flatMap((metric) => [
          csvMetric(config, metric, row.part[metric]),
          csvMetric(config, metric, row.whole[metric]),
          row.rate[metric] == null ? '' : Number(row.rate[metric]!.toFixed(6)),
        ]),
      ]),
    );
  // Each metric's overall share, and of what: "14.9% — 165 of 1,105".
  const overall = (
    <Stack direction="row" spacing={3} useFlexGap flexWrap="wrap">
      {metrics.map((metric) => (
        <Typography key={metric} variant="body2" component="span" data-testid={`${testId}-${metric}`}>
          {label(metric)}: <strong>{formatShare(data?.rate[metric], locale)}</strong>{' '}
          {translate('app.statistics.partOfWhole', {
            part: formatMetric(config, metric, data?.part[metric] ?? 0, locale),
            whole: formatMetric(config, metric, data?.whole[metric] ?? 0, locale),
          })}
        </Typography>
      ))}
    </Stack>
  );
  return (
    <ChartCard
      title={metricLabel(config, name, translate)}
      subheader={data ? overall : undefined}
      onCsv={csv}
      testId={testId}
      pending={isPending}
      empty={!data?.whole.count}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data?.rows ?? []} margin={{ left: 8, right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="bucket" minTickGap={24} />
          <YAxis tickFormatter={(v: number) => formatShare(v, locale)} />
          <Tooltip formatter={(value, metric) => [formatShare(value as number | null, locale), String(metric)]} />
          <Legend />
          {metrics.map((metric, index) => (
            <Line
              key={metric}
              name={label(metric)}
              dataKey={(row: RateAnswer['rows'][number]) => row.rate[metric]}
              stroke={PALETTE[index % PALETTE.length]}
              connectNulls
              dot={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
