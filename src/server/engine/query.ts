import { sql, type RawBuilder } from 'kysely';
import { UPCOMING } from '../../core/list-order';
import type { Field } from '../../core/fields';
import { listLimits } from '../../core/list-limits';
import { formatEnglish } from '../../core/messages';
import type { AnyResource } from '../../core/resource';
import { isBelow, ruleMessage } from '../../core/rules';
import {
  allowsTypo,
  isPairWord,
  SEARCH_COLUMN,
  SEARCH_PAIRS_COLUMN,
  SEARCH_TITLE_END,
  searchFields,
  searchRoot,
  searchWords,
  typoPatterns,
} from '../../core/search';
import { customPlan } from '../db/custom-plan';
import { searchValueSql, titlePath } from '../db/search-schema';
import { quoteIdent } from '../db/sql-names';
import type { TypoWords } from './search-typos';
import { isJsonKind } from '../db/schema';
import { badRequest } from '../edge/errors';
import { DEFAULT_TIME_ZONE } from '../../core/zoned-time';

export interface ListParams {
  conditions: RawBuilder<boolean>[];
  orderBy: RawBuilder<unknown>[];
  /** The sort expression alone (the id tiebreak follows in the same direction), for keyset seeks. */
  sort: {
    field: string;
    expression: RawBuilder<unknown>;
    descending: boolean;
    /** The upcoming order: two runs of the key, so no single `(key, id)` comparison can seek in it. */
    upcoming?: boolean;
    /** Led by the search's rank: no `(key, id)` comparison seeks in it either. */
    ranked?: boolean;
  };
  /** With a search ranked: whether a record's title holds every word, the records that do first (`orderBy` after). */
  titleFirst?: RawBuilder<boolean>;
  /** The search's condition among `conditions`: a title holding every word holds them in the text too. */
  searchCondition?: RawBuilder<boolean>;
  offset: number;
  limit: number;
}

const NOT_ALLOWED = formatEnglish({ key: 'unknownField' });
const FORMAT = formatEnglish({ key: 'format' });

function parseJson(raw: unknown, param: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw badRequest({ [param]: FORMAT }, `Invalid ${param} parameter`);
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest({ [param]: FORMAT }, `Invalid ${param} parameter`);
  }
}

const SYSTEM_KINDS: Record<string, Field['kind']> = {
  id: 'integer',
  version: 'integer',
  createdAt: 'datetime',
  updatedAt: 'datetime',
};

function kindOf(resource: AnyResource, name: string): Field['kind'] | undefined {
  return resource.fields[name]?.kind ?? SYSTEM_KINDS[name];
}

/** Coerces one filter value to the field's type, or refuses it with the field's message. */
function coerce(resource: AnyResource, name: string, key: string, value: unknown): unknown {
  const kind = kindOf(resource, name);
  const fail = () => badRequest({ [key]: FORMAT });
  switch (kind) {
    case 'integer':
    case 'money':
    case 'ref': {
      const n =
        typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (!Number.isSafeInteger(n)) throw fail();
      return n;
    }
    case 'percent': {
      const n =
        typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (!Number.isFinite(n) || Math.abs(n) >= 1000) throw fail();
      return n;
    }
    case 'boolean':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      throw fail();
    case 'date': {
      const text = typeof value === 'string' ? value.slice(0, 10) : '';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(text))) throw fail();
      return text;
    }
    case 'datetime': {
      // Date.parse alone reads almost anything as a date (`"x 1"` is 2001): only ISO dates and times are bounds.
      const time = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : NaN;
      if (Number.isNaN(time)) throw fail();
      return new Date(time).toISOString();
    }
    default:
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      throw fail();
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Where one word is found in a search text: anywhere in it, or as a whole word one typo away (Latin, 5+ letters).
 * The words one typo away are those the dictionary holds (`typos`, search-typos.ts): each a pattern the trigram
 * index answers. Without them (a caller that did not look the word up), every word one edit away is checked: the
 * word's halves find the candidate rows, and the edit patterns check each one.
 *
 * In the title (`inTitle`), the word is found before the title's end (` | `, the one `|` of a search text), so the
 * same trigram index answers which records hold it in their title.
 */
