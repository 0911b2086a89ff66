import type { CatalogFilter, PublicSite } from './public-site';

/** A list request of the simple-REST protocol (SPEC §6). */
export interface ListQuery {
  filter?: Record<string, unknown>;
  sort?: readonly [string, 'ASC' | 'DESC'];
  range?: readonly [number, number];
}

/**
 * The path under `/api/` of a list request. The pages ask with it and the server primes their first screen with
 * it, so a primed answer is found by the very string the page would have fetched. The parameters go in
 * alphabetical order, as react-admin's simple-REST provider writes them, so the areas' lists match too.
 */
export function listPath(resource: string, query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.filter) params.set('filter', JSON.stringify(query.filter));
  if (query.range) params.set('range', JSON.stringify(query.range));
  if (query.sort) params.set('sort', JSON.stringify(query.sort));
  return `${resource}?${params}`;
}

export const CATALOG_PAGE_SIZE = 12;

/** The `sizes` of a catalog card's photo: the whole phone screen, else a card of at most 400 px. */
export const CARD_IMAGE_SIZES = '(max-width: 599px) 100vw, 400px';

export function catalogPageQuery(
  catalog: PublicSite['catalog'],
  filter: Record<string, unknown>,
  page: number,
): ListQuery {
  return {
    filter,
    sort: catalog.sort,
    range: [page * CATALOG_PAGE_SIZE, page * CATALOG_PAGE_SIZE + CATALOG_PAGE_SIZE - 1],
  };
}

/** Every option of a search filter (tour types, provinces…). */
export function filterOptionsQuery(filter: CatalogFilter): ListQuery {
  return { sort: [filter.sort ?? 'id', 'ASC'], range: [0, 499] };
}

/** What the home page fetches before it can draw its first screen when opened with no search. */
export function firstScreenPaths(site: PublicSite): { catalogPage: string; filterOptions: string[] } {
  const { catalog } = site;
  return {
    catalogPage: listPath(catalog.resource, catalogPageQuery(catalog, {}, 0)),
    filterOptions: catalog.filters.map((filter) => listPath(filter.resource, filterOptionsQuery(filter))),
  };
}
