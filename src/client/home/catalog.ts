import site from '../../../resources/public-site';
import { pickLocalized, type Locale, type LocalizedText } from '../../core/locales';
import type { CatalogFilter } from '../../core/public-site';
import { formatDate } from '../../core/format';
import {
  CATALOG_PAGE_SIZE,
  catalogPageQuery,
  filterOptionsQuery,
  itemPath,
  occurrencesQuery,
  partnerNamesQuery,
  todayIso,
} from '../../core/catalog-requests';
import { getList, getOne, takePrimedList, takePrimedOne, type Row } from './api';

export const catalog = site.catalog;
export const signUp = site.signUp;
export const booking = site.booking;
export const accountSignUp = site.accountSignUp;

export interface Search {
  q: string;
  /** Filter field → chosen id ('' for any). */
  refs: Record<string, string>;
  date: string;
}

export function readSearch(params: URLSearchParams): Search {
  return {
    q: params.get('q') ?? '',
    refs: Object.fromEntries(catalog.filters.map((f) => [f.labelKey, params.get(f.labelKey) ?? ''])),
    date: params.get('date') ?? '',
  };
}

export function writeSearch(search: Search): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q.trim()) params.set('q', search.q.trim());
  for (const [key, value] of Object.entries(search.refs)) if (value) params.set(key, value);
  if (search.date) params.set('date', search.date);
  return params;
}

export interface Occurrence {
  id: number;
  start: string;
  time?: string;
  place?: LocalizedText;
  seatsLeft?: number;
  price?: number;
  /** Its own price by ticket code, where it has one. */
  prices?: Record<string, number>;
}

/** A price category of an item (adults, children…), its name in the page's language. */
export interface Ticket {
  code: string;
  name: string;
  price: number;
  minAge?: number;
  maxAge?: number;
}

export interface Rating {
  average: number | null;
  count: number;
}

export interface CatalogItem {
  row: Row;
  title: string;
  description: string;
  images: string[];
  price: number;
  currency: string;
  duration?: number;
  /** Its published reviews' average (one decimal) and count, when the catalog has them. */
  rating?: Rating;
  place: string;
  partner?: string;
  refs: Record<string, string>;
  occurrences: Occurrence[];
  /** Its price categories, the first the default (none: one at `price`). */
  tickets: Ticket[];
  /** The partner's name and the departures are still on their way (the card keeps their lines meanwhile). */
  pending?: boolean;
}

/** How far after the chosen date a departure still counts as a match. */
const DATE_WINDOW_DAYS = 14;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export type Names = Record<string, Map<number, string>>;

const namesOf = (f: CatalogFilter, rows: Row[], locale: Locale) =>
  new Map(rows.map((row) => [row.id, pickLocalized(row[f.display] as LocalizedText, locale)] as const));

