import { sql, type Kysely, type RawBuilder } from 'kysely';
import { customPlan } from '../db/custom-plan';
import type { Total } from './list-total';
import type { OverLimitTotals } from './over-limit-totals';

export type { CountKind, Total } from './list-total';

export const TOTAL_KIND_HEADER = 'X-Total-Count-Kind';

/** The planner's row estimate for `select 1 from {table} where {filter}`: planning only, no rows read. */
export async function plannerEstimate(db: Kysely<any>, table: string, filter: RawBuilder<boolean>): Promise<number> {
  const { rows } = await sql<{
    'QUERY PLAN': unknown;
  }>`explain (format json) select 1 from ${sql.table(table)} where ${filter}`.execute(db);
  const raw = rows[0]?.['QUERY PLAN'];
  // node-postgres parses the json column; PGlite may hand back the text.
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
  return Math.round(Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0));
}

/**
 * Counts at most `limit + 1` matching rows, so the cost is bounded by the limit whatever the table size:
 * with an index on the filter this reads at most limit + 1 index entries.
 */
export function cappedCountQuery(table: string, filter: RawBuilder<boolean>, limit: number): RawBuilder<{ n: number }> {
  return sql<{ n: number }>`
    select ${customPlan} count(*)::int as n from (select 1 from ${sql.table(table)} where ${filter} limit ${limit + 1}) capped`;
}

export async function cappedCount(
  db: Kysely<any>,
  table: string,
  filter: RawBuilder<boolean>,
  limit: number,
): Promise<number> {
  const { rows } = await cappedCountQuery(table, filter, limit).execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Turns a capped count into the total to report, asking the planner only when the cap was reached. */
export async function totalFromCapped(
  db: Kysely<any>,
  table: string,
  filter: RawBuilder<boolean>,
  counted: number,
  limit: number,
): Promise<Total> {
  if (counted <= limit) return { total: counted, kind: 'exact' };
  const estimate = await plannerEstimate(db, table, filter);
  // An estimate below what we already know exists is worse than the honest "limit+".
  return estimate > limit ? { total: estimate, kind: 'estimate' } : { total: limit + 1, kind: 'capped' };
}

interface PageShape {
  offset: number;
  limit: number;
  returned: number;
}

/** A remembered total, never below the rows the client has already been shown (offset + page). */
function atLeastSeen(total: Total, page: PageShape): Total {
  const seen = page.offset + page.returned;
  return total.kind === 'exact' ? total : { ...total, total: Math.max(total.total, seen + (page.returned ? 1 : 0)) };
}

/**
 * The total of a list page when no statement is needed for it: the page is the last one, or the filter's total over the
 * limit is remembered. Synchronous, so the list's usual request (a page of a large list) waits on one statement only.
 */
export function knownTotal(page: PageShape, remembered?: OverLimitTotals, rememberedKey?: string): Total | undefined {
  // A short page with rows (or an empty first page) ends the list: its total is known without counting.
  if (page.returned < page.limit && (page.returned > 0 || page.offset === 0))
    return { total: page.offset + page.returned, kind: 'exact' };
  const total = rememberedKey === undefined ? undefined : remembered?.get(rememberedKey);
  return total && atLeastSeen(total, page);
}

/**
 * The total of a list page: derived from the page itself when it is the last one, else counted up to the limit.
 * The reported total never falls below the rows the client has already been shown (offset + page).
 */
export async function listTotal(
  db: Kysely<any>,
  table: string,
  filter: RawBuilder<boolean>,
  page: PageShape,
  limit: number,
  remembered?: OverLimitTotals,
  /** The filter's key among `remembered` when already known (compiled with the page). */
  rememberedKey?: string,
): Promise<Total> {
  const key = rememberedKey ?? remembered?.key(db, table, filter);
  const known = knownTotal(page, remembered, key);
  if (known) return known;
  const total = await totalFromCapped(db, table, filter, await cappedCount(db, table, filter, limit), limit);
  if (key !== undefined) remembered!.remember(key, total);
  return atLeastSeen(total, page);
}

/**
 * A list page's rows and total. A first page whose total is not remembered is counted beside it, on a connection of
 * its own, so the answer waits for the longer of the two statements rather than both (a search's page and count each
 * read every row its words match). A deeper page counts only when it is full, as `listTotal` does.
 */
export async function pageAndTotal<R>(
  db: Kysely<any>,
  table: string,
  rowsOf: () => Promise<R[]>,
  page: { offset: number; limit: number; filter: RawBuilder<boolean>; totalKey: string },
  limit: number,
  remembered: OverLimitTotals,
): Promise<{ rows: R[]; total: Total }> {
  const early = page.offset === 0 && !remembered.get(page.totalKey);
  const counting = early ? cappedCount(db, table, page.filter, limit) : undefined;
  // A failed page leaves no count's rejection unheard.
  const settled = counting?.catch(() => undefined);
  const rows = await rowsOf();
  const shape = { offset: page.offset, limit: page.limit, returned: rows.length };
  const known = knownTotal(shape, remembered, page.totalKey);
  if (known) {
    // The page told its own total: a count that failed beside it fails nothing.
    await settled;
    return { rows, total: known };
  }
  if (!counting)
    return { rows, total: await listTotal(db, table, page.filter, shape, limit, remembered, page.totalKey) };
  const total = await totalFromCapped(db, table, page.filter, await counting, limit);
  remembered.remember(page.totalKey, total);
  return { rows, total: atLeastSeen(total, shape) };
}
