/**
 * Every generated list query has an index: on a large seeded table, EXPLAIN each resource's first page for
 * each declared filter under the default sort (as an admin and under the partner/user row scopes) and its
 * bounded count, and fail on a sequential scan of a large table (a count may still stop early under its LIMIT).
 */
import { sql, type RawBuilder } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import resources from '../../resources/index';
import { tableName, type AnyResource } from '../../src/core/resource';
import type { Principal } from '../../src/core/roles';
import { isPlainTextSearch, searchFields } from '../../src/core/search';
import { cappedCountQuery } from '../../src/server/engine/list-count';
import { pageQuery } from '../../src/server/engine/list-keyset';
import { parseListQuery } from '../../src/server/engine/query';
import { Registry } from '../../src/server/engine/registry';
import { readable, scopeSql, type ReadAccess } from '../../src/server/engine/scope';
import { addBulkOrders } from '../../resources/demo/bulk-orders';
import { describeEachEngine, suiteServer } from './harness';

/** PostgreSQL gets 200k orders (enough for the planner to choose as on 1M); PGlite fewer, to keep the suite's time reasonable. */
const ORDERS = { postgres: 200_000, pglite: 40_000 } as const;
/** Tables at least this big must never be read sequentially by a list page. */
const LARGE = 20_000;
const COUNT_LIMIT = 10_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

interface Scan {
  table: string;
  underLimit: boolean;
  rows: number;
}

/** Sequential scans of large tables in a plan, with whether a LIMIT above them can stop them early. */
function seqScans(node: PlanNode, large: Set<string>, underLimit = false, out: Scan[] = []): Scan[] {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && large.has(node['Relation Name']))
    out.push({ table: node['Relation Name'], underLimit, rows: node['Plan Rows'] ?? 0 });
  for (const child of node.Plans ?? []) seqScans(child, large, underLimit || node['Node Type'] === 'Limit', out);
  return out;
}

