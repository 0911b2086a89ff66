import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { ANSWER_GRACE_MS, limitOptions, type DatabaseLimits } from './limits';
import { attachBus } from './commit-bus';
import { listenToChannel, type ChannelWatcher } from './listen';
import { claimDataDir } from './pglite-owner';
import { pgliteDialect } from './pglite-dialect';
import { copyEmptyCluster, copyMigratedCluster, emptyClusterArchive } from './pglite-template';
import { guardedPool } from './pool-guard';
import { preparedPool } from './prepared';
import { DatabaseProbe, type ProbeResult } from './probe';
import { ROW_PARSERS } from './types';
import { reserveReadShare } from './writer-share';

export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<any>;
  engine: Engine;
  close(): Promise<void>;
  /**
   * Whether the database answers `select 1` within a second, on a connection of its own (PostgreSQL). Absent on
   * PGlite: it runs inside this process, so it is there whenever the process can answer.
   */
  probe?(): Promise<ProbeResult>;
  /** Errors of idle pooled connections (the server closed them): the first sign of an outage. */
  onIdleError?(listener: (error: Error) => void): void;
  /**
   * Notifications other processes send on a channel (PostgreSQL, where several instances may share the
   * database); absent on PGlite, whose files one process owns. Answers the stop.
   */
  listen?(channel: string, watcher: ChannelWatcher): Promise<() => Promise<void>>;
  /**
   * Notifications on these channels, on both engines, each delivered once its transaction committed (a rolled-back
   * NOTIFY is never heard): on PostgreSQL from every instance, over one LISTEN connection per call that recovers
   * after outages; on PGlite from this process's own session. Answers the stop.
   */
  subscribe(channels: readonly string[], watcher: ChannelWatcher): Promise<() => Promise<void>>;
}

export interface DatabaseOptions {
  /** A postgres:// URL: use a PostgreSQL server. Otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite files go in `${dataDir}/pglite`; `memory://` keeps everything in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /** Run statements as named prepared statements on PostgreSQL (default true; PG_PREPARE=0 turns it off). */
  prepare?: boolean;
  /**
   * Bounded waits for the server's requests (PostgreSQL; see limits.ts). Without them (command-line tools,
   * fixtures), statements and lock waits are unbounded as in a plain session.
   */
  limits?: DatabaseLimits;
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
 * zone. Plans are left to PostgreSQL's own choice (cached once a generic plan is as good): the statements a generic
 * plan serves badly are marked to be planned for their values each time (db/custom-plan.ts), not the whole session.
 */
export const PG_SESSION_OPTIONS = '-c TimeZone=UTC';

export async function createDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) {
    const { limits } = options;
    const poolSize = options.poolSize ?? 16;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: poolSize,
      types: pgTypes as never,
      options: limits ? `${PG_SESSION_OPTIONS} ${limitOptions(limits)}` : PG_SESSION_OPTIONS,
      // Both waits are bounded: for a free connection of the pool, and for a new one to open.
      ...(limits && {
        connectionTimeoutMillis: limits.checkoutTimeoutMs,
        query_timeout: limits.statementTimeoutMs + ANSWER_GRACE_MS,
      }),
    });
    // An idle connection the server closed (restart, failover) is dropped and replaced by the pool;
    // without a listener it would crash the process.
    const idleErrors = new EventEmitter<{ error: [Error] }>();
    // (An 'error' event nobody listens to throws: with no listener the loss is only logged.)
    pool.on('error', (error) => {
      if (idleErrors.listenerCount('error')) idleErrors.emit('error', error);
      else console.warn(`PostgreSQL idle connection lost: ${error.message}`);
    });
    const prepare = options.prepare ?? process.env.PG_PREPARE !== '0';
    const db = new Kysely<any>({
      dialect: new PostgresDialect({ pool: guardedPool(prepare ? preparedPool(pool) : pool) }),
    });
    if (limits) reserveReadShare(db, poolSize, limits.checkoutTimeoutMs);
    const url = options.databaseUrl;
    const probe = new DatabaseProbe(url);
    return {
      db,
      engine: 'postgres',
      close: async () => {
        await probe.close();
        await db.destroy();
      },
      probe: () => probe.check(),
      onIdleError: (listener) => idleErrors.on('error', listener),
      listen: (channel, watcher) => listenToChannel(url, channel, watcher),
      subscribe: (channels, watcher) => listenToChannel(url, channels, watcher),
    };
  }
  const dataDir = options.dataDir ?? './data';
  let location = 'memory://';
  let loadDataDir: Blob | undefined;
  let release = () => {};
  if (dataDir.startsWith('memory://')) loadDataDir = await emptyClusterArchive();
  else {
    release = claimDataDir(dataDir);
    location = path.resolve(dataDir, 'pglite');
    fs.mkdirSync(location, { recursive: true });
    if (!fs.existsSync(path.join(location, 'PG_VERSION')) && !copyMigratedCluster(location))
      await copyEmptyCluster(location);
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(location, {
      parsers: ROW_PARSERS as never,
      // Trigram indexes serve the lists' text search, which folds marks with unaccent (see search-schema.ts);
      // PostgreSQL ships both in contrib.
      extensions: { pg_trgm, unaccent },
      loadDataDir,
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffers()}`],
    });
  } catch (error) {
    release();
    throw error;
  }
  await pglite.exec(`set time zone 'UTC'`);
  // PGlite 0.5 accepts the statement limit but cannot enforce it (its single-threaded WebAssembly build has no
  // timer to interrupt a running statement); it is set so that a build which can will. Lock and idle-transaction
  // limits have nothing to act on: there is one session, and the process queues its requests for it.
  if (options.limits) await pglite.exec(`set statement_timeout = ${options.limits.statementTimeoutMs}`);
  const db = new Kysely<any>({ dialect: pgliteDialect(pglite) });
  const bus = attachBus(db);
  return {
    db,
    engine: 'pglite',
    close: async () => {
      await db.destroy();
      release();
    },
    // No LISTEN on the one shared session: writes publish on this process's bus after commit (commit-bus.ts).
    async subscribe(channels, watcher) {
      const handlers = channels.map((channel) => {
        const handler = (payload: string) => watcher.onNotify(payload, channel);
        bus.on(channel, handler);
        return () => bus.off(channel, handler);
      });
      watcher.onListening(true);
      return async () => handlers.forEach((off) => off());
    },
  };
}
