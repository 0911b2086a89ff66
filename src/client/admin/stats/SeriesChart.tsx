import { useTranslate } from 'react-admin';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnyResource } from '../../../core/resource';
import { useActiveLocale } from '../../generated/fields/FieldValue';
import { formatNumber } from '../../../core/format';
import { useStats, type Interval, type Period } from './api';
import { ChartCard } from './ChartCard';
import { PALETTE } from './palette';
import { downloadSeries } from './csv';
import { csvMetric, formatMetric, metricLabel } from './format';

/** Count and sums per day/week/month: sums on the left axis, the count on the right. */
export function SeriesChart({ config, period, interval }: { config: AnyResource; period: Period; interval: Interval }) {
  const translate = useTranslate();
  const locale = useActiveLocale();
  const { data, isPending } = useStats(config, 'series', { ...period, interval });
  const rows = data?.rows ?? [];
  const sums = Object.keys(rows[0] ?? {}).filter((key) => key !== 'bucket' && key !== 'count');
  const label = (name: string) => metricLabel(config, name, translate);
  const title = translate('app.statistics.overTime', { name: label('count'), _: `${config.name} over time` });
  const csv = () =>
    downloadSeries(
      `${config.name}-series-${interval}`,
      [translate('app.statistics.period'), ...['count', ...sums].map(label)],
      rows.map((row) => [row.bucket, row.count, ...sums.map((n) => csvMetric(config, n, row[n]))]),
    );
  return (
    <ChartCard
      title={title}
      onCsv={csv}
      testId={`series-${config.name}`}
      pending={isPending}
      empty={!rows.some((row) => row.count)}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows} margin={{ left: 8, right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="bucket" minTickGap={24} />
          {sums.length ? (
            <YAxis yAxisId="sum" tickFormatter={(v: number) => formatNumber(v, locale, { notation: 'compact' })} />
          ) : null}
          <YAxis yAxisId="count" orientation={sums.length ? 'right' : 'left'} allowDecimals={false} />
          <Tooltip
            formatter={(value, name) => [
              formatMetric(config, String(name), Number(value), locale),
              label(String(name)),
            ]}
          />
          <Legend formatter={(name) => label(String(name))} />
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
    </ChartCard>
  );
}