function wordSql({ text, pairs }: Search, word: string, typos?: TypoWords, inTitle = false): RawBuilder<boolean> {
  const before = inTitle ? `%${SEARCH_TITLE_END.trimStart()}%` : '%';
  const anywhere = sql<boolean>`${text} like ${`%${escapeLike(word)}${before}`}`;
  // The pairs are exact: the text holds the word where they hold it.
  if (pairs && !inTitle && isPairWord(word)) return sql<boolean>`${pairs} @> array[${word}]::text[]`;
  if (!allowsTypo(word)) return anywhere;
  const neighbours = typos?.get(word);
  if (neighbours) {
    const whole = neighbours.map((neighbour) => sql<boolean>`${text} like ${`% ${escapeLike(neighbour)} ${before}`}`);
    return whole.length ? sql<boolean>`(${sql.join([anywhere, ...whole], sql` or `)})` : anywhere;
  }
  if (inTitle) return wordSql({ words: [], text: sql`split_part(${text}, ${SEARCH_TITLE_END}, 1) || ' '` }, word);
  const letters = [...word];
  const half = Math.floor(letters.length / 2);
  const swapped = [...letters.slice(0, half - 1), letters[half], letters[half - 1], ...letters.slice(half + 1)];
  const patterns = typoPatterns(word).map((pattern) => `% ${pattern} %`);
  return sql<boolean>`(${anywhere} or ${text} like ${`% ${swapped.join('')} %`} or ((${text} like ${`% ${letters.slice(0, half).join('')}%`} or ${text} like ${`%${letters.slice(half).join('')} %`}) and ${text} like any (array[${sql.join(patterns)}]::text[])))`;
}

/** A search: its words, and the text of the rows they are looked for in (` {title} | {the rest} `). */
export interface Search {
  words: string[];
  text: RawBuilder<unknown>;
  /** The text's CJK character pairs (SEARCH_PAIRS_COLUMN), when the text is the column the database keeps. */
  pairs?: RawBuilder<unknown>;
}

/**
 * The search text of a row for this reader: the column the database keeps (search-schema.ts) when the reader may
 * read every searched path, else the same text worked out from the paths it may read (a field it may not read
 * never makes a record found).
 */
function searchText(resource: AnyResource, table: string, readable: Set<string>, byName?: SearchResources) {
  if (isSearchColumn(resource, readable, byName)) return sql`${sql.ref(`${table}.${SEARCH_COLUMN}`)}`;
  const allowed = searchFields(resource).filter((path) => readable.has(searchRoot(path)));
  return sql`(${sql.raw(searchValueSql(resource, byName!, quoteIdent(table), allowed))})`;
}

/** Whether the reader's search text is the column the database keeps. */
function isSearchColumn(resource: AnyResource, readable: Set<string>, byName?: SearchResources): boolean {
  return !byName || searchFields(resource).every((path) => readable.has(searchRoot(path)));
}

/** Resources by name, for search paths through a reference. */
export type SearchResources = ReadonlyMap<string, AnyResource>;

