import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { statusField, type AnyResource, type StatsConfig } from '../../core/resource';
import { quoteIdent as q } from '../db/schema';
import type { Registry } from '../rest/registry';

/**
 * The daily summary tables of a resource with `stats`. The finest keeps one row per (day, status, grouped columns,
 * partner scope) with the row count and the sums; a trigger keeps it exact in the same transaction as each insert,
 * update and delete, so dashboards never lag and never scan the base table.
 *
 * Coarser levels (per status; per status and partner scope) answer the common requests (series, funnel, summary,
 * rates, a partner's own figures) from a few thousand rows instead of every (day, service) pair. The same trigger
 * appends its changes to a level's delta table rather than updating the level's rows: an update would make every
 * booking of a day queue on one row until it commits. Readers add the pending deltas to the level's rows, so the
 * figures are exact at once; the deltas are folded in every few seconds (`compactRollups`).
 *
 * They are derived caches, not data: created (and rebuilt when they disagree with their table, e.g. after a bulk
 * load that bypassed triggers) when the server starts, outside the reviewed migrations on purpose.
 */
export interface RollupLevel {
  table: string;
  /** Grouping columns kept at this level. */
  dims: string[];
  /** The table of changes not folded in yet (coarse levels only). */
  deltas?: string;
}

export interface Rollup {
  resource: AnyResource;
  stats: StatsConfig;
  base: string;
  /** The expression of the row's day on the base table (`new`/`old` rows use the same column). */
  timeColumn: string;
  timeIsDate: boolean;
  sums: string[];
  /** Coarsest first; the finest (status, direct group-by columns, the partner scope) last. */
  levels: RollupLevel[];
}

/** The level kept by upserts in each write's transaction, from which the coarse ones are rebuilt. */
const finestLevel = (rollup: Rollup): RollupLevel => rollup.levels[rollup.levels.length - 1];

/** The levels fed by appended deltas. */
const coarseLevels = (rollup: Rollup) => rollup.levels.filter((level) => level.deltas);

/** `on conflict … do update` adding the incoming row's count and sums to the stored ones. */
const addExcluded = (sums: string[]) =>
  `n = s.n + excluded.n${sums.map((f) => `, ${q(f)} = s.${q(f)} + excluded.${q(f)}`).join('')}`;

// Any constant shared by every instance: serialises the start-up DDL of several servers.
const ROLLUP_LOCK = 7_262_002;

export function rollupOf(registry: Registry, resource: AnyResource): Rollup | undefined {
  const stats = resource.stats;
  if (!stats) return undefined;
  const base = registry.table(resource);
  const dims = new Set<string>();
  const status = statusField(resource);
  if (status) dims.add(status);
  const scope =
    resource.access.partner?.scope && resource.access.partner.scope !== 'id'
      ? resource.access.partner.scope
      : undefined;
  for (const path of stats.groupBy ?? []) dims.add(path.split('.')[0]);
  if (scope) dims.add(scope);
  const time = resource.fields[stats.time];
  const table = `stats_${base}_daily`;
  const finest: RollupLevel = { table, dims: [...dims] };
  const coarse = [status ? [status] : [], status && scope ? [status, scope] : []]
    .filter((level) => level.length && level.length < dims.size)
    .map((level): RollupLevel => {
      const name = `${table}_by_${level.join('_')}`;
      return { table: name, dims: level, deltas: `${name}_delta` };
    });
  return {
    resource,
    stats,
    base,
    timeColumn: stats.time,
    timeIsDate: time?.kind === 'date',
    sums: [...(stats.sum ?? [])],
    levels: [...coarse, finest],
  };
}

function dimType(resource: AnyResource, name: string): string {
  const field = resource.fields[name];
  if (field?.kind === 'ref' || field?.kind === 'money') return 'bigint';
  if (field?.kind === 'integer') return 'integer';
  if (field?.kind === 'boolean') return 'boolean';
  if (field?.kind === 'date') return 'date';
  return 'text';
}

function dayOf(rollup: Rollup, row: 'new' | 'old'): string {
  const column = `${row}.${q(rollup.timeColumn)}`;
  return rollup.timeIsDate ? column : `timezone('UTC', ${column})::date`;
}

const keyOf = (dims: string[]) => ['day', ...dims].map(q).join(', ');

