import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { pgliteDialect } from './pglite-dialect';
import { preparedPool } from './prepared';
import { ROW_PARSERS } from './types';

export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<any>;
  engine: Engine;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL: use a PostgreSQL server. Otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite files go in `${dataDir}/pglite`; `memory://` keeps everything in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /** Run statements as named prepared statements on PostgreSQL (default true; PG_PREPARE=0 turns it off). */
  prepare?: boolean;
}

const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    return (ROW_PARSERS[oid] as never) ?? pg.types.getTypeParser(oid, format ?? 'text');
  },
};

export async function createDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 16,
      types: pgTypes as never,
      // Sessions run in UTC so that date arithmetic in SQL does not depend on the server's zone.
      options: '-c TimeZone=UTC',
    });
    // An idle connection the server closed (restart, failover) is dropped and replaced by the pool;
    // without a listener it would crash the process.
    pool.on('error', (error) => console.warn(`PostgreSQL idle connection lost: ${error.message}`));
    const prepare = options.prepare ?? process.env.PG_PREPARE !== '0';
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: prepare ? preparedPool(pool) : pool }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  const dataDir = options.dataDir ?? './data';
  let location = 'memory://';
  if (!dataDir.startsWith('memory://')) {
    location = path.resolve(dataDir, 'pglite');
    fs.mkdirSync(location, { recursive: true });
  }
  const pglite = await PGlite.create(location, { parsers: ROW_PARSERS as never });
  await pglite.exec(`set time zone 'UTC'`);
  const db = new Kysely<any>({ dialect: pgliteDialect(pglite) });
  return { db, engine: 'pglite', close: () => db.destroy() };
}
