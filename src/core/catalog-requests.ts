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

/**
 * Whether a list's filter searches for a word: a `q` with a letter or a digit (punctuation alone is no word, and
 * filters nothing). Such a search asked without a sort puts the records whose title holds every word first (SPEC §17).
 */
export function searchesWords(filter: unknown): boolean {
  const q = filter && typeof filter === 'object' ? (filter as Record<string, unknown>).q : undefined;
  return (typeof q === 'string' || typeof q === 'number') && /[\p{L}\p{N}]/u.test(String(q));
}

export const CATALOG_PAGE_SIZE = 12;

/** The `sizes` of a catalog card's photo: the whole phone screen, else a card of at most 400 px. */
export const CARD_IMAGE_SIZES = '(max-width: 599px) 100vw, 400px';

/**
 * A page of the catalog. A search's page asks no sort: the API then puts the items whose title holds every word
 * first, each group in the list's own order (SPEC §17); a sort asked would order them all by it instead.
 */
export function catalogPageQuery(
  catalog: PublicSite['catalog'],
  filter: Record<string, unknown>,
  page: number,
): ListQuery {
  return {
    filter,
    ...(searchesWords(filter) ? {} : { sort: catalog.sort }),
    range: [page * CATALOG_PAGE_SIZE, page * CATALOG_PAGE_SIZE + CATALOG_PAGE_SIZE - 1],
  };
}

/** Every option of a search filter (tour types, provinces…). */
export function filterOptionsQuery(filter: CatalogFilter): ListQuery {
  return { sort: [filter.sort ?? 'id', 'ASC'], range: [0, 499] };
}

/** The names of these partners (the cards' and the item page's "by …" line). */
export function partnerNamesQuery(ids: readonly number[]): ListQuery {
  return { filter: { id: ids }, range: [0, ids.length - 1] };
}

/** The occurrences (departures) of these items from `from` on (up to `to`), soonest first. */
export function occurrencesQuery(
  occurrences: NonNullable<PublicSite['catalog']['occurrences']>,
  ids: readonly number[],
  from: string,
  to?: string,
): ListQuery {
  const filter: Record<string, unknown> = { [occurrences.field]: ids, [`${occurrences.start}_gte`]: from };
  if (to) filter[`${occurrences.start}_lte`] = to;
  return { filter, sort: [occurrences.start, 'ASC'], range: [0, 499] };
}

/** Today's date (UTC) as the pages ask for departures from it. */
export const todayIso = () => new Date().toISOString().slice(0, 10);

/** The item page's first photo spans the page's column (at most 900 px) and is drawn from the rendition nearest 1280 px. */
export const ITEM_PHOTO = { preferredWidth: 1280, sizes: '(max-width: 899px) 100vw, 900px' } as const;

/** What the item page `/{locale}/item/{id}` fetches first: the item itself. */
export const itemPath = (site: PublicSite, id: number | string) =>
  `${site.catalog.resource}/${encodeURIComponent(String(id))}`;

/** What the item page fetches once it has the item's row: its partner's name and its departures from today on. */
export function itemFollowUpPaths(site: PublicSite, row: Record<string, unknown>, today: string): string[] {
  const { partner, occurrences } = site.catalog;
  const paths: string[] = [];
  const partnerId = partner ? Number(row[partner.field]) : NaN;
  if (partner && Number.isFinite(partnerId)) paths.push(listPath(partner.resource, partnerNamesQuery([partnerId])));
  if (occurrences && row.id !== undefined)
    paths.push(listPath(occurrences.resource, occurrencesQuery(occurrences, [row.id as number], today)));
  return paths;
}

/** What the home page fetches before it can draw its first screen when opened with no search. */
export function firstScreenPaths(site: PublicSite): { catalogPage: string; filterOptions: string[] } {
  const { catalog } = site;
  return {
    catalogPage: listPath(catalog.resource, catalogPageQuery(catalog, {}, 0)),
    filterOptions: catalog.filters.map((filter) => listPath(filter.resource, filterOptionsQuery(filter))),
  };
}
