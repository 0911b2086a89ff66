import { useTheme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnyResource } from '../../../core/resource';
import { useActiveLocale } from '../../generated/fields/FieldValue';
import { formatNumber } from '../../../core/format';
import type { Period } from './api';
import { useBreakdown } from './breakdown';
import { ChartCard } from './ChartCard';
import { formatMetric, metricLabel } from './format';

/** The groups of a breakdown (`by/{field}`) by their first sum, or the status funnel by count, as bars. */
export function BreakdownChart({
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
  const { rows, sums, title, csv, isPending, empty } = useBreakdown(config, period, path, funnel ? 'funnel' : 'by');
  const metric = funnel ? 'count' : (sums[0] ?? 'count');
  return (
    <ChartCard
      title={title}
      onCsv={csv}
      testId={`by-${config.name}-${funnel ? 'funnel' : path}`}
      pending={isPending}
      empty={empty}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} layout="vertical" margin={{ left: 8, right: 16 }}>
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
    </ChartCard>
  );
}
