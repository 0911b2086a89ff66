import { sql, type Kysely } from 'kysely';
import { statusField, type AnyResource, type StatsConfig } from '../../core/resource';
import { quoteIdent as q } from '../db/schema';
import type { Registry } from '../rest/registry';

/**
 * The daily summary table of a resource with `stats`: one row per (day, status, grouped columns, partner scope)
 * holding the row count and the sums. A trigger keeps it exact in the same transaction as each insert, update
 * and delete, so dashboards never lag and never scan the base table.
 *
 * It is a derived cache, not data: created (and rebuilt when it disagrees with its table, e.g. after a bulk load
 * that bypassed triggers) when the server starts, outside the reviewed migrations on purpose.
 */
export interface Rollup {
  resource: AnyResource;
  stats: StatsConfig;
  base: string;
  table: string;
  /** The expression of the row's day on the base table (`new`/`old` rows use the same column). */
  timeColumn: string;
  timeIsDate: boolean;
  /** Grouping columns kept in the summary (status, direct group-by columns, the partner scope). */
  dims: string[];
  sums: string[];
}

// Any constant shared by every instance: serialises the start-up DDL of several servers.
const ROLLUP_LOCK = 7_262_002;

export function rollupOf(registry: Registry, resource: AnyResource): Rollup | undefined {
  const stats = resource.stats;
  if (!stats) return undefined;
  const base = registry.table(resource);
  const dims = new Set<string>();
  const status = statusField(resource);
  if (status) dims.add(status);
  for (const path of stats.groupBy ?? []) dims.add(path.split('.')[0]);
  if (resource.access.partner?.scope && resource.access.partner.scope !== 'id') dims.add(resource.access.partner.scope);
  const time = resource.fields[stats.time];
  return {
    resource,
    stats,
    base,
    table: `stats_${base}_daily`,
    timeColumn: stats.time,
    timeIsDate: time?.kind === 'date',
    dims: [...dims],
    sums: [...(stats.sum ?? [])],
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

function statements(rollup: Rollup): string[] {
  const { table, base, dims, sums } = rollup;
  const key = ['day', ...dims].map(q).join(', ');
  const fn = `${table}_fn`;
  const delta = (row: 'new' | 'old', sign: '' | '-') =>
    `insert into ${q(table)} as s (${[key, 'n', ...sums.map(q)].join(', ')})
       values (${[dayOf(rollup, row), ...dims.map((d) => `${row}.${q(d)}`), `${sign}1`, ...sums.map((f) => `${sign}coalesce(${row}.${q(f)}, 0)`)].join(', ')})
       on conflict (${key}) do update set n = s.n + excluded.n${sums.map((f) => `, ${q(f)} = s.${q(f)} + excluded.${q(f)}`).join('')};`;
  const tracked = [rollup.timeColumn, ...dims, ...sums];
  const same = `row(${tracked.map((c) => `old.${q(c)}`).join(', ')}) is not distinct from row(${tracked.map((c) => `new.${q(c)}`).join(', ')})`;
  const keyText = (row: 'new' | 'old') =>
    `concat_ws('|', ${[dayOf(rollup, row), ...dims.map((d) => `${row}.${q(d)}`)].join(', ')})`;
  return [
    `create table if not exists ${q(table)} (
       "day" date not null,
       ${dims.map((d) => `${q(d)} ${dimType(rollup.resource, d)}`).join(',\n       ')}${dims.length ? ',' : ''}
       n bigint not null default 0${sums.map((f) => `,\n       ${q(f)} bigint not null default 0`).join('')}
     )`,
    `create unique index if not exists ${q(`${table}_key`)} on ${q(table)} (${key}) nulls not distinct`,
    // Both deltas of an update go in one fixed order of their keys, so two writers never wait on each other crosswise.
    `create or replace function ${q(fn)}() returns trigger language plpgsql as $fn$
     begin
       if tg_op = 'UPDATE' then
         if ${same} then return null; end if;
         if ${keyText('old')} <= ${keyText('new')} then
           ${delta('old', '-')}
           ${delta('new', '')}
         else
           ${delta('new', '')}
           ${delta('old', '-')}
         end if;
       elsif tg_op = 'INSERT' then
         ${delta('new', '')}
       else
         ${delta('old', '-')}
       end if;
       return null;
     end $fn$`,
    `create or replace trigger ${q(`${table}_trg`)} after insert or update or delete on ${q(base)}
       for each row execute function ${q(fn)}()`,
  ];
}

/** Refills a summary table from its base table (after bulk loads that ran without triggers). */
export async function rebuildRollup(db: Kysely<any>, rollup: Rollup): Promise<void> {
  const { table, base, dims, sums } = rollup;
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
  });
  await sql.raw(`analyze ${q(table)}`).execute(db);
}

async function inSync(db: Kysely<any>, rollup: Rollup): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`
    select (select coalesce(sum(n), 0) from ${sql.table(rollup.table)}) = (select count(*) from ${sql.table(rollup.base)}) as ok`.execute(
    db,
  );
  return Boolean(rows[0]?.ok);
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