function filterSql(
  resource: AnyResource,
  table: string,
  key: string,
  value: unknown,
  readable: Set<string>,
  options: ListQueryOptions,
  search: Partial<Search>,
): RawBuilder<boolean> | undefined {
  if (key === 'q') {
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string' && typeof value !== 'number') throw badRequest({ q: FORMAT });
    if (!searchFields(resource).some((path) => readable.has(searchRoot(path))))
      throw badRequest({ q: NOT_ALLOWED }, 'Unknown filter: q');
    const { maxSearch } = listLimits(resource);
    if (String(value).length > maxSearch) {
      const message = formatEnglish({ key: 'maxLength', args: { 0: maxSearch } });
      throw badRequest({ q: message }, `Search text too long: ${message}`);
    }
    const words = searchWords(String(value), options.locale);
    // Punctuation alone is no word: it filters nothing.
    if (!words.length) return undefined;
    search.words = words;
    search.text = searchText(resource, table, readable, options.resources);
    search.pairs = isSearchColumn(resource, readable, options.resources)
      ? sql`${sql.ref(`${table}.${SEARCH_PAIRS_COLUMN}`)}`
      : undefined;
    // A generic plan ignores what the patterns select: a search is planned for its words (db/custom-plan.ts).
    return sql<boolean>`(${customPlan} ${sql.join(
      words.map((word) => wordSql(search as Search, word, options.typos)),
      sql` and `,
    )})`;
  }
  const flag = resource.list.flags?.[key];
  if (flag && readable.has(flag.field)) {
    if (value === undefined || value === null || value === '') return undefined;
    const column = sql.ref(`${table}.${flag.field}`);
    if (![true, false, 'true', 'false'].includes(value as never)) throw badRequest({ [key]: FORMAT });
    const yes = value === true || value === 'true';
    return yes === flag.empty ? sql<boolean>`${column} is null` : sql<boolean>`${column} is not null`;
  }
  const range = /^(.+)_(gte|lte|gt|lt)$/.exec(key);
  const name = range && readable.has(range[1]) ? range[1] : key;
  if (!readable.has(name)) throw badRequest({ [key]: NOT_ALLOWED }, `Unknown filter: ${key}`);
  const field = resource.fields[name];
  const column = sql.ref(`${table}.${name}`);
  if (range) {
    if (field && isJsonKind(field)) throw badRequest({ [key]: NOT_ALLOWED }, `Unknown filter: ${key}`);
    if (value === undefined || value === null || value === '') return undefined;
    const op = { gte: '>=', lte: '<=', gt: '>', lt: '<' }[range[2] as 'gte' | 'lte' | 'gt' | 'lt'];
    let bound = coerce(resource, name, key, value);
    // A date-only upper bound on a timestamp includes that whole day.
    if (
      range[2] === 'lte' &&
      kindOf(resource, name) === 'datetime' &&
      typeof value === 'string' &&
      /^\d{4}-\d{2}-\d{2}$/.test(value)
    )
      bound = new Date(Date.parse(value) + 86_400_000 - 1).toISOString();
    return sql<boolean>`${column} ${sql.raw(op)} ${bound}`;
  }
  if (field?.kind === 'enum' && field.multiple) {
    const values = (Array.isArray(value) ? value : [value]).map((v) => coerce(resource, name, key, v));
    return sql<boolean>`${column} ?| array[${sql.join(values)}]::text[]`;
  }
  if (field && isJsonKind(field)) throw badRequest({ [key]: NOT_ALLOWED }, `Unknown filter: ${key}`);
  if (value === null) return sql<boolean>`${column} is null`;
  if (Array.isArray(value)) {
    const values = value.map((v) => coerce(resource, name, key, v));
    return values.length ? sql<boolean>`${column} in (${sql.join(values)})` : sql<boolean>`false`;
  }
  if (typeof value === 'object') throw badRequest({ [key]: FORMAT });
  return sql<boolean>`${column} = ${coerce(resource, name, key, value)}`;
}

/**
 * A range filter whose upper bound lies below its lower one is a mistake, not an empty list: refused with the
 * message the filter form shows for it (the same cross-field comparison as a resource's `rules`).
 */
function checkRanges(resource: AnyResource, filter: Record<string, unknown>): void {
  for (const [key, upper] of Object.entries(filter)) {
    const name = /^(.+)_lte$/.exec(key)?.[1];
    const kind = name && kindOf(resource, name);
    const lower = name ? filter[`${name}_gte`] : undefined;
    if (!kind || blankBound(upper) || blankBound(lower)) continue;
    if (isBelow(kind, coerce(resource, name, key, upper), coerce(resource, name, `${name}_gte`, lower)))
      throw badRequest({ [key]: formatEnglish(ruleMessage(kind)) });
  }
}

const blankBound = (value: unknown) => value === undefined || value === null || value === '';

export interface ListQueryOptions {
  /** The caller's language: where the search's words are cut. */
  locale?: string;
  /** With `q` and no `sort` asked, records whose title holds every word come first (a page, not a walk). */
  rank?: boolean;
  /** Every resource, for searches through a reference by a reader who may not read every searched path. */
  resources?: SearchResources;
  /** The search's words one typo away, looked up in the table's dictionary (lookUpTypos). */
  typos?: TypoWords;
}

