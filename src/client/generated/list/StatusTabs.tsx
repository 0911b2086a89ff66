import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { useDataProvider, useListContext, useTranslate, type ListControllerResult } from 'react-admin';
import { statusField, type AnyResource } from '../../../core/resource';
import { useEntry } from '../context';
import type { LanternDataProvider } from '../data-provider';
import { useActiveLocale } from '../fields/FieldValue';
import { StatusChip } from '../fields/StatusChip';
import { formatNumber } from '../../../core/format';
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

/** The room of a tab's count, kept before it arrives: the tabs do not widen and slide when the counts come. */
const COUNT_ROOM = { display: 'inline-block', minWidth: '6ch', textAlign: 'start', whiteSpace: 'pre' } as const;

/** One tab per workflow state with its count under the other filters (`list.statusTabs`). */
export function StatusTabs({ config }: { config: AnyResource }) {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const field = statusField(config)!;
  const body = useStateCounts(config, field);
  return (
    <StateTabs
      config={config}
      field={field}
      body={body}
      filterValues={filterValues}
      setFilters={setFilters}
      displayedFilters={displayedFilters}
    />
  );
}

interface StateTabsProps extends Pick<ListControllerResult, 'filterValues' | 'setFilters' | 'displayedFilters'> {
  config: AnyResource;
  field: string;
  body: CountsBody | undefined;
}

/**
 * The tabs themselves, drawn again only when the filter or the counts change. MUI's Tabs measure the page after
 * every render of theirs (the indicator's place): drawn along with each change of the list (its rows coming in),
 * they forced a layout of the freshly mounted table in the middle of its mount.
 */
const StateTabs = memo(function StateTabs({
  config,
  field,
  body,
  filterValues,
  setFilters,
  displayedFilters,
}: StateTabsProps) {
  const translate = useTranslate();
  const locale = useActiveLocale();
  const { queue } = useEntry();
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
        label={
          <span>
            {translate('app.list.all', { _: 'All' })}
            <span style={COUNT_ROOM}>
              {all === undefined ? '' : ` (${approximate ? '~' : ''}${formatNumber(all, locale)})`}
            </span>
          </span>
        }
      />
      {states.map((state) => (
        <Tab
          key={state}
          value={state}
          data-state={state}
          label={
            <span>
              <StatusChip config={config} field={field} value={state} />
              <span data-testid={`count-${state}`} style={COUNT_ROOM}>
                {count(state)}
              </span>
            </span>
          }
        />
      ))}
    </Tabs>
  );
});
