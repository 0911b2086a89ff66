import pg from 'pg';

/** Postgres type oids whose default JS mapping differs between node-postgres and PGlite. */
export const OID = { INT8: 20, NUMERIC: 1700, DATE: 1082, TIMESTAMP: 1114, TIMESTAMPTZ: 1184 } as const;

const parseTimestamp = pg.types.getTypeParser(OID.TIMESTAMPTZ, 'text') as (value: string) => Date;

function toNumber(value: string): number {
  return Number(value);
}

/** PostgreSQL's text form of a UTC timestamp (sessions run in UTC): `2026-11-22 02:11:00.123456+00`. */
const UTC_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(?:\+00)?$/;

function toIso(value: string): string | null {
  // Every timestamp of every listed row comes through here: the usual UTC form is rewritten as text, the
  // same ISO string a Date would give (milliseconds truncated), without building one.
  const utc = UTC_TEXT.exec(value);
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  const parsed: unknown = parseTimestamp(value);
  // 'infinity' and the like come back as numbers: keep PostgreSQL's text.
  return parsed instanceof Date && !Number.isNaN(parsed.getTime()) ? parsed.toISOString() : value;
}

/**
 * One text parser per oid, shared by both engines, so that rows look the same on PGlite and PostgreSQL:
 * money (bigint) and percent (numeric) as numbers, dates as 'YYYY-MM-DD', timestamps as ISO strings.
 */
export const ROW_PARSERS: Record<number, (value: string) => unknown> = {
  [OID.INT8]: toNumber,
  [OID.NUMERIC]: toNumber,
  [OID.DATE]: (value) => value,
  [OID.TIMESTAMPTZ]: toIso,
  [OID.TIMESTAMP]: toIso,
};