describeEachEngine('list queries use indexes', (engine) => {
  const server = suiteServer(
    {
      engine,
      seed: 'small',
      setup: async (db) => {
        await addBulkOrders(db, ORDERS[engine], { batch: 50_000 });
        await sql`vacuum analyze`.execute(db);
      },
    },
    900_000,
  );
  const registry = new Registry(resources);
  const large = new Set<string>();

  beforeAll(async () => {
    for (const resource of resources) {
      const table = tableName(resource);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(server.db);
      if (Number(rows[0].n) >= LARGE) large.add(table);
    }
  }, 900_000);

  async function plan(query: RawBuilder<unknown>): Promise<PlanNode> {
    const { rows } = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) ${query}`.execute(server.db);
    const raw = rows[0]['QUERY PLAN'];
    return ((typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[])[0].Plan;
  }

  /** A realistic value for a filter: the most common one (the hardest case for an index), or a mid-range bound. */
  async function sampleFilter(resource: AnyResource, name: string): Promise<Record<string, unknown> | undefined> {
    const table = tableName(resource);
    const kind = resource.fields[name]?.kind ?? (name === 'createdAt' || name === 'updatedAt' ? 'datetime' : 'integer');
    const column = sql.ref(name);
    if (kind === 'date' || kind === 'datetime') {
      const { rows } = await sql<{ v: string | null }>`
        select (percentile_disc(0.5) within group (order by ${column}))::text as v from ${sql.table(table)}`.execute(
        server.db,
      );
      return rows[0]?.v ? { [`${name}_gte`]: rows[0].v.slice(0, 10) } : undefined;
    }
    const { rows } = await sql<{ v: unknown }>`
      select ${column} as v from ${sql.table(table)} where ${column} is not null
      group by 1 order by count(*) desc limit 1`.execute(server.db);
    return rows.length ? { [name]: rows[0].v } : undefined;
  }

  const principals = (resource: AnyResource): [string, Principal, ReadAccess][] => {
    const out: [string, Principal, ReadAccess][] = [
      ['admin', { kind: 'admin', id: 1, role: 'super_admin' }, { mode: 'all' }],
    ];
    for (const kind of ['partner', 'user'] as const) {
      const rule = resource.access[kind];
      if (rule?.read) out.push([kind, { kind, id: 1 }, { mode: 'owner', field: rule.scope, value: 1 }]);
    }
    return out;
  };

  it('no first page of any declared filter with the default sort scans a large table sequentially', async () => {
    expect(large.has('orders')).toBe(true);
    const failures: string[] = [];
    let checked = 0;
    for (const resource of resources) {
      const table = tableName(resource);
      if (!large.has(table)) continue;
      for (const [who, principal, access] of principals(resource)) {
        const fields = readable(resource, principal, access);
        const filters: (Record<string, unknown> | undefined)[] = [{}];
        for (const name of resource.list.filters ?? []) {
          if (name === 'id' || !fields.includes(name)) continue;
          filters.push(await sampleFilter(resource, name));
        }
        for (const filter of filters) {
          if (!filter) continue;
          const params = parseListQuery(resource, table, { filter: JSON.stringify(filter), range: '[0,24]' }, fields);
          const conditions = [...scopeSql(registry, resource, access), ...params.conditions];
          const where = conditions.length ? sql<boolean>`${sql.join(conditions, sql` and `)}` : sql<boolean>`true`;
          const label = `${resource.name} as ${who} filter ${JSON.stringify(filter)}`;
          for (const scan of seqScans(await plan(pageQuery(resource, table, where, params, 1_000)), large))
            failures.push(`page: ${label} seq-scans ${scan.table}`);
          // A capped count may read sequentially only when enough rows match for its LIMIT to stop it early.
          for (const scan of seqScans(await plan(cappedCountQuery(table, where, COUNT_LIMIT)), large))
            if (!scan.underLimit || scan.rows <= COUNT_LIMIT) failures.push(`count: ${label} seq-scans ${scan.table}`);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(failures).toEqual([]);
  });

  it('a text search (q) of a large table reads its trigram indexes, not every row', async () => {
    const failures: string[] = [];
    let checked = 0;
    const admin: Principal = { kind: 'admin', id: 1, role: 'super_admin' };
    for (const resource of resources) {
      const table = tableName(resource);
      if (!large.has(table)) continue;
      const fields = readable(resource, admin, { mode: 'all' });
      const text = searchFields(resource).find((name) => {
        const field = resource.fields[name];
        return field && isPlainTextSearch(field) && fields.includes(name);
      });
      if (!text) continue;
      // A realistic search: part of one row's value (an order code, a name), as an operator types it.
      const { rows } = await sql<{ v: string }>`
        select ${sql.ref(text)} as v from ${sql.table(table)} where ${sql.ref(text)} ~ '[[:alnum:]]{6}'
        order by id desc limit 1`.execute(server.db);
      if (!rows.length) continue;
      // Words are cut at punctuation (SPEC §17) and a trigram index serves words of three letters or more: a run of
      // six letters or digits, as an operator types part of a code or a name.
      const q = /[\p{L}\p{N}]{6}/u.exec(rows[0].v.slice(1))?.[0];
      if (!q) continue;
      const params = parseListQuery(resource, table, { filter: JSON.stringify({ q }), range: '[0,24]' }, fields);
      const where = sql<boolean>`${sql.join(params.conditions, sql` and `)}`;
      for (const scan of seqScans(await plan(pageQuery(resource, table, where, params, 1_000)), large))
        failures.push(`page: ${resource.name} q=${q} seq-scans ${scan.table}`);
      for (const scan of seqScans(await plan(cappedCountQuery(table, where, COUNT_LIMIT)), large))
        failures.push(`count: ${resource.name} q=${q} seq-scans ${scan.table}`);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });
});
