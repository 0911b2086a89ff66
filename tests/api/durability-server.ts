/**
 * The real server (`src/server/main.ts`) as a child process, for the suites that kill it, restart it or run two
 * of it: on a PGlite data directory or a scratch PostgreSQL database, prepared with the small demo seed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, type Engine } from '../../src/server/db/connection';
import { migrate } from '../../src/server/db/migrate';
import { seedDemo } from '../../resources/demo/demo';
import { POSTGRES_URL } from './harness';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface DataStore {
  engine: Engine;
  /** Environment that points a server at this data. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database with the migrations and the small demo seed, on disk (PGlite) or on the PostgreSQL server. */
export async function prepareStore(engine: Engine): Promise<DataStore> {
  if (engine === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-durability-'));
    const database = await createDatabase({ dataDir: dir });
    await migrate(database.db);
    await seedDemo(database.db, { size: 'small' });
    await database.close();
    return { engine, env: { DATA_DIR: dir }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `lantern_dur_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await admin(`create database "${name}"`);
  const url = new URL(POSTGRES_URL!);
  url.pathname = `/${name}`;
  const database = await createDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  await migrate(database.db);
  await seedDemo(database.db, { size: 'small' });
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-durability-'));
  return {
    engine,
    env: { DATABASE_URL: url.toString(), DATA_DIR: dir },
    drop: async () => {
      await admin(`drop database if exists "${name}" with (force)`);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** What the process wrote (for failure messages). */
  output(): string;
  /** Resolves with the exit code, or the signal that ended it. */
  exited: Promise<number | string>;
  kill(signal: NodeJS.Signals): Promise<number | string>;
}

/** Starts `src/server/main.ts` (or another entry: the server bundle) on the store; waits until /api/health answers. */
export async function startServerProcess(
  store: DataStore,
  env: Record<string, string> = {},
  entry = ['--import', 'tsx', 'src/server/main.ts'],
): Promise<ServerProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, entry, {
    cwd: ROOT,
    env: {
      ...process.env,
      ...store.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      DIST_DIR: path.join(os.tmpdir(), 'lantern-no-dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  let done = false;
  void exited.then(() => (done = true));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (done) throw new Error(`server exited before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in time:\n${output}`);
    }
    try {
      const health = await fetch(`${baseUrl}/api/health`);
      if (health.status === 200) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    child,
    output: () => output,
    exited,
    kill: (signal) => {
      if (!done) child.kill(signal);
      return exited;
    },
  };
}

export async function loginAt(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith('lantern_session='))!
    .split(';')[0];
}
