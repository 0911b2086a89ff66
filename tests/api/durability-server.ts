/**
 * The real server (`src/server/main.ts`) as a child process, for the suites that kill it, restart it or run two
 * of it: on a PGlite data directory or a scratch PostgreSQL database, prepared with the small demo seed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, type Engine } from '../../src/server/db/db';
import { migrate } from '../../src/server/db/migrate';
import { seedDemo } from '../../resources/demo/demo';
import { POSTGRES_URL } from './harness';

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

// The server process itself lives in tests/support (the soak script starts it too, outside vitest).
export { loginAt, startServerProcess, type ServerProcess } from '../support/server-process';
