import { sql, type Kysely } from 'kysely';
import { statusField, type AnyResource, type Holds } from '../../core/resource';
import type { Registry } from './registry';

interface HoldOn {
  holder: AnyResource;
  holds: Holds;
}

const cache = new WeakMap<Registry, Map<string, HoldOn[]>>();

/** The holds other resources declare on this resource's counters. */
export function holdsOn(registry: Registry, resource: AnyResource): HoldOn[] {
  let byTarget = cache.get(registry);
  if (!byTarget) {
    byTarget = new Map();
    for (const holder of registry.resources) {
      const holds = holder.holds;
      const ref = holds ? holder.fields[holds.ref] : undefined;
      if (!holds || ref?.kind !== 'ref') continue;
      byTarget.set(ref.reference, [...(byTarget.get(ref.reference) ?? []), { holder, holds }]);
    }
    cache.set(registry, byTarget);
  }
  return byTarget.get(resource.name) ?? [];
}

/**
 * Rows of `resource` as the API answers them: each counter that holds take from is its stored (settled) value
 * plus the holds running at `now`. One grouped query per declared hold, for the whole page of rows.
 */
export async function withLiveHolds(
  db: Kysely<any>,
  registry: Registry,
  resource: AnyResource,
  rows: Record<string, unknown>[],
  now = new Date(),
): Promise<Record<string, unknown>[]> {
  const declared = holdsOn(registry, resource);
  const ids = rows.map((row) => Number(row.id)).filter(Number.isSafeInteger);
  if (!declared.length || !ids.length) return rows;
  const out = rows.map((row) => ({ ...row }));
  for (const { holder, holds } of declared) {
    const { rows: sums } = await sql<{ key: string; held: number }>`
      select ${sql.ref(holds.ref)}::text as key, coalesce(sum(${sql.ref(holds.amount)}), 0)::int as held
      from ${sql.table(registry.table(holder))}
      where ${sql.ref(holds.ref)} in (${sql.join(ids)}) and ${sql.ref(statusField(holder) ?? 'status')} = ${holds.state} and ${sql.ref(holds.until)} > ${now}
      group by 1`.execute(db);
    const held = new Map(sums.map((s) => [s.key, Number(s.held)]));
    for (const row of out) {
      const extra = held.get(String(row.id));
      if (extra) row[holds.counter] = Number(row[holds.counter] ?? 0) + extra;
    }
  }
  return out;
}
