import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { listenToChannel, type ChannelWatcher } from './listen';
import { pgliteDialect } from './pglite-dialect';
import { copyEmptyCluster, emptyClusterArchive } from './pglite-template';
import { preparedPool } from './prepared';
import { ROW_PARSERS } from './types';

export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<any>;
  engine: Engine;
  close(): Promise<void>;
  /**
   * Notifications other processes send on a channel (PostgreSQL, where several instances may share the
   * database); absent on PGlite, whose files one process owns. Answers the stop.
   */
  listen?(channel: string, watcher: ChannelWatcher): Promise<() => Promise<void>>;
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

/**
 * PGlite's buffer pool is allocated and touched whole at start, so it counts in full towards the process's memory
 * (PostgreSQL's default 128MB would be most of it). 32MB holds all of the demo data; PGLITE_SHARED_BUFFERS
 * raises it for large databases (e.g. benchmarks with a million orders).
 */
const pgliteSharedBuffers = () => process.env.PGLITE_SHARED_BUFFERS || '32MB';

/**
 * Settings of every pooled PostgreSQL session. UTC, so that date arithmetic in SQL does not depend on the server's
 * zone. Named statements planned for their values every time: after five runs PostgreSQL may otherwise settle on a
 * generic plan, which for a text search (`ilike $2` in a `limit $5` count) was 20× slower than the plan made for the
 * actual pattern.
 */
export const PG_SESSION_OPTIONS = '-c TimeZone=UTC -c plan_cache_mode=force_custom_plan';

export async function createDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 16,
      types: pgTypes as never,
      options: PG_SESSION_OPTIONS,
    });
    // An idle connection the server closed (restart, failover) is dropped and replaced by the pool;
    // without a listener it would crash the process.
    pool.on('error', (error) => console.warn(`PostgreSQL idle connection lost: ${error.message}`));
    const prepare = options.prepare ?? process.env.PG_PREPARE !== '0';
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: prepare ? preparedPool(pool) : pool }) });
    const url = options.databaseUrl;
    return {
      db,
      engine: 'postgres',
      close: () => db.destroy(),
      listen: (channel, watcher) => listenToChannel(url, channel, watcher),
    };
  }
  const dataDir = options.dataDir ?? './data';
  let location = 'memory://';
  let loadDataDir: Blob | undefined;
  if (dataDir.startsWith('memory://')) loadDataDir = await emptyClusterArchive();
  else {
    location = path.resolve(dataDir, 'pglite');
    fs.mkdirSync(location, { recursive: true });
    if (!fs.existsSync(path.join(location, 'PG_VERSION'))) await copyEmptyCluster(location);
  }
  const pglite = await PGlite.create(location, {
    parsers: ROW_PARSERS as never,
    // Trigram indexes serve the lists' text search (see schema.ts); PostgreSQL ships pg_trgm in contrib.
    extensions: { pg_trgm },
    loadDataDir,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffers()}`],
  });
  await pglite.exec(`set time zone 'UTC'`);
  const db = new Kysely<any>({ dialect: pgliteDialect(pglite) });
  return { db, engine: 'pglite', close: () => db.destroy() };
}
