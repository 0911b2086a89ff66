import { hashKey, matchQuery, QueryCache, QueryClient, type Query, type QueryFilters } from '@tanstack/react-query';

/**
 * react-query's cache looks a query up by exact key with a scan that first copies every cached query into a new
 * array. react-admin does that once per reference cell when a batch of references arrives (`useGetManyAggregate`),
 * and a list caches every row it shows: a page of 100 rows made thousands of copies of a cache of thousands, most
 * of a navigation's long task and of its garbage. An exact key is looked up by its hash instead, as the cache
 * itself stores queries; anything else takes the original path.
 */
export class IndexedQueryCache extends QueryCache {
  override find<TQueryFnData = unknown, TError = Error, TData = TQueryFnData>(
    filters: QueryFilters & { queryKey: QueryFilters['queryKey'] & object },
  ): Query<TQueryFnData, TError, TData> | undefined {
    if (filters.exact !== false) {
      const query = this.get(hashKey(filters.queryKey));
      if (query && matchQuery({ exact: true, ...filters }, query)) return query as never;
    }
    return super.find(filters);
  }
}

/** The query client of a generated app (react-admin's defaults, with the indexed cache). */
export function createQueryClient(): QueryClient {
  return new QueryClient({ queryCache: new IndexedQueryCache() });
}
