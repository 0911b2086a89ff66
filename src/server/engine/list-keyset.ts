import { sql, type RawBuilder } from 'kysely';
import { SYSTEM_FIELDS, type AnyResource } from '../../core/resource';
import type { ListParams } from './query';

type Sort = ListParams['sort'];

const idOf = (table: string) => sql.ref(`${table}.id`);

/**
 * Whether the sort key can be compared as a row value `(key, id)`: a plain column that is never null
 * (a null key would make the row comparison unknown and lose rows).
 */
export function seekable(resource: AnyResource, sort: Sort): boolean {
  if (sort.upcoming || sort.ranked) return false;
  if ((SYSTEM_FIELDS as readonly string[]).includes(sort.field)) return true;
  const field = resource.fields[sort.field];
  return Boolean(field && field.kind !== 'localized' && field.kind !== 'password' && field.required);
}

/**
 * One page of a list. Deep pages of a seekable sort find their first row with an index-only walk over
 * `(key, id)` (no heap rows are fetched for the skipped part), then read the page from there with a row
 * comparison the index answers directly, instead of `OFFSET n` fetching and throwing away n whole rows.
 */
export function pageQuery(
  resource: AnyResource,
  table: string,
  filter: RawBuilder<boolean>,
  params: ListParams,
  keysetFromOffset: number,
  titledFilter?: RawBuilder<boolean>,
): RawBuilder<Record<string, unknown>> {
  if (params.titleFirst) return titleFirstPageQuery(table, filter, params.titleFirst, params, titledFilter);
  const order = sql.join(params.orderBy);
  if (params.offset <= keysetFromOffset || !seekable(resource, params.sort)) {
    return sql`select * from ${sql.table(table)} where ${filter} order by ${order} limit ${params.limit} offset ${params.offset}`;
  }
  const key = params.sort.expression;
  const cmp = sql.raw(params.sort.descending ? '<=' : '>=');
  return sql`
    select * from ${sql.table(table)}
    where ${filter}
      and (${key}, ${idOf(table)}) ${cmp} (
        select ${key}, ${idOf(table)} from ${sql.table(table)} where ${filter}
        order by ${order} offset ${params.offset} limit 1)
    order by ${order} limit ${params.limit}`;
}

/**
 * The rows in the list's order a ranked search's first page is looked for in before the whole table: a word a few
 * percent of the rows hold fills a page from them.
 */
export const RANKED_WALK_ROWS = 1000;
const TITLED = '__titled';

/**
 * A page of a search whose records with every word in their title come first (SPEC §17), without ranking every
 * match: a common word is matched by thousands of rows, and sorting them all by rank costs as many row reads.
 * Each group (titles, then the others) is read from the list's first rows in its order (an index walk of
 * RANKED_WALK_ROWS) when they hold enough of it, else from the whole table through the search's index: a group
 * too rare to fill the page from the first rows is few rows to sort. `titledFilter` finds the titles without
 * checking the search's words twice (in the title, then anywhere).
 */
function titleFirstPageQuery(
  table: string,
  filter: RawBuilder<boolean>,
  titled: RawBuilder<boolean>,
  params: ListParams,
  titledFilter = sql<boolean>`${filter} and ${titled}`,
): RawBuilder<Record<string, unknown>> {
  const order = sql.join(params.orderBy);
  const wanted = params.offset + params.limit;
  const rows = sql.table(table);
  const alias = sql.ref(table);
  const flag = sql.ref(TITLED);
  const id = idOf(table);
  // The walk's rows and the groups keep the table's name, so the list's order and the search's words read them. A
  // group read through the index sorts its matches' ids and keys alone, then reads its page's rows.
  return sql`
    with walk as materialized (
      select ${alias}.*, ${titled} as ${flag}
      from (select * from ${rows} order by ${order} limit ${RANKED_WALK_ROWS}) as ${alias}
      where ${filter}),
    titles as materialized (
      select * from walk where ${flag} and (select count(*) from walk where ${flag}) >= ${wanted}
      union all
      select ${rows}.*, true from ${rows} where ${id} in (
        select ${id} from ${rows}
        where ${titledFilter} and (select count(*) from walk where ${flag}) < ${wanted}
        order by ${order} limit ${wanted})),
    others as (
      select * from walk where not ${flag} and (select count(*) from titles) < ${wanted}
        and (select count(*) from walk where not ${flag}) >= ${wanted} - (select count(*) from titles)
      union all
      select ${rows}.*, false from ${rows} where ${id} in (
        select ${id} from ${rows}
        where ${filter} and not ${titled} and (select count(*) from titles) < ${wanted}
          and (select count(*) from walk where not ${flag}) < ${wanted} - (select count(*) from titles)
        order by ${order} limit ${wanted}))
    select * from (select * from titles union all select * from others) as ${alias}
    order by ${flag} desc, ${order} limit ${params.limit} offset ${params.offset}`;
}

/** Where the previous batch of a keyset walk ended: the sort key as text (exact, e.g. microseconds) and the id. */
export interface SeekPosition {
  key: string | null;
  id: number;
}

/** The sort key as text, selected beside each row so the next batch can start right after the last one. */
export const SEEK_KEY = '__seek_key';

export function seekKeySelect(sort: Sort): RawBuilder<unknown> {
  return sql`(${sort.expression})::text as ${sql.ref(SEEK_KEY)}`;
}

/**
 * Rows strictly after `position` in `(key, id)` order, nulls included where PostgreSQL sorts them
 * (last ascending, first descending), so a walk over any sortable column visits every row exactly once.
 * The key is compared as its column type (an untyped parameter takes the type of the other side).
 */
export function seekAfter(table: string, sort: Sort, position: SeekPosition): RawBuilder<boolean> {
  const key = sort.expression;
  const id = idOf(table);
  if (sort.descending) {
    return position.key === null
      ? sql<boolean>`((${key} is null and ${id} < ${position.id}) or ${key} is not null)`
      : sql<boolean>`(${key}, ${id}) < (${position.key}, ${position.id})`;
  }
  return position.key === null
    ? sql<boolean>`(${key} is null and ${id} > ${position.id})`
    : sql<boolean>`((${key}, ${id}) > (${position.key}, ${position.id}) or ${key} is null)`;
}
