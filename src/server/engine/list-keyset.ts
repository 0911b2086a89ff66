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
): RawBuilder<Record<string, unknown>> {
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
