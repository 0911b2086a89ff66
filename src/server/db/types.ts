import pg from 'pg';

/** Postgres type oids whose default JS mapping differs between node-postgres and PGlite. */
export const OID = { INT8: 20, NUMERIC: 1700, DATE: 1082, TIMESTAMP: 1114, TIMESTAMPTZ: 1184 } as const;

const parseTimestamp = pg.types.getTypeParser(OID.TIMESTAMPTZ, 'text') as (value: string) => Date;

function toNumber(value: string): number {
  return Number(value);
}

function toIso(value: string): string | null {
  const parsed = parseTimestamp(value);
  return Number.isNaN(parsed.getTime()) ? value : parsed.toISOString();
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
