import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { ChartWidget as ChartWidgetConfig } from '../../../core/portal';
import { useAccountEndpoint } from '../account';
import { WidgetCard } from './WidgetCard';

// The chart library is loaded only when a chart is on screen.
const SeriesChart = lazy(() => import('./SeriesChart'));

/** A time series of an account endpoint (e.g. earnings per month) as a bar chart. */
export function ChartWidget({ widget }: { widget: ChartWidgetConfig }) {
  const { data } = useAccountEndpoint(widget.endpoint);
  const rows = Array.isArray(data?.[widget.series]) ? (data[widget.series] as Record<string, unknown>[]) : undefined;
  const currency = typeof data?.currency === 'string' ? data.currency : undefined;
  const placeholder = <Skeleton variant="rectangular" height={280} />;
  return (
    <WidgetCard name={widget.name}>
      {rows ? (
        <Suspense fallback={placeholder}>
          <SeriesChart rows={rows} x={widget.x} y={widget.y} currency={currency} />
        </Suspense>
      ) : (
        placeholder
      )}
    </WidgetCard>
  );
}
