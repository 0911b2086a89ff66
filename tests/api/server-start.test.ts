/**
 * How the server starts on PGlite (a cold start of a few seconds in a few hundred MB). `npm start` runs
 * the bundle `npm run build` writes; a new data directory, like every in-memory database, starts from the empty
 * cluster the build keeps instead of running initdb, with a buffer pool of PGLITE_SHARED_BUFFERS (32MB).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, SERVER_BUNDLE } from '../../src/server/cli/build-server';
import { createDatabase } from '../../src/server/db/db';
import { migrationFiles } from '../../src/server/db/migrate';
import { loginAt, startServerProcess } from './durability-server';

const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-start-'));

describe('the server bundle (npm start)', () => {
  // Next to the real bundle, under a name of its own: a build running meanwhile keeps its file.
  const bundle = path.join(path.dirname(SERVER_BUNDLE), `main.test-${process.pid}.js`);
  const dataDir = scratch();
  beforeAll(() => buildServer(bundle), 60_000);
  afterAll(() => {
    fs.rmSync(bundle, { force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts on a new DATA_DIR (migrations, demo data) and again on the same data', async () => {
    const store = { engine: 'pglite' as const, env: { DATA_DIR: dataDir }, drop: async () => {} };
    const latest = migrationFiles().at(-1)!.version;
    for (const start of ['first', 'again']) {
      const server = await startServerProcess(store, {}, [bundle]);
      try {
        const health = await (await fetch(`${server.baseUrl}/api/health`)).json();
        expect(health).toMatchObject({ status: 'ok', db: 'pglite', migration: latest });
        // The demo accounts exist: seeded on the first start only.
        await loginAt(server.baseUrl, 'admin@example.com', 'Admin#2026');
        expect(server.output().includes('Demo data loaded')).toBe(start === 'first');
      } finally {
        expect(await server.kill('SIGTERM')).toBe(0);
      }
    }
  });
});

describe('a new PGlite database', () => {
  it('in memory and in a new directory works from the empty cluster, with a 32MB buffer pool, and keeps its data', async () => {
    const dir = scratch();
    try {
      for (const dataDir of ['memory://', dir]) {
        const database = await createDatabase({ dataDir });
        try {
          const settings = await sql<{ buffers: string; db: string }>`
            select current_setting('shared_buffers') as buffers, current_database() as db`.execute(database.db);
          expect(settings.rows[0]).toEqual({ buffers: '32MB', db: 'postgres' });
          await sql`create table kept (id int primary key, note text)`.execute(database.db);
          await sql`insert into kept values (1, 'written')`.execute(database.db);
        } finally {
          await database.close();
        }
      }
      expect(fs.existsSync(path.join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
      const reopened = await createDatabase({ dataDir: dir });
      try {
        const { rows } = await sql<{ note: string }>`select note from kept where id = 1`.execute(reopened.db);
        expect(rows).toEqual([{ note: 'written' }]);
      } finally {
        await reopened.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
