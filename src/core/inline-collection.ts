import type { JsonField } from './fields';
import type { AnyResource } from './resource';

type Rows = readonly Record<string, unknown>[];

const known = new WeakMap<AnyResource, readonly [string, JsonField][]>();

/** The inline collections (`inlineCollection`) a resource declares, by field name, found once per config. */
export function inlineCollections(resource: AnyResource): readonly [string, JsonField][] {
  let found = known.get(resource);
  if (!found) {
    found = Object.entries(resource.fields).filter(
      (entry): entry is [string, JsonField] => entry[1].kind === 'json' && !!(entry[1] as JsonField).items?.inline,
    );
    known.set(resource, found);
  }
  return found;
}

/** The parent's fields a list's `totals` compute from these rows (a missing number counts as 0). */
export function totalsOf(field: JsonField, rows: Rows): Record<string, number> {
  const totals = field.items?.totals ?? {};
  return Object.fromEntries(
    Object.entries(totals).map(([target, { sum, times }]) => [
      target,
      rows.reduce((acc, row) => acc + Number(row[sum] ?? 0) * (times ? Number(row[times] ?? 0) : 1), 0),
    ]),
  );
}

/**
 * The parent's totals of every inline collection among `values` that is being written: applied after the
 * resource's hooks, so whatever the hooks decided about the rows (a price fixed when booked), the sums agree.
 */
export function collectionTotals(resource: AnyResource, values: Record<string, unknown>): Record<string, number> {
  let result: Record<string, number> = {};
  for (const [name, field] of inlineCollections(resource)) {
    const rows = values[name];
    if (Array.isArray(rows)) result = { ...result, ...totalsOf(field, rows as Rows) };
  }
  return result;
}