function createTable(rollup: Rollup, table: string, dims: string[]): string {
  return `create table if not exists ${q(table)} (
       "day" date not null,
       ${dims.map((d) => `${q(d)} ${dimType(rollup.resource, d)}`).join(',\n       ')}${dims.length ? ',' : ''}
       n bigint not null default 0${rollup.sums.map((f) => `,\n       ${q(f)} bigint not null default 0`).join('')}
     )`;
}

/** The columns of a level's row for the base table's `new` or `old` row, counted with the sign given. */
const rowValues = (rollup: Rollup, dims: string[], row: 'new' | 'old', sign: '' | '-') =>
  [
    dayOf(rollup, row),
    ...dims.map((d) => `${row}.${q(d)}`),
    `${sign}1`,
    ...rollup.sums.map((f) => `${sign}coalesce(${row}.${q(f)}, 0)`),
  ].join(', ');

function statements(rollup: Rollup): string[] {
  const { base, sums } = rollup;
  const { table, dims } = finestLevel(rollup);
  const key = keyOf(dims);
  const fn = `${table}_fn`;
  const columns = (levelDims: string[]) => [keyOf(levelDims), 'n', ...sums.map(q)].join(', ');
  const upsert = (row: 'new' | 'old', sign: '' | '-') =>
    `insert into ${q(table)} as s (${columns(dims)}) values (${rowValues(rollup, dims, row, sign)})
       on conflict (${key}) do update set ${addExcluded(sums)};`;
  const coarse = coarseLevels(rollup);
  // Appends take no lock on existing rows: concurrent writers never wait on each other here.
  const append = (rows: ['new' | 'old', '' | '-'][]) =>
    coarse
      .map(
        (level) =>
          `insert into ${q(level.deltas!)} (${columns(level.dims)}) values ${rows
            .map(([row, sign]) => `(${rowValues(rollup, level.dims, row, sign)})`)
            .join(', ')};`,
      )
      .join('\n         ');
  const tracked = [rollup.timeColumn, ...dims, ...sums];
  const same = `row(${tracked.map((c) => `old.${q(c)}`).join(', ')}) is not distinct from row(${tracked.map((c) => `new.${q(c)}`).join(', ')})`;
  const keyText = (row: 'new' | 'old') =>
    `concat_ws('|', ${[dayOf(rollup, row), ...dims.map((d) => `${row}.${q(d)}`)].join(', ')})`;
  return [
    createTable(rollup, table, dims),
    `create unique index if not exists ${q(`${table}_key`)} on ${q(table)} (${key}) nulls not distinct`,
    ...coarse.flatMap((level) => [
      createTable(rollup, level.table, level.dims),
      `create unique index if not exists ${q(`${level.table}_key`)} on ${q(level.table)} (${keyOf(level.dims)}) nulls not distinct`,
      createTable(rollup, level.deltas!, level.dims),
    ]),
    // Both deltas of an update go in one fixed order of their keys, so two writers never wait on each other crosswise.
    `create or replace function ${q(fn)}() returns trigger language plpgsql as $fn$
     begin
       if tg_op = 'UPDATE' then
         if ${same} then return null; end if;
         if ${keyText('old')} <= ${keyText('new')} then
           ${upsert('old', '-')}
           ${upsert('new', '')}
         else
           ${upsert('new', '')}
           ${upsert('old', '-')}
         end if;
         ${append([
           ['old', '-'],
           ['new', ''],
         ])}
       elsif tg_op = 'INSERT' then
         ${upsert('new', '')}
         ${append([['new', '']])}
       else
         ${upsert('old', '-')}
         ${append([['old', '-']])}
       end if;
       return null;
     end $fn$`,
    `create or replace trigger ${q(`${table}_trg`)} after insert or update or delete on ${q(base)}
       for each row execute function ${q(fn)}()`,
  ];
}

/** Sums rows of a level's columns, grouped by its key, as `insert … select` does. */
const rolledUp = (rollup: Rollup, dims: string[], from: string) =>
  `select ${[...['day', ...dims].map(q), 'coalesce(sum(n), 0)', ...rollup.sums.map((f) => `coalesce(sum(${q(f)}), 0)`)].join(', ')}
   from ${from} group by ${['day', ...dims].map((_, i) => i + 1).join(', ')}`;

