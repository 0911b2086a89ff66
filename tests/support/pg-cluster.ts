/**
 * A PostgreSQL cluster of its own, for tests and scripts that stop and start the database (SPEC §10's faults):
 * Debian's PostgreSQL 15 binaries, a data directory in a temp folder, a free port, listening on 127.0.0.1 only,
 * run as the `postgres` user when this process is root (CI), else as the current user. The shared server on 5432
 * is never touched.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createDatabase } from '../../src/server/db/db';
import { migrate } from '../../src/server/db/migrate';
import { seedDemo } from '../../resources/demo/demo';
import { roomyHolds } from '../api/workflows-helpers';
import { freePort, runStatement } from './net';

export { freePort };

const BIN = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
const run = promisify(execFile);

export interface PgCluster {
  port: number;
  /** A connection URL for one database of the cluster. */
  url(database?: string): string;
  createDatabase(name: string): Promise<string>;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: sessions are ended, connections refused until `start`. */
  stop(): Promise<void>;
  running(): boolean;
  /** Stops the cluster and deletes its files. */
  destroy(): Promise<void>;
}

/** Whose files and processes: root may not run PostgreSQL, so the cluster belongs to `postgres` then. */
function owner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

export async function startCluster(): Promise<PgCluster> {
  const as = owner();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-pg-'));
  if (as) fs.chownSync(dir, as.uid, as.gid);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const pgRun = (bin: string, args: string[]) =>
    run(path.join(BIN, bin), args, { cwd: dir, ...(as ?? {}), env: { ...process.env, LC_ALL: 'C.UTF-8' } });
  await pgRun('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  let up = false;
  const cluster: PgCluster = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async createDatabase(name) {
      await runStatement(cluster.url(), `create database "${name}"`);
      return cluster.url(name);
    },
    async start() {
      // fsync off: a test cluster is stopped cleanly (a fast stop still writes every committed change out).
      const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
      await pgRun('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', 'start']);
      up = true;
    },
    async stop() {
      await pgRun('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      up = false;
    },
    running: () => up,
    async destroy() {
      if (up) await cluster.stop().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}

let databases = 0;

/** A new database on the cluster with the migrations and the small demo seed; answers its URL. */
export async function seededDatabase(
  cluster: PgCluster,
  name = `lantern_${process.pid}_${++databases}`,
): Promise<string> {
  const url = await cluster.createDatabase(name);
  const database = await createDatabase({ databaseUrl: url, poolSize: 4 });
  await migrate(database.db);
  await seedDemo(database.db, { size: 'small' });
  // The fault suites book many orders for one customer and leave them unpaid; the cap on held seats has its own test.
  await roomyHolds(database.db);
  await database.close();
  return url;
}
