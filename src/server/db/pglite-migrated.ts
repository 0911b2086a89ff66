import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from './connection';
import { migrate } from './migrate';
import { MIGRATED_PREFIX, migratedClusterDir } from './pglite-template';

/**
 * Makes the cluster a new PGlite data directory starts from, with every migration applied, unless it exists
 * (`npm run build` calls it). Made under a private name and renamed, so a server starting meanwhile never copies
 * half of it; the clusters of earlier migrations are removed.
 */
export async function prepareMigratedCluster(): Promise<void> {
  const dir = migratedClusterDir();
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  const parent = path.dirname(dir);
  fs.mkdirSync(parent, { recursive: true });
  const partial = fs.mkdtempSync(`${dir}.`);
  try {
    const database = await createDatabase({ dataDir: partial });
    try {
      await migrate(database.db);
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
