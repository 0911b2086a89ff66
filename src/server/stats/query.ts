import { sql, type RawBuilder } from 'kysely';
import { formatEnglish } from '../../core/messages';
import { statusField } from '../../core/resource';
import { badRequest } from '../edge/errors';
import type { ReadAccess } from '../engine/scope';
import type { Rollup, RollupLevel } from './rollup';

export const INTERVALS = ['day', 'week', 'month'] as const;
export type Interval = (typeof INTERVALS)[number];

/** A date range in whole UTC days, both ends included. */
export interface Period {
  from: string;
  to: string;
}

const FORMAT = formatEnglish({ key: 'format' });
const DAY = 86_400_000;
/** Longest range one request may cover: ten years of days. */
const MAX_DAYS = 3_660;

/** All the conditions (true when there are none). */
export const and = (conditions: RawBuilder<boolean>[]) =>
  conditions.length ? sql<boolean>`${sql.join(conditions, sql` and `)}` : sql<boolean>`true`;

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

function parseDay(raw: unknown, param: string): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(Date.parse(raw)))
    throw badRequest({ [param]: FORMAT });
  return Date.parse(raw);
}

/** `from`/`to` as YYYY-MM-DD; by default the 30 days ending today. */
export function parsePeriod(query: Record<string, unknown>, now = new Date()): Period {
  const to = parseDay(query.to, 'to') ?? Date.parse(isoDay(now.getTime()));
  const from = parseDay(query.from, 'from') ?? to - 29 * DAY;
  if (from > to) throw badRequest({ from: FORMAT }, 'from is after to');
  if ((to - from) / DAY > MAX_DAYS) throw badRequest({ from: FORMAT }, 'The period is too long');
  return { from: isoDay(from), to: isoDay(to) };
}

/** The period of the same length just before. */
export function previousPeriod(period: Period): Period {
  const from = Date.parse(period.from);
  const days = (Date.parse(period.to) - from) / DAY + 1;
  return { from: isoDay(from - days * DAY), to: isoDay(from - DAY) };
}

const MAX_GROUPS = 100;

/** How many groups a breakdown answers: 10 unless asked, at most 100. */
export function parseLimit(raw: unknown): number {
  if (raw === undefined || raw === '') return 10;
  const limit = typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (Number.isNaN(limit)) throw badRequest({ limit: formatEnglish({ key: 'integer' }) });
  if (limit < 1) throw badRequest({ limit: formatEnglish({ key: 'minValue', args: { 0: 1 } }) });
  if (limit > MAX_GROUPS) throw badRequest({ limit: formatEnglish({ key: 'maxValue', args: { 0: MAX_GROUPS } }) });
  return limit;
}

export function parseInterval(raw: unknown): Interval {
  if (raw === undefined || raw === '') return 'day';
  if (typeof raw !== 'string' || !(INTERVALS as readonly string[]).includes(raw))
    throw badRequest({ interval: FORMAT }, 'interval must be day, week or month');
  return raw as Interval;
}

/**
 * Where the aggregates are read: the daily summary table (aliased as the base table, so filter and scope SQL
 * written for the base table applies unchanged) or, when the request filters on something the summary does
 * not keep, the base table itself.
 */
export interface Source {
  from: RawBuilder<unknown>;
  alias: string;
  day: RawBuilder<unknown>;
  /** The number of rows, of those matching `where` when given. */
  count(where?: RawBuilder<boolean>): RawBuilder<number>;
  sum(field: string, where?: RawBuilder<boolean>): RawBuilder<number>;
  /** The period as a condition that an index on the time column can use. */
  within(period: Period): RawBuilder<boolean>;
}

const only = (where?: RawBuilder<boolean>) => (where ? sql`filter (where ${where})` : sql``);

/** A level of the summary tables as the source, its pending deltas added where it has them. */
export function rollupSource(rollup: Rollup, level: RollupLevel): Source {
  const alias = rollup.base;
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const columns = sql.join(['day', ...level.dims, 'n', ...rollup.sums].map((name) => sql.ref(name)));
  const rows = level.deltas
    ? sql`(select ${columns} from ${sql.table(level.table)} union all select ${columns} from ${sql.table(level.deltas)})`
    : sql.table(level.table);
  return {
    from: sql`${rows} as ${sql.table(alias)}`,
    alias,
    day: col('day'),
    count: (where) => sql<number>`coalesce(sum(${col('n')}) ${only(where)}, 0)::bigint`,
    sum: (field, where) => sql<number>`coalesce(sum(${col(field)}) ${only(where)}, 0)::bigint`,
    within: (p) => sql<boolean>`${col('day')} between ${p.from}::date and ${p.to}::date`,
  };
}

export function baseSource(rollup: Rollup): Source {
  const alias = rollup.base;
  const time = sql.ref(`${alias}.${rollup.timeColumn}`);
  return {
    from: sql`${sql.table(rollup.base)}`,
    alias,
    day: rollup.timeIsDate ? time : sql`timezone('UTC', ${time})::date`,
    count: (where) => sql<number>`count(*) ${only(where)}`,
    sum: (field, where) => sql<number>`coalesce(sum(${sql.ref(`${alias}.${field}`)}) ${only(where)}, 0)::bigint`,
    within: (p) =>
      rollup.timeIsDate
        ? sql<boolean>`${time} between ${p.from}::date and ${p.to}::date`
        : sql<boolean>`${time} >= (${p.from}::date)::timestamp at time zone 'UTC' and ${time} < ((${p.to}::date + 1)::timestamp at time zone 'UTC')`,
  };
}

/** Filter keys (`status`, `total_gte`, `q`, ...) as the field names they test. */
export function filterFields(filter: unknown): string[] {
  if (!filter || typeof filter !== 'object' || Array.isArray(filter)) return [];
  return Object.keys(filter).map((key) => /^(.+)_(gte|lte|gt|lt)$/.exec(key)?.[1] ?? key);
}

/**
 * The smallest summary level that answers a request: one keeping every column the request groups by or filters on
 * (its own filters, the config's `where`s, the reader's scope). None when a filter tests a column no level keeps
 * (the base table answers then).
 */
export function rollupLevel(rollup: Rollup, access: ReadAccess, fields: string[]): RollupLevel | undefined {
  if (access.mode === 'public') return undefined;
  const wheres = [rollup.stats.where, ...Object.values(rollup.stats.measures ?? {}).map((measure) => measure.where)];
  const needed = [
    ...fields,
    ...wheres.flatMap((where) => Object.keys(where ?? {})),
    ...(access.mode === 'owner' ? [access.field] : []),
  ];
  return rollup.levels.find((level) => needed.every((name) => level.dims.includes(name)));
}

export function statusOf(rollup: Rollup): string | undefined {
  return statusField(rollup.resource);
}
