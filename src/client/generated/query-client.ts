import {
  hashKey,
  matchQuery,
  QueryCache,
  QueryClient,
  type Query,
  type QueryCacheNotifyEvent,
  type QueryFilters,
} from '@tanstack/react-query';
import { shareQueryTimers } from './query-timers';

/**
 * react-query's cache answers two questions with a scan that first copies every cached query into a new array:
 * "which query has this exact key" (react-admin asks once per reference cell when a batch of references arrives)
 * and "how many queries are fetching" (the app bar's loading indicator asks on every change of any query). A list
 * caches every row it shows, so a page of 100 rows made thousands of copies of a cache of thousands: most of a
 * navigation's long task and of its garbage. Here an exact key is looked up by its hash, as the cache itself stores
 * queries, and the fetching queries are kept as a set from the cache's own change events; any other question takes
 * the original path.
 */
export class IndexedQueryCache extends QueryCache {
  private readonly fetching = new Set<Query<any, any, any, any>>();

  override notify(event: QueryCacheNotifyEvent): void {
    if (event.type === 'removed' || event.query.state.fetchStatus !== 'fetching') this.fetching.delete(event.query);
    else this.fetching.add(event.query);
    super.notify(event);
  }

  override find<TQueryFnData = unknown, TError = Error, TData = TQueryFnData>(
    filters: QueryFilters & { queryKey: QueryFilters['queryKey'] & object },
  ): Query<TQueryFnData, TError, TData> | undefined {
    if (filters.exact !== false) {
      const query = this.get(hashKey(filters.queryKey));
      if (query && matchQuery({ exact: true, ...filters }, query)) return query as never;
    }
    return super.find(filters);
  }

  /** `{ fetchStatus: 'fetching' }` alone (what `isFetching()` asks) is answered from the set, in fetch order. */
  override findAll(filters: QueryFilters = {}): Array<Query> {
    const keys = Object.keys(filters);
    if (keys.length === 1 && filters.fetchStatus === 'fetching') return [...this.fetching] as Array<Query>;
    return super.findAll(filters);
  }
}

/** The query client of a generated app (react-admin's defaults, with the indexed cache and shared timers). */
export function createQueryClient(): QueryClient {
  shareQueryTimers();
  return new QueryClient({ queryCache: new IndexedQueryCache() });
}

/** `meta` of the app's own chrome (the notification count): a screen waiting for its content does not wait for it. */
export const AMBIENT = { ambient: true } as const;

/** A screen's own content: every query but the chrome's. */
export const SCREEN_QUERIES: QueryFilters = { predicate: (query) => query.meta?.ambient !== true };
