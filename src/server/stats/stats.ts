import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { readsStats } from '../../core/access';
import { formatEnglish } from '../../core/messages';
import type { PublicWhere } from '../../core/resource';
import { badRequest, notFound } from '../edge/errors';
import { parseListQuery } from '../engine/query';
import type { Registry } from '../engine/registry';
import { denied, publicWhereSql, readable, readAccess, scopeSql } from '../engine/scope';
import { perBucket } from './buckets';
import {
  and,
  baseSource,
  filterFields,
  parseInterval,
  parseLimit,
  parsePeriod,
  previousPeriod,
  rollupLevel,
  rollupSource,
  statusOf,
  type Period,
  type Source,
} from './query';
import type { Rollup } from './rollup';

type StatsRequest = FastifyRequest<{
  Params: { resource: string; field?: string; name?: string };
  Querystring: Record<string, unknown>;
}>;

const numbers = (row: Record<string, unknown>, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, Number(row[name] ?? 0)]));

const UNKNOWN = formatEnglish({ key: 'unknownField' });

/**
 * `/api/stats/{resource}/series|by/{field}|funnel|summary|rate/{name}`: aggregates of a resource with `stats`, in
 * SQL, under the same row scope and filters as its list (a partner only ever aggregates their own rows).
 */
export function registerStatsRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<any>; registry: Registry },
  rollups: Rollup[],
): void {
  const { db, registry } = deps;
  const byName = new Map(rollups.map((r) => [r.resource.name, r]));

  /**
   * Everything a stats request shares: the rollup, the source, the scoped conditions and the readable sums.
   * `where` adds the config's `stats.where`; `tests` names the columns the request's own conditions test or group by.
   */
  const prepare = (request: StatsRequest, options: { where: boolean; tests?: string[] }) => {
    const rollup = byName.get(request.params.resource);
    if (!rollup) throw notFound();
    const { resource } = rollup;
    const principal = request.principal;
    // Aggregates are for the accounts that work with the rows (not visitors of a public subset), as `stats.access`
    // narrows them (e.g. money figures for finance only).
    if (!readsStats(resource, principal)) throw denied(principal);
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
    const tested = [...filterFields(filter), ...(options.tests ?? [])];
    const level = rollupLevel(rollup, access, tested);
    const source = level ? rollupSource(rollup, level) : baseSource(rollup);
    const conditions = [...scopeSql(registry, resource, access), ...params.conditions];
    if (options.where && rollup.stats.where)
      conditions.push(...publicWhereSql(registry, resource, rollup.stats.where, rollup.base));
    const sums = rollup.sums.filter((name) => fields.includes(name));
    return { rollup, source, conditions, sums, fields, period: parsePeriod(query) };
  };

  const totals = (source: Source, sums: string[]) =>
    sql.join([sql`${source.count()} as count`, ...sums.map((name) => sql`${source.sum(name)} as ${sql.ref(name)}`)]);

  /**
   * What the summary and the series measure, as aggregates of the source: the count and each readable sum over
   * the rows of `stats.where`, each measure over its own rows. They read every row, so one pass serves them all.
   */
  const summaryColumns = (rollup: Rollup, source: Source, sums: string[]) => {
    const matching = (where: PublicWhere | undefined) =>
      where ? and(publicWhereSql(registry, rollup.resource, where, rollup.base)) : undefined;
    const counted = matching(rollup.stats.where);
    const measures = Object.entries(rollup.stats.measures ?? {}).filter(([, measure]) => sums.includes(measure.sum));
    return [
      { name: 'count', value: source.count(counted) },
      ...sums.map((name) => ({ name, value: source.sum(name, counted) })),
      ...measures.map(([name, measure]) => ({ name, value: source.sum(measure.sum, matching(measure.where)) })),
    ];
  };

  app.get('/api/stats/:resource/series', async (request: StatsRequest) => {
    const { rollup, source, conditions, sums, period } = prepare(request, { where: false });
    const interval = parseInterval(request.query.interval);
    const columns = summaryColumns(rollup, source, sums);
    const rows = await perBucket(
      db,
      source,
      conditions,
      period,
      interval,
      columns.map((column) => column.value),
    );
    return {
      interval,
      ...period,
      rows: rows.map((row) => ({
        bucket: row.bucket as string,
        ...Object.fromEntries(columns.map(({ name }, i) => [name, Number(row[`c${i}`])])),
      })),
    };
  });

  app.get('/api/stats/:resource/rate/:name', async (request: StatsRequest) => {
    const rate = byName.get(request.params.resource)?.stats.rates?.[request.params.name ?? ''];
    const tests = Object.keys({ ...rate?.part, ...rate?.whole });
    const { rollup, source, conditions, sums, period } = prepare(request, { where: false, tests });
    if (!rate) throw badRequest({ rate: UNKNOWN }, `Unknown rate: ${request.params.name ?? ''}`);
    const interval = parseInterval(request.query.interval);
    const matching = (where: typeof rate.whole) => publicWhereSql(registry, rollup.resource, where, rollup.base);
    // Only rows of the whole are read, so the part is counted among them and a rate never exceeds 1.
    const part = and(matching(rate.part));
    const metrics = ['count', ...(rate.sum ?? []).filter((name) => sums.includes(name))];
    const measure = (name: string, where?: RawBuilder<boolean>) =>
      name === 'count' ? source.count(where) : source.sum(name, where);
    const rows = await perBucket(db, source, [...conditions, ...matching(rate.whole)], period, interval, [
      ...metrics.map((name) => measure(name, part)),
      ...metrics.map((name) => measure(name)),
    ]);
    /** Part, whole and their quotient (null when the whole is empty) of each metric. */
    const shares = (partOf: (i: number) => number, wholeOf: (i: number) => number) => {
      const parts = metrics.map((_, i) => partOf(i));
      const wholes = metrics.map((_, i) => wholeOf(i));
      const by = (values: (number | null)[]) => Object.fromEntries(metrics.map((name, i) => [name, values[i]]));
      return {
        part: by(parts),
        whole: by(wholes),
        rate: by(parts.map((value, i) => (wholes[i] ? value / wholes[i] : null))),
      };
    };
    const cell = (row: Record<string, unknown>, i: number) => Number(row[`c${i}`]);
    const total = (i: number) => rows.reduce((sum, row) => sum + cell(row, i), 0);
    return {
      name: request.params.name,
      interval,
      ...period,
      metrics,
      ...shares(total, (i) => total(metrics.length + i)),
      rows: rows.map((row) => ({
        bucket: row.bucket as string,
        ...shares(
          (i) => cell(row, i),
          (i) => cell(row, metrics.length + i),
        ),
      })),
    };
  });

  app.get('/api/stats/:resource/by/:field', async (request: StatsRequest) => {
    const path = request.params.field ?? '';
    const [head, tail] = path.split('.');
    const { rollup, source, conditions, sums, fields, period } = prepare(request, { where: true, tests: [head] });
    if (!(rollup.stats.groupBy ?? []).includes(path) || !fields.includes(head))
      throw badRequest({ field: UNKNOWN }, `Unknown group field: ${path}`);
    const limit = parseLimit(request.query.limit);
    const column = sql.ref(`${source.alias}.${head}`);
    let key: RawBuilder<unknown> = column;
    let join: RawBuilder<unknown> = sql``;
    if (tail) {
      const field = rollup.resource.fields[head];
      if (field?.kind !== 'ref') throw badRequest({ field: UNKNOWN });
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
    const known = byName.get(request.params.resource);
    const status = known && statusOf(known);
    const { rollup, source, conditions, sums, period } = prepare(request, {
      where: false,
      tests: status ? [status] : [],
    });
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
    const { rollup, source, conditions, sums, period } = prepare(request, { where: false });
    const previous = previousPeriod(period);
    const columns = summaryColumns(rollup, source, sums);
    const selected = sql.join(columns.map(({ name, value }) => sql`${value} as ${sql.ref(name)}`));
    const read = async (p: Period) => {
      const { rows } = await sql<Record<string, unknown>>`
        select ${selected} from ${source.from} where ${and([...conditions, source.within(p)])}`.execute(db);
      return {
        ...p,
        ...numbers(
          rows[0] ?? {},
          columns.map((column) => column.name),
        ),
      };
    };
    const current = await read(period);
    return { ...current, previous: await read(previous) };
  });
}
