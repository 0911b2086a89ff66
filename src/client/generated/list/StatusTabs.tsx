import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import { statusField, type AnyResource } from '../../../core/resource';
import { useEntry } from '../context';
import type { LanternDataProvider } from '../data-provider';
import { useActiveLocale } from '../fields/FieldValue';
import { StatusChip } from '../fields/StatusChip';
import { formatNumber } from '../../i18n/format';
import { queryString, useListQuery } from './list-query';

interface CountsBody {
  limit?: number;
  counts: { value: string | boolean; total: number; kind?: 'exact' | 'capped' | 'estimate' }[];
}

/** Counts of every state under the other filters, in one request (`/-/counts`: bounded even on big tables). */
function useStateCounts(config: AnyResource, field: string) {
  const dataProvider = useDataProvider<LanternDataProvider>();
  const { filter } = useListQuery();
  const { [field]: _own, ...others } = filter;
  const path = `/${config.name}/-/counts?${queryString({ field, filter: others })}`;
  return useQuery({
    queryKey: [config.name, 'counts', path],
    queryFn: () => dataProvider.getJson<CountsBody>(path),
    staleTime: 5_000,
  }).data;
}

/** One tab per workflow state with its count under the other filters (`list.statusTabs`). */
export function StatusTabs({ config }: { config: AnyResource }) {
  const translate = useTranslate();
  const locale = useActiveLocale();
  const { queue } = useEntry();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const field = statusField(config)!;
  const body = useStateCounts(config, field);
  const current = typeof filterValues?.[field] === 'string' ? (filterValues[field] as string) : '';
  const states = config.workflow?.states ?? [];
  const count = (state: string) => {
    const row = body?.counts.find((c) => c.value === state);
    if (!row) return '';
    const shown = formatNumber(row.total, locale);
    return row.kind === 'capped' ? ` (${shown}+)` : row.kind === 'estimate' ? ` (~${shown})` : ` (${shown})`;
  };
  const all = body?.counts.reduce((sum, c) => sum + c.total, 0);
  const approximate = body?.counts.some((c) => c.kind && c.kind !== 'exact');
  return (
    <Tabs
      value={current}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      onChange={(_, value: string) => {
        const { [field]: _old, ...rest } = filterValues ?? {};
        setFilters(value ? { ...rest, [field]: value } : rest, displayedFilters);
      }}
      sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
      data-testid="status-tabs"
      aria-label={queue ? undefined : translate('app.list.byStatus', { _: 'By status' })}
    >
      <Tab
        value=""
        label={`${translate('app.list.all', { _: 'All' })}${
          all === undefined ? '' : ` (${approximate ? '~' : ''}${formatNumber(all, locale)})`
        }`}
      />
      {states.map((state) => (
        <Tab
          key={state}
          value={state}
          data-state={state}
          label={
            <span>
              <StatusChip config={config} field={field} value={state} />
              <span data-testid={`count-${state}`}>{count(state)}</span>
            </span>
          }
        />
      ))}
    </Tabs>
  );
}