/** Refills the summary tables from their base table (after bulk loads that ran without triggers). */
export async function rebuildRollup(db: Kysely<any>, rollup: Rollup): Promise<void> {
  const { base, sums } = rollup;
  const { table, dims } = finestLevel(rollup);
  const day = rollup.timeIsDate ? q(rollup.timeColumn) : `timezone('UTC', ${q(rollup.timeColumn)})::date`;
  const cols = [day, ...dims.map(q)];
  await db.transaction().execute(async (trx) => {
    await sql.raw(`lock table ${q(base)} in share mode`).execute(trx);
    await sql.raw(`delete from ${q(table)}`).execute(trx);
    await sql
      .raw(
        `insert into ${q(table)} ("day", ${[...dims, 'n', ...sums].map(q).join(', ')})
         select ${[...cols, 'count(*)', ...sums.map((f) => `coalesce(sum(${q(f)}), 0)`)].join(', ')}
         from ${q(base)} group by ${cols.map((_, i) => i + 1).join(', ')}`,
      )
      .execute(trx);
    for (const level of coarseLevels(rollup)) {
      await sql.raw(`delete from ${q(level.deltas!)}`).execute(trx);
      await sql.raw(`delete from ${q(level.table)}`).execute(trx);
      await sql.raw(`insert into ${q(level.table)} ${rolledUp(rollup, level.dims, q(table))}`).execute(trx);
    }
  });
  for (const level of rollup.levels) await sql.raw(`analyze ${q(level.table)}`).execute(db);
}

/** Whether every level counts as many rows as the base table holds. */
async function inSync(db: Kysely<any>, rollup: Rollup): Promise<boolean> {
  const counted = (level: RollupLevel) =>
    level.deltas
      ? sql`(select coalesce(sum(n), 0) from ${sql.table(level.table)}) + (select coalesce(sum(n), 0) from ${sql.table(level.deltas)})`
      : sql`(select coalesce(sum(n), 0) from ${sql.table(level.table)})`;
  const { rows } = await sql<{ ok: boolean }>`
    select ${sql.join(
      rollup.levels.map((level) => sql`${counted(level)} = (select count(*) from ${sql.table(rollup.base)})`),
      sql` and `,
    )} as ok`.execute(db);
  return Boolean(rows[0]?.ok);
}

// Any constant shared by every instance: one instance at a time folds a level's deltas in.
const COMPACT_LOCK = 7_262_003;

/**
 * Folds the pending deltas of every coarse level into its rows, in one transaction per level: the rows it
 * deletes are exactly those it adds up (appended later, they wait for the next pass), so readers always see the
 * same totals. Skipped while another instance is doing it.
 */
export async function compactRollups(db: Kysely<any>, rollups: Rollup[]): Promise<void> {
  for (const rollup of rollups) {
    for (const level of coarseLevels(rollup)) {
      await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ got: boolean }>`select pg_try_advisory_xact_lock(${COMPACT_LOCK}) as got`.execute(
          trx,
        );
        if (!rows[0]?.got) return;
        const names = ['day', ...level.dims, 'n', ...rollup.sums].map(q).join(', ');
        await sql
          .raw(
            `with moved as (delete from ${q(level.deltas!)} returning *)
             insert into ${q(level.table)} as s (${names}) ${rolledUp(rollup, level.dims, 'moved')}
             on conflict (${keyOf(level.dims)}) do update set ${addExcluded(rollup.sums)}`,
          )
          .execute(trx);
      });
    }
  }
}

/** Creates the summary tables and triggers of every resource with `stats`, and rebuilds any that drifted. */
export async function ensureRollups(db: Kysely<any>, registry: Registry): Promise<Rollup[]> {
  const rollups = registry.resources.map((r) => rollupOf(registry, r)).filter((r): r is Rollup => !!r);
  for (const rollup of rollups) {
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`.execute(trx);
      for (const statement of statements(rollup)) await sql.raw(statement).execute(trx);
    });
    if (!(await inSync(db, rollup))) await rebuildRollup(db, rollup);
  }
  return rollups;
}

/** How often the server folds the coarse levels' deltas in. */
export const COMPACT_INTERVAL_MS = 5_000;

/** Folds the deltas in every few seconds while the server runs (readers are exact either way). */
export function scheduleCompaction(app: FastifyInstance, db: Kysely<any>, rollups: Rollup[]): void {
  if (!rollups.some((rollup) => coarseLevels(rollup).length)) return;
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= compactRollups(db, rollups)
      .catch((error: unknown) => app.log.warn({ err: error }, 'folding the statistics deltas in failed'))
      .finally(() => (running = undefined));
  }, COMPACT_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