/** Parses react-admin's `sort`, `range` and `filter` parameters into SQL for the readable fields. */
export function parseListQuery(
  resource: AnyResource,
  table: string,
  query: Record<string, unknown>,
  readableFields: readonly string[],
  options: ListQueryOptions = {},
): ListParams {
  const readable = new Set(readableFields);
  const conditions: RawBuilder<boolean>[] = [];
  const search: Partial<Search> = {};
  let searchCondition: RawBuilder<boolean> | undefined;
  const filter = parseJson(query.filter, 'filter');
  if (filter !== undefined && filter !== null) {
    if (typeof filter !== 'object' || Array.isArray(filter))
      throw badRequest({ filter: FORMAT }, 'Invalid filter parameter');
    for (const [key, value] of Object.entries(filter)) {
      const condition = filterSql(resource, table, key, value, readable, options, search);
      if (condition) conditions.push(condition);
      if (condition && key === 'q') searchCondition = condition;
    }
    checkRanges(resource, filter as Record<string, unknown>);
  }

  const [defaultField, defaultOrder] = resource.list.sort;
  // The public view may not read the default sort column (e.g. `createdAt`): it falls back to ids.
  const sort =
    parseJson(query.sort, 'sort') ?? (readable.has(defaultField) ? [defaultField, defaultOrder] : ['id', defaultOrder]);
  if (!Array.isArray(sort) || typeof sort[0] !== 'string' || (sort[1] !== undefined && typeof sort[1] !== 'string'))
    throw badRequest({ sort: FORMAT }, 'Invalid sort parameter');
  const [requested, rawOrder = 'ASC'] = sort as [string, string?];
  const order = rawOrder.toUpperCase();
  if (order !== 'ASC' && order !== 'DESC') throw badRequest({ sort: FORMAT }, 'Invalid sort parameter');
  // The upcoming order sorts by the list's `upcoming` date (unless a field is itself named so).
  const upcoming = requested === UPCOMING && !resource.fields[UPCOMING] && Boolean(resource.list.upcoming);
  if (upcoming && order !== 'ASC') throw badRequest({ sort: FORMAT }, 'Invalid sort parameter');
  const sortField = upcoming ? resource.list.upcoming! : requested;
  const field = resource.fields[sortField];
  if (!readable.has(sortField) || (field && isJsonKind(field) && field.kind !== 'localized'))
    throw badRequest({ sort: NOT_ALLOWED }, `Unknown sort field: ${requested}`);
  const direction = sql.raw(order === 'DESC' ? 'desc' : 'asc');
  const column = sql.ref(`${table}.${sortField}`);
  const expression = field?.kind === 'localized' ? sql`(${column}->>'en')` : sql`${column}`;
  // "Today" is the platform's day (its departures' dates), not the database session's UTC one.
  const today = sql`(now() at time zone ${sql.lit(DEFAULT_TIME_ZONE)})::date`;
  const orderBy: RawBuilder<unknown>[] = upcoming
    ? [
        sql`(${expression} < ${today})`,
        sql`(case when ${expression} >= ${today} then ${expression} end) asc`,
        sql`${expression} desc`,
        sql`${sql.ref(`${table}.id`)} asc`,
      ]
    : [sql`${expression} ${direction}`];
  if (sortField !== 'id' && !upcoming) orderBy.push(sql`${sql.ref(`${table}.id`)} ${direction}`);
  // Records whose title holds every word first, each group in the list's own order (SPEC §17).
  const ranked = Boolean(
    options.rank && search.words && query.sort === undefined && titlePath(resource, searchFields(resource)),
  );
  const { maxPage } = listLimits(resource);
  let offset = 0;
  let limit = maxPage;
  const range = parseJson(query.range, 'range');
  if (range !== undefined) {
    if (
      !Array.isArray(range) ||
      range.length !== 2 ||
      !range.every((n) => Number.isSafeInteger(n) && n >= 0) ||
      range[1] < range[0]
    )
      throw badRequest({ range: FORMAT }, 'Invalid range parameter');
    offset = range[0];
    limit = range[1] - range[0] + 1;
    if (limit > maxPage) {
      const message = formatEnglish({ key: 'maxRows', args: { 0: maxPage } });
      throw badRequest({ range: message }, `Page too large: ${message}`);
    }
  }
  return {
    conditions,
    orderBy,
    sort: { field: sortField, expression, descending: order === 'DESC', upcoming, ranked },
    titleFirst: ranked
      ? sql<boolean>`(${sql.join(
          search.words!.map((word) => wordSql(search as Search, word, options.typos, true)),
          sql` and `,
        )})`
      : undefined,
    searchCondition,
    offset,
    limit,
  };
}
