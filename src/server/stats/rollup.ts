import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { statusField, tableName, type AnyResource, type StatsConfig } from '../../core/resource';
import type { ColumnDef, TableDef, TriggerDef } from '../db/table-defs';
import { faultOf } from '../db/faults';
import { withoutRequestLimits } from '../db/limits';
import { quoteIdent as q } from '../db/sql-names';

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
 * The tables and the trigger are derived from the configs into the schema model (`rollupSchema`), so the
 * reviewed migrations create them (0003 adopted those earlier servers made at start). Their rows are a cache:
 * rebuilt when the server starts and finds them disagreeing with their table (e.g. after a bulk load that
 * bypassed triggers).
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

export function rollupOf(resource: AnyResource): Rollup | undefined {
  const stats = resource.stats;
  if (!stats) return undefined;
  const base = tableName(resource);
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

/** A level's table (or its deltas' table, without the key): the day, its grouping columns, the count and sums. */
function levelTable(rollup: Rollup, table: string, dims: string[], keyed: boolean): TableDef {
  const counter = (name: string): ColumnDef => ({ name, type: 'bigint', notNull: true, default: '0' });
  return {
    name: table,
    columns: [
      { name: 'day', type: 'date', notNull: true },
      ...dims.map((d): ColumnDef => ({ name: d, type: dimType(rollup.resource, d), notNull: false })),
      counter('n'),
      ...rollup.sums.map(counter),
    ],
    indexes: keyed ? [{ name: `${table}_key`, columns: ['day', ...dims], unique: true, nullsNotDistinct: true }] : [],
    ifNotExists: true,
  };
}

/** The columns of a level's row for the base table's `new` or `old` row, counted with the sign given. */
const rowValues = (rollup: Rollup, dims: string[], row: 'new' | 'old', sign: '' | '-') =>
  [
    dayOf(rollup, row),
    ...dims.map((d) => `${row}.${q(d)}`),
    `${sign}1`,
    ...rollup.sums.map((f) => `${sign}coalesce(${row}.${q(f)}, 0)`),
  ].join(', ');

/** The summary tables of a rollup and the trigger on its base table that keeps them. */
function rollupObjects(rollup: Rollup): { tables: TableDef[]; trigger: TriggerDef } {
  const { base, sums } = rollup;
  const { table, dims } = finestLevel(rollup);
  const key = keyOf(dims);
  const columns = (levelDims: string[]) => [keyOf(levelDims), 'n', ...sums.map(q)].join(', ');
  const upsert = (row: 'new' | 'old', sign: '' | '-') =>
    `insert into ${q(table)} as s (${columns(dims)}) values (${rowValues(rollup, dims, row, sign)})\n` +
    `  on conflict (${key}) do update set ${addExcluded(sums)};`;
  const coarse = coarseLevels(rollup);
  // Appends take no lock on existing rows: concurrent writers never wait on each other here.
  const append = (rows: ['new' | 'old', '' | '-'][]) =>
    coarse.map(
      (level) =>
        `insert into ${q(level.deltas!)} (${columns(level.dims)}) values ${rows
          .map(([row, sign]) => `(${rowValues(rollup, level.dims, row, sign)})`)
          .join(', ')};`,
    );
  const tracked = [rollup.timeColumn, ...dims, ...sums];
  const same = `row(${tracked.map((c) => `old.${q(c)}`).join(', ')}) is not distinct from row(${tracked.map((c) => `new.${q(c)}`).join(', ')})`;
  const keyText = (row: 'new' | 'old') =>
    `concat_ws('|', ${[dayOf(rollup, row), ...dims.map((d) => `${row}.${q(d)}`)].join(', ')})`;
  const indent = (depth: number, statements: string[]) =>
    statements.flatMap((statement) => statement.split('\n')).map((line) => `${'  '.repeat(depth)}${line}`);
  // Both deltas of an update go in one fixed order of their keys, so two writers never wait on each other crosswise.
  const body = [
    `if tg_op = 'UPDATE' then`,
    `  if ${same} then return null; end if;`,
    `  if ${keyText('old')} <= ${keyText('new')} then`,
    ...indent(2, [upsert('old', '-'), upsert('new', '')]),
    `  else`,
    ...indent(2, [upsert('new', ''), upsert('old', '-')]),
    `  end if;`,
    ...indent(
      1,
      append([
        ['old', '-'],
        ['new', ''],
      ]),
    ),
    `elsif tg_op = 'INSERT' then`,
    ...indent(1, [upsert('new', ''), ...append([['new', '']])]),
    `else`,
    ...indent(1, [upsert('old', '-'), ...append([['old', '-']])]),
    `end if;`,
  ];
  return {
    tables: [
      levelTable(rollup, table, dims, true),
      ...coarse.flatMap((level) => [
        levelTable(rollup, level.table, level.dims, true),
        levelTable(rollup, level.deltas!, level.dims, false),
      ]),
    ],
    trigger: {
      name: `${table}_trg`,
      function: `${table}_fn`,
      table: base,
      events: 'insert or update or delete',
      body: indent(1, body).join('\n'),
    },
  };
}

/** The rollups of the resources with `stats`. */
export function rollupsOf(resources: readonly AnyResource[]): Rollup[] {
  return resources.map(rollupOf).filter((rollup): rollup is Rollup => !!rollup);
}

/** What the schema model (and so the migrations) holds for the statistics: the summary tables and triggers. */
export function rollupSchema(resources: readonly AnyResource[]): { tables: TableDef[]; triggers: TriggerDef[] } {
  const objects = rollupsOf(resources).map(rollupObjects);
  return { tables: objects.flatMap((o) => o.tables), triggers: objects.map((o) => o.trigger) };
}

/** Sums rows of a level's columns, grouped by its key, as `insert … select` does. */
const rolledUp = (rollup: Rollup, dims: string[], from: string) =>
  `select ${[...['day', ...dims].map(q), 'coalesce(sum(n), 0)', ...rollup.sums.map((f) => `coalesce(sum(${q(f)}), 0)`)].join(', ')}
   from ${from} group by ${['day', ...dims].map((_, i) => i + 1).join(', ')}`;

// Any constant shared by every instance: one instance at a time refills the summaries.
const REBUILD_LOCK = 7_262_004;

/** Refills the summary tables from their base table (after bulk loads that ran without triggers). */
export async function rebuildRollup(db: Kysely<any>, rollup: Rollup): Promise<void> {
  const { base, sums } = rollup;
  const { table, dims } = finestLevel(rollup);
  const day = rollup.timeIsDate ? q(rollup.timeColumn) : `timezone('UTC', ${q(rollup.timeColumn)})::date`;
  const cols = [day, ...dims.map(q)];
  await db.transaction().execute(async (trx) => {
    await withoutRequestLimits(trx);
    // Instances starting together rebuild one after the other (share locks of the base table do not exclude each other).
    await sql`select pg_advisory_xact_lock(${REBUILD_LOCK})`.execute(trx);
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

/** Rebuilds each rollup whose rows disagree with its table (the tables and triggers come from migrations). */
export async function syncRollups(db: Kysely<any>, rollups: Rollup[]): Promise<void> {
  for (const rollup of rollups) if (!(await inSync(db, rollup))) await rebuildRollup(db, rollup);
}

/** How often the server folds the coarse levels' deltas in. */
export const COMPACT_INTERVAL_MS = 5_000;

/**
 * Folds the deltas in every few seconds while the server runs (readers are exact either way); answers the start,
 * for once the database is there. While the database is away a pass just fails: the outage is logged once.
 */
export function scheduleCompaction(app: FastifyInstance, db: Kysely<any>, rollups: Rollup[]): () => void {
  if (!rollups.some((rollup) => coarseLevels(rollup).length)) return () => undefined;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
  return () => {
    timer ??= setInterval(() => {
      running ??= compactRollups(db, rollups)
        .catch((error: unknown) => {
          if (faultOf(error)) app.availability.noticed(error);
          else app.log.warn({ err: error }, 'folding the statistics deltas in failed');
        })
        .finally(() => (running = undefined));
    }, COMPACT_INTERVAL_MS);
    timer.unref();
  };
}
