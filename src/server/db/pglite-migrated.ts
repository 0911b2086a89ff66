import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { createDatabase } from './db';
import { migrate } from './migrate';
import { MIGRATED_PREFIX, migratedClusterDir, spareClusterDir } from './pglite-template';

/**
 * The server only ever uses the `postgres` database; template0 and template1 (CREATE DATABASE's sources) are half
 * of the cluster's 1,200 files, and creating a file is what copying the cluster costs (about 0.8 ms each on ext4):
 * without them a first start copies the cluster in half the time.
 */
async function dropTemplateDatabases(db: Kysely<any>): Promise<void> {
  for (const name of ['template0', 'template1']) {
    await sql`alter database ${sql.id(name)} is_template false`.execute(db);
    await sql`drop database ${sql.id(name)}`.execute(db);
  }
}

/**
 * Makes the cluster a new PGlite data directory starts from, with every migration applied, unless it exists, and the
 * spare copy of it the first new data directory takes (`npm run build` calls it). Both are made under a private name
 * and renamed, so a server starting meanwhile never copies half of one; the clusters of earlier migrations are
 * removed.
 */
export async function prepareMigratedCluster(): Promise<void> {
  const dir = migratedClusterDir();
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await makeMigratedCluster(dir);
  prepareSpareCluster(dir);
}

/** Copies the cluster to its spare (see copyMigratedCluster) unless a spare is there. */
function prepareSpareCluster(dir: string): void {
  const spare = spareClusterDir(dir);
  if (fs.existsSync(path.join(spare, 'PG_VERSION'))) return;
  const partial = `${spare}.${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(dir, partial, { recursive: true });
  try {
    fs.renameSync(partial, spare);
  } catch {
    // Another build made one meanwhile: its copy is as good.
    fs.rmSync(partial, { recursive: true, force: true });
  }
}

async function makeMigratedCluster(dir: string): Promise<void> {
  const parent = path.dirname(dir);
  fs.mkdirSync(parent, { recursive: true });
  const partial = fs.mkdtempSync(`${dir}.`);
  try {
    const database = await createDatabase({ dataDir: partial });
    try {
      await migrate(database.db);
      await dropTemplateDatabases(database.db);
      // Everything the migrations wrote goes into the data files, so copies need no recovery.
      await sql`checkpoint`.execute(database.db);
    } finally {
      await database.close();
    }
    try {
      fs.renameSync(path.join(partial, 'pglite'), dir);
    } catch (error) {
      // Another build finished first: its copy is as good.
      if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw error;
    }
  } finally {
    fs.rmSync(partial, { recursive: true, force: true });
  }
  for (const name of fs.readdirSync(parent)) {
    const other = path.join(parent, name);
    if (other.startsWith(MIGRATED_PREFIX) && other !== dir && !other.startsWith(`${dir}.`))
      fs.rmSync(other, { recursive: true, force: true });
  }
}
