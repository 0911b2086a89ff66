import type { RefField } from '../../../core/fields';
import type { AnyResource } from '../../../core/resource';
import { useTranslate } from 'react-admin';
import { useRegistry } from '../../generated/context';
import { humanize, labels } from '../../../core/labels';
import { groupTarget, useKeyLabels, useStats, type Period, type StatsRow } from './api';
import { downloadSeries } from './csv';
import { csvMetric, metricLabel } from './format';

/**
 * One breakdown of a resource's aggregates (`by/{path}`, or the status funnel), its keys named for people
 * (record titles of references, enum labels), the title of the chart or table, and its CSV download.
 */
export function useBreakdown(config: AnyResource, period: Period, path: string, kind: 'by' | 'funnel' | 'top') {
  const translate = useTranslate();
  const registry = useRegistry();
  const funnel = kind === 'funnel';
  const { data, isPending } = useStats(config, funnel ? 'funnel' : `by/${path}`, { ...period, limit: 10 });
  const raw: StatsRow[] = data?.rows ?? [];
  const label = useKeyLabels(
    config,
    path,
    raw.map((row) => row.key),
    translate,
  );
  const rows: (StatsRow & { label: string })[] = raw.map((row) => ({ ...row, label: label(row.key) }));
  const sums = Object.keys(raw[0] ?? {}).filter((key) => key !== 'key' && key !== 'count');
  const { field, owner, name } = groupTarget(registry, config, path);
  const groupName = translate(labels.field(owner, name), { _: humanize(name) });
  // A ranking of references is named by what it ranks ("Top partners"), so by the referenced resource.
  const ranked = field?.kind === 'ref' ? registry.config((field as RefField).reference) : undefined;
  const title =
    kind === 'funnel'
      ? translate('app.statistics.funnel', { _: 'Status funnel' })
      : kind === 'top'
        ? translate('app.statistics.top', {
            name: ranked ? translate(labels.name(ranked), { smart_count: 2, _: ranked.name }) : groupName,
            _: `Top ${name}`,
          })
        : translate('app.statistics.by', { name: groupName, _: `By ${name}` });
  const metrics = ['count', ...sums];
  const csv = () =>
    downloadSeries(
      `${config.name}-${kind === 'by' ? path : `${kind}-${path}`}`,
      // The funnel counts every row, not only those of `stats.where`.
      [groupName, ...metrics.map((n) => metricLabel(config, n, translate, !funnel))],
      rows.map((row) => [row.label, ...metrics.map((n) => csvMetric(config, n, row[n]))]),
    );
  return { rows, sums, metrics, title, groupName, csv, isPending, empty: !raw.some((row) => row.count) };
}
