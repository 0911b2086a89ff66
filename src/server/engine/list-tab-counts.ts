import { sql, type Kysely, type RawBuilder } from 'kysely';
import { customPlan } from '../db/custom-plan';
import { formatEnglish } from '../../core/messages';
import { statusField, type AnyResource } from '../../core/resource';
import { badRequest } from '../edge/errors';
import { totalFromCapped, type CountKind } from './list-count';
import type { OverLimitTotals } from './over-limit-totals';

export interface TabCount {
  value: string | boolean;
  total: number;
  kind: CountKind;
}

/** The values a field can take, when they are a known closed set (status, single enum, boolean). */
export function tabValues(resource: AnyResource, name: string): (string | boolean)[] | undefined {
  if (name === statusField(resource)) return [...(resource.workflow?.states ?? [])];
  const field = resource.fields[name];
  if (field?.kind === 'enum' && !field.multiple) return [...field.values];
  if (field?.kind === 'boolean') return [true, false];
  return undefined;
}

export function requireTabField(resource: AnyResource, name: unknown, readable: Set<string>): string {
  const values = typeof name === 'string' && readable.has(name) ? tabValues(resource, name) : undefined;
  if (typeof name !== 'string' || !values)
    throw badRequest({ field: formatEnglish({ key: 'unknownField' }) }, `Unknown count field: ${String(name)}`);
  return name;
}

/**
 * Row counts per value of a field (status tabs), in one statement: one bounded index range per value,
 * each capped at `limit + 1` rows, so the cost never depends on the table size. Values past the cap are
 * then estimated by the planner (planning only).
 */
export async function tabCounts(
  db: Kysely<any>,
  resource: AnyResource,
  table: string,
  field: string,
  conditions: RawBuilder<boolean>[],
  limit: number,
  remembered?: OverLimitTotals,
): Promise<TabCount[]> {
  const values = tabValues(resource, field)!;
  if (!values.length) return [];
  const column = sql.ref(`${table}.${field}`);
  const tabs = values.map((value, i) => {
    const filter = sql<boolean>`${sql.join([...conditions, sql`${column} = ${value}`], sql` and `)}`;
    const key = remembered?.key(db, table, filter);
    return { value, filter, key, known: key === undefined ? undefined : remembered!.get(key), alias: `v${i}` };
  });
  const toCount = tabs.filter((tab) => !tab.known);
  let counted: Record<string, number> = {};
  if (toCount.length) {
    const columns = toCount.map(
      (tab) =>
        sql`(select count(*)::int from (select 1 from ${sql.table(table)} where ${tab.filter} limit ${limit + 1}) c) as ${sql.ref(tab.alias)}`,
    );
    // Capped counts, one per value of a skewed column: planned for their values (db/custom-plan.ts).
    const { rows } = await sql<Record<string, number>>`select ${customPlan} ${sql.join(columns)}`.execute(db);
    counted = rows[0] ?? {};
  }
  const out: TabCount[] = [];
  for (const tab of tabs) {
    let total = tab.known;
    if (!total) {
      total = await totalFromCapped(db, table, tab.filter, Number(counted[tab.alias] ?? 0), limit);
      if (tab.key !== undefined) remembered!.remember(tab.key, total);
    }
    out.push({ value: tab.value, ...total });
  }
  return out;
}
