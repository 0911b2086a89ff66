/**
 * A first start on a new DATA_DIR opens a cluster the build already migrated (src/server/db/pglite-migrated.ts)
 * instead of running every migration: the schema is in place before `migrate` runs, which then applies nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/server/db/db';
import { migrate, migrationFiles } from '../../src/server/db/migrate';
import { prepareMigratedCluster } from '../../src/server/db/pglite-migrated';
import { migratedClusterDir } from '../../src/server/db/pglite-template';

describe('the migrated PGlite cluster', () => {
  it('a new data directory starts with every migration applied, and migrate then applies none', async () => {
    await prepareMigratedCluster();
    expect(fs.existsSync(path.join(migratedClusterDir(), 'PG_VERSION'))).toBe(true);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-migrated-'));
    try {
      const database = await createDatabase({ dataDir: dir });
      try {
        const { rows } = await sql<{ version: string }>`select "version" from schema_migrations order by 1`.execute(
          database.db,
        );
        expect(rows.map((row) => row.version)).toEqual(migrationFiles().map((file) => file.version));
        expect((await migrate(database.db)).applied).toEqual([]);
        // The copy is a database of its own: what it writes stays out of the template.
        await sql`create table only_here (id int)`.execute(database.db);
      } finally {
        await database.close();
      }
      const again = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-migrated-'));
      const fresh = await createDatabase({ dataDir: again });
      try {
        const { rows } = await sql<{
          n: number;
        }>`select count(*)::int as n from pg_tables where tablename = 'only_here'`.execute(fresh.db);
        expect(rows[0].n).toBe(0);
      } finally {
        await fresh.close();
        fs.rmSync(again, { recursive: true, force: true });
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
