import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { formatEnglish } from '../../core/messages';
import { badRequest, notFound } from '../errors';
import { parseListQuery } from '../rest/query';
import type { Registry } from '../rest/registry';
import { publicWhereSql, readable, readAccess, scopeSql } from '../rest/scope';
import {
  baseSource,
  filterFields,
  parseInterval,
  parsePeriod,
  previousPeriod,
  rollupServes,
  rollupSource,
  statusOf,
  type Period,
  type Source,
} from './query';
import type { Rollup } from './rollup';

type StatsRequest = FastifyRequest<{
  Params: { resource: string; field?: string };
  Querystring: Record<string, unknown>;
}>;

const and = (conditions: RawBuilder<boolean>[]) =>
  conditions.length ? sql<boolean>`${sql.join(conditions, sql` and `)}` : sql<boolean>`true`;

const numbers = (row: Record<string, unknown>, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, Number(row[name] ?? 0)]));

/**
 * `/api/stats/{resource}/series|by/{field}|funnel|summary`: aggregates of a resource with `stats`, in SQL,
 * under the same row scope and filters as its list (a partner only ever aggregates their own rows).
 */
export function registerStatsRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<any>; registry: Registry },
  rollups: Rollup[],
): void {
  const { db, registry } = deps;
  const byName = new Map(rollups.map((r) => [r.resource.name, r]));

  /** Everything a stats request shares: the rollup, the source, the scoped conditions and the readable sums. */
  const prepare = (request: StatsRequest, withWhere: boolean) => {
    const rollup = byName.get(request.params.resource);
    if (!rollup) throw notFound();
    const { resource } = rollup;
    const principal = request.principal;
    const access = readAccess(resource, principal);
    const fields = readable(resource, principal, access);
    const query = request.query ?? {};
    const params = parseListQuery(resource, rollup.base, { filter: query.filter }, fields);
    let filter: unknown;
    try {
      filter = typeof query.filter === 'string' && query.filter ? JSON.parse(query.filter) : undefined;
    } catch {
      filter = undefined;
    }
    const source = rollupServes(rollup, access, filterFields(filter)) ? rollupSource(rollup) : baseSource(rollup);
    const conditions = [...scopeSql(registry, resource, access), ...params.conditions];
    if (withWhere && rollup.stats.where)
      conditions.push(...publicWhereSql(registry, resource, rollup.stats.where, rollup.base));
    const sums = rollup.sums.filter((name) => fields.includes(name));
    return { rollup, source, conditions, sums, fields, period: parsePeriod(query) };
  };

  const totals = (source: Source, sums: string[]) =>
    sql.join([sql`${source.count} as count`, ...sums.map((name) => sql`${source.sum(name)} as ${sql.ref(name)}`)]);

  app.get('/api/stats/:resource/series', async (request: StatsRequest) => {
    const { source, conditions, sums, period } = prepare(request, true);
    const interval = parseInterval(request.query.interval);
    const unit = sql.lit(interval);
    const { rows } = await sql<Record<string, unknown>>`
      with buckets as (
        select date_trunc(${unit}, d)::date as bucket
        from generate_series(date_trunc(${unit}, ${period.from}::date), ${period.to}::date, ${`1 ${interval}`}::interval) d
      ),
      agg as (
        select date_trunc(${unit}, ${source.day})::date as bucket, ${totals(source, sums)}
        from ${source.from} where ${and([...conditions, source.within(period)])} group by 1
      )
      select to_char(b.bucket, 'YYYY-MM-DD') as bucket, coalesce(a.count, 0) as count
        ${sql.raw(sums.map((s) => `, coalesce(a."${s}", 0) as "${s}"`).join(''))}
      from buckets b left join agg a on a.bucket = b.bucket order by b.bucket`.execute(db);
    return {
      interval,
      ...period,
      rows: rows.map((row) => ({ bucket: row.bucket as string, ...numbers(row, ['count', ...sums]) })),
    };
  });

  app.get('/api/stats/:resource/by/:field', async (request: StatsRequest) => {
    const { rollup, source, conditions, sums, fields, period } = prepare(request, true);
    const path = request.params.field ?? '';
    const [head, tail] = path.split('.');
    if (!(rollup.stats.groupBy ?? []).includes(path) || !fields.includes(head))
      throw badRequest({ field: formatEnglish({ key: 'unknownField' }) }, `Unknown group field: ${path}`);
    const limit = Math.min(Math.max(Number.parseInt(String(request.query.limit ?? '10'), 10) || 10, 1), 100);
    const column = sql.ref(`${source.alias}.${head}`);
    let key: RawBuilder<unknown> = column;
    let join: RawBuilder<unknown> = sql``;
    if (tail) {
      const field = rollup.resource.fields[head];
      if (field?.kind !== 'ref') throw badRequest({ field: formatEnglish({ key: 'unknownField' }) });
      const target = registry.table(field.reference);
      join = sql`join ${sql.table(target)} as ${sql.table('g')} on ${sql.ref('g.id')} = ${column}`;
      key = sql.ref(`g.${tail}`);
    }
    const order = sums.length ? sql.ref(sums[0]) : sql.ref('count');
    const { rows } = await sql<Record<string, unknown>>`
      select ${key} as key, ${totals(source, sums)}
      from ${source.from} ${join} where ${and([...conditions, source.within(period)])}
      group by 1 order by ${order} desc, 1 limit ${limit}`.execute(db);
    return {
      field: path,
      ...period,
      rows: rows.map((row) => ({ key: row.key, ...numbers(row, ['count', ...sums]) })),
    };
  });

  app.get('/api/stats/:resource/funnel', async (request: StatsRequest) => {
    const { rollup, source, conditions, sums, period } = prepare(request, false);
    const status = statusOf(rollup);
    if (!status) throw notFound();
    const { rows } = await sql<Record<string, unknown>>`
      select ${sql.ref(`${source.alias}.${status}`)} as key, ${totals(source, sums)}
      from ${source.from} where ${and([...conditions, source.within(period)])} group by 1`.execute(db);
    const byState = new Map(rows.map((row) => [row.key, row]));
    return {
      field: status,
      ...period,
      rows: (rollup.resource.workflow?.states ?? []).map((state) => ({
        key: state,
        ...numbers(byState.get(state) ?? {}, ['count', ...sums]),
      })),
    };
  });

  app.get('/api/stats/:resource/summary', async (request: StatsRequest) => {
    const { source, conditions, sums, period } = prepare(request, true);
    const previous = previousPeriod(period);
    const read = async (p: Period) => {
      const { rows } = await sql<Record<string, unknown>>`
        select ${totals(source, sums)} from ${source.from} where ${and([...conditions, source.within(p)])}`.execute(db);
      return { ...p, ...numbers(rows[0] ?? {}, ['count', ...sums]) };
    };
    const current = await read(period);
    return { ...current, previous: await read(previous) };
  });
}