/** The options of each filter (tour types, provinces…), localized. */
export async function loadFilterOptions(locale: Locale): Promise<Names> {
  const entries = await Promise.all(
    catalog.filters.map(async (f) => {
      const { data } = await getList(f.resource, filterOptionsQuery(f), locale).catch(() => ({ data: [] as Row[] }));
      return [f.labelKey, namesOf(f, data, locale)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** The filters' options the server put inside the page, if it put them all (else they load as usual). */
export function primedFilterOptions(locale: Locale): Names | undefined {
  const entries = catalog.filters.map((f) => {
    const primed = takePrimedList(f.resource, filterOptionsQuery(f), locale);
    return primed && ([f.labelKey, namesOf(f, primed.data, locale)] as const);
  });
  return entries.every(Boolean) ? Object.fromEntries(entries as [string, Map<number, string>][]) : undefined;
}

/** Occurrence rows (departures) by the item they belong to. */
function occurrencesByItem(rows: Row[]) {
  const occ = catalog.occurrences;
  const byItem = new Map<number, Occurrence[]>();
  if (!occ) return byItem;
  for (const row of rows) {
    const item = Number(row[occ.field]);
    const capacity = occ.capacity ? Number(row[occ.capacity]) : NaN;
    const taken = occ.taken ? Number(row[occ.taken] ?? 0) : 0;
    const list = byItem.get(item) ?? [];
    list.push({
      id: row.id,
      start: String(row[occ.start]),
      time: occ.time && row[occ.time] ? String(row[occ.time]) : undefined,
      place: occ.place ? (row[occ.place] as LocalizedText | undefined) : undefined,
      seatsLeft: Number.isFinite(capacity) ? Math.max(0, capacity - taken) : undefined,
      price: occ.priceOverride && row[occ.priceOverride] != null ? Number(row[occ.priceOverride]) : undefined,
      prices:
        occ.priceOverrides && row[occ.priceOverrides] && typeof row[occ.priceOverrides] === 'object'
          ? (row[occ.priceOverrides] as Record<string, number>)
          : undefined,
    });
    byItem.set(item, list);
  }
  return byItem;
}

async function occurrencesOf(ids: number[], from: string, to: string | undefined, locale: Locale) {
  const occ = catalog.occurrences;
  if (!occ || ids.length === 0) return new Map<number, Occurrence[]>();
  const { data } = await getList(occ.resource, occurrencesQuery(occ, ids, from, to), locale).catch(() => ({
    data: [] as Row[],
  }));
  return occurrencesByItem(data);
}

const partnerIdsOf = (rows: Row[]) => {
  const partner = catalog.partner;
  return partner ? [...new Set(rows.map((row) => Number(row[partner.field])).filter(Number.isFinite))] : [];
};

/** Partner rows as their names by id. */
const partnerNamesOf = (rows: Row[]) =>
  new Map(
    rows.map((row) => {
      const name = catalog.partner?.display
        .map((field) => row[field])
        .find((value) => typeof value === 'string' && value);
      return [row.id, String(name ?? '')] as const;
    }),
  );

async function partnerNames(rows: Row[], locale: Locale) {
  const partner = catalog.partner;
  const ids = partnerIdsOf(rows);
  if (!partner || ids.length === 0) return new Map<number, string>();
  const { data } = await getList(partner.resource, partnerNamesQuery(ids), locale).catch(() => ({ data: [] as Row[] }));
  return partnerNamesOf(data);
}

function ratingOf(value: unknown): Rating | undefined {
  const rating = value as Partial<Rating> | null | undefined;
  const count = Number(rating?.count ?? 0);
  return count > 0 && typeof rating?.average === 'number' ? { average: rating.average, count } : undefined;
}

function ticketsOf(row: Row, locale: Locale): Ticket[] {
  const spec = catalog.tickets;
  const rows = spec && Array.isArray(row[spec.field]) ? (row[spec.field] as Row[]) : [];
  const age = (key: string | undefined, ticket: Row) =>
    key && typeof ticket[key] === 'number' ? Number(ticket[key]) : undefined;
  return rows.map((ticket) => ({
    code: String(ticket[spec!.code]),
    name: pickLocalized(ticket[spec!.name] as LocalizedText, locale),
    price: Number(ticket[spec!.price] ?? 0),
    minAge: age(spec!.minAge, ticket),
    maxAge: age(spec!.maxAge, ticket),
  }));
}

/** What one seat of a category costs on an occurrence: its own price there, else the category's. */
export function ticketPrice(ticket: Ticket, index: number, occurrence: Occurrence | undefined): number {
  const own = occurrence?.prices?.[ticket.code];
  if (typeof own === 'number') return own;
  if (index === 0 && occurrence?.price !== undefined) return occurrence.price;
  return ticket.price;
}

function toItem(
  row: Row,
  locale: Locale,
  partners: Map<number, string>,
  occurrences: Map<number, Occurrence[]>,
  pending = false,
) {
  const images = catalog.images ? row[catalog.images] : undefined;
  return {
    row,
    title: pickLocalized(row[catalog.title] as LocalizedText, locale),
    description: catalog.description ? pickLocalized(row[catalog.description] as LocalizedText, locale) : '',
    images: Array.isArray(images) ? images.filter((url): url is string => typeof url === 'string') : [],
    price: Number(row[catalog.price]),
    currency: String(row[catalog.currency] ?? 'LAK'),
    duration: catalog.duration ? Number(row[catalog.duration]) : undefined,
    rating: catalog.rating ? ratingOf(row[catalog.rating]) : undefined,
    place: catalog.place ? pickLocalized(row[catalog.place] as LocalizedText, locale) : '',
    partner: catalog.partner ? partners.get(Number(row[catalog.partner.field])) : undefined,
    refs: Object.fromEntries(catalog.filters.map((f) => [f.labelKey, String(row[f.field] ?? '')])),
    occurrences: occurrences.get(row.id) ?? [],
    tickets: ticketsOf(row, locale),
    pending,
  } satisfies CatalogItem;
}

export const PAGE_SIZE = CATALOG_PAGE_SIZE;

function filterOf(search: Search): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  if (search.q.trim()) filter.q = search.q.trim();
  for (const f of catalog.filters) {
    const value = search.refs[f.labelKey];
    if (value) filter[f.field] = Number(value);
  }
  return filter;
}

export interface CatalogPage {
  items: CatalogItem[];
  total: number;
}

/** A page of rows as cards whose partner names and departures are still on their way. */
const pendingPage = (rows: Row[], total: number, locale: Locale): CatalogPage => ({
  items: rows.map((row) => toItem(row, locale, new Map(), new Map(), true)),
  total,
});

/**
 * The page of this search the server put inside the page (the home opened with no search), at once: the first
 * render draws its cards. `searchCatalog` then completes it from `rows` without asking for them again.
 */
export function primedCatalogPage(
  search: Search,
  page: number,
  locale: Locale,
): (CatalogPage & { rows: Row[] }) | undefined {
  if (search.date) return undefined;
  const primed = takePrimedList(catalog.resource, catalogPageQuery(catalog, filterOf(search), page), locale);
  return primed && { ...pendingPage(primed.data, primed.total, locale), rows: primed.data };
}

/**
 * Public items matching the search, with partner names and upcoming occurrences. `onItems` gets the items as soon
 * as they are known, before the names and departures: their photos can start loading a round trip earlier.
 * `known`: the page's rows, already drawn (primedCatalogPage).
 */
export async function searchCatalog(
  search: Search,
  page: number,
  locale: Locale,
  onItems?: (result: CatalogPage) => void,
  known?: { rows: Row[]; total: number },
): Promise<CatalogPage> {
  if (known) return completePage(known.rows, known.total, search, locale);
  const filter = filterOf(search);
  if (search.date && catalog.occurrences) {
    // Items departing in the window after the chosen date.
    const occ = catalog.occurrences;
    const { data } = await getList(
      occ.resource,
      {
        filter: { [`${occ.start}_gte`]: search.date, [`${occ.start}_lte`]: addDays(search.date, DATE_WINDOW_DAYS) },
        sort: [occ.start, 'ASC'],
        range: [0, 999],
      },
      locale,
    );
    const ids = [...new Set(data.map((row) => Number(row[occ.field])))];
    if (ids.length === 0) return { items: [] as CatalogItem[], total: 0 };
    filter.id = ids;
  }
  const { data, total } = await getList(catalog.resource, catalogPageQuery(catalog, filter, page), locale);
  onItems?.(pendingPage(data, total, locale));
  return completePage(data, total, search, locale);
}

async function completePage(rows: Row[], total: number, search: Search, locale: Locale): Promise<CatalogPage> {
  const ids = rows.map((row) => row.id);
  const [partners, occurrences] = await Promise.all([
    partnerNames(rows, locale),
    occurrencesOf(ids, search.date || todayIso(), undefined, locale),
  ]);
  return { items: rows.map((row) => toItem(row, locale, partners, occurrences)), total };
}

export async function loadItem(id: number, locale: Locale): Promise<CatalogItem> {
  const row = await getOne(catalog.resource, id, locale);
  const [partners, occurrences] = await Promise.all([
    partnerNames([row], locale),
    occurrencesOf([row.id], todayIso(), undefined, locale),
  ]);
  return toItem(row, locale, partners, occurrences);
}

/**
 * The item as the server put it inside the page (server/primed-answers.ts), at once: the first render draws the
 * page, its photo already on its way from the head's preload. Undefined unless all its reads were primed.
 */
export function primedItem(id: number, locale: Locale): CatalogItem | undefined {
  const row = takePrimedOne(itemPath(site, id), locale);
  if (!row) return undefined;
  const ids = partnerIdsOf([row]);
  const partners =
    catalog.partner && ids.length
      ? takePrimedList(catalog.partner.resource, partnerNamesQuery(ids), locale)
      : undefined;
  const occ = catalog.occurrences;
  const occurrences = occ
    ? takePrimedList(occ.resource, occurrencesQuery(occ, [row.id], todayIso()), locale)
    : undefined;
  if ((catalog.partner && ids.length && !partners) || (occ && !occurrences)) return undefined;
  return toItem(row, locale, partnerNamesOf(partners?.data ?? []), occurrencesByItem(occurrences?.data ?? []));
}

/** An occurrence's day and, when it has one, its start time (`HH:MM`, the platform's time zone). */
export const occurrenceWhen = (o: Occurrence, locale: Locale, style: 'day' | 'dayFull' = 'dayFull') =>
  o.time ? `${formatDate(o.start, locale, style)} · ${o.time}` : formatDate(o.start, locale, style);

/** Where an occurrence's travellers meet: its own place, else its item's. */
export const occurrencePlace = (o: Occurrence, item: CatalogItem, locale: Locale) =>
  (o.place && pickLocalized(o.place, locale)) || item.place;
