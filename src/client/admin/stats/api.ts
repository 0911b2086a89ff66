import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetMany } from 'react-admin';
import type { RefField } from '../../../core/fields';
import type { AnyResource } from '../../../core/resource';
import { useRegistry } from '../../generated/context';
import type { LanternDataProvider } from '../../generated/data-provider';
import { useActiveLocale } from '../../generated/active-locale';
import { humanize, labels } from '../../../core/labels';
import { usePrincipal } from '../../generated/principal';
import { queryString } from '../../generated/list/list-query';
import { recordTitle } from '../../../core/record-title';

export type Interval = 'day' | 'week' | 'month';

export interface Period {
  from: string;
  to: string;
}

export interface StatsRow {
  bucket?: string;
  key?: unknown;
  count: number;
  [sum: string]: unknown;
}

export interface StatsAnswer {
  rows: StatsRow[];
}

export interface SummaryAnswer extends Period {
  count: number;
  previous: Period & { count: number; [sum: string]: number | string };
  [sum: string]: unknown;
}

/** Of each metric (`count`, a sum): the part, the whole and the part's share of it (null when the whole is 0). */
export interface Shares {
  part: Record<string, number>;
  whole: Record<string, number>;
  rate: Record<string, number | null>;
}

/** `/api/stats/{resource}/rate/{name}`: the shares over the whole period and per bucket. */
export interface RateAnswer extends Period, Shares {
  name: string;
  metrics: string[];
  rows: (Shares & { bucket: string })[];
}

/** One `/api/stats/{resource}/…` answer (SQL aggregates, computed by the server), cached per query. */
export function useStats<T = StatsAnswer>(
  config: AnyResource | undefined,
  path: string,
  params: Record<string, unknown>,
) {
  const dataProvider = useDataProvider<LanternDataProvider>();
  const url = config ? `/stats/${config.name}/${path}?${queryString(params)}` : '';
  return useQuery({
    queryKey: ['stats', url],
    queryFn: () => dataProvider.getJson<T>(url),
    enabled: Boolean(config),
    staleTime: 30_000,
  });
}

/**
 * The resources with SQL aggregates the signed-in account may read (`stats` of `/api/auth/me`, which the server
 * derives from each config's `stats.access`), in their `stats.order`.
 */
export function useStatsResources(): { configs: AnyResource[]; isPending: boolean } {
  const registry = useRegistry();
  const { me, isPending } = usePrincipal();
  const readable = new Set(me?.stats ?? []);
  const configs = registry.resources
    .filter((config) => config.stats && readable.has(config.name))
    .sort((a, b) => (a.stats?.order ?? 0) - (b.stats?.order ?? 0));
  return { configs, isPending };
}

const DAY = 86_400_000;
export const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The `days` days ending today. */
export function lastDays(days: number, now = Date.now()): Period {
  const to = Date.parse(isoDay(now));
  return { from: isoDay(to - (days - 1) * DAY), to: isoDay(to) };
}

/**
 * The field a breakdown groups by (`serviceId.tourTypeId` is the tour type of the row's service) and the
 * resource its keys are ids of, when they are references.
 */
export function groupTarget(
  registry: { config(name: string): AnyResource | undefined },
  config: AnyResource,
  path: string,
) {
  const [head, tail] = path.split('.');
  const first = config.fields[head];
  if (!tail) return { field: first, owner: config, name: head };
  const hop = first?.kind === 'ref' ? registry.config((first as RefField).reference) : undefined;
  return { field: hop?.fields[tail], owner: hop ?? config, name: tail };
}

/** Labels of a breakdown's keys: record titles for references, enum labels for enums, else the value. */
export function useKeyLabels(
  config: AnyResource,
  path: string,
  keys: unknown[],
  translate: (k: string, o?: object) => string,
) {
  const registry = useRegistry();
  const locale = useActiveLocale();
  const { field, owner, name } = groupTarget(registry, config, path);
  const ref = field?.kind === 'ref' ? (field as RefField) : undefined;
  const target = ref ? registry.config(ref.reference) : undefined;
  const ids = ref ? keys.filter((k) => k !== null && k !== undefined).map((k) => k as number) : [];
  const { data } = useGetMany(
    ref ? (registry.routeOf(ref.reference) ?? ref.reference) : '',
    { ids },
    { enabled: Boolean(ref && ids.length) },
  );
  return (key: unknown): string => {
    if (key === null || key === undefined) return '—';
    if (ref) {
      const row = data?.find((r) => r.id === key);
      return row ? recordTitle(target, row, locale, ref.display) : `#${String(key)}`;
    }
    if (field?.kind === 'enum' || field?.kind === 'status')
      return translate(labels.enumValue(owner, name, String(key)), { _: humanize(String(key)) });
    return String(key);
  };
}
