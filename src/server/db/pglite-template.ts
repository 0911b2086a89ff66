import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { migrationFiles } from './migrate';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PGLITE_VERSION = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** Where the empty cluster is kept; its name changes with PGlite's version, whose initdb made it. */
export const TEMPLATE_DIR = path.join(ROOT, 'node_modules', '.cache', 'lantern', `pglite-${PGLITE_VERSION}-initdb`);
/** The same cluster as one tar archive, for in-memory databases (PGlite's `loadDataDir`). */
const TEMPLATE_ARCHIVE = `${TEMPLATE_DIR}.tar`;

let making: Promise<void> | undefined;

async function initdb(): Promise<void> {
  // Made under private names and renamed: a server starting meanwhile never sees half a cluster.
  const partial = `${TEMPLATE_DIR}.${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  // PGlite runs initdb in its first start on an empty directory: a second WASM instance, several seconds.
  const pglite = await PGlite.create(partial);
  try {
    // Everything initdb and the first start wrote goes into the data files, so copies need no recovery.
    await pglite.exec('checkpoint');
    const archive = await pglite.dumpDataDir('none');
    fs.writeFileSync(`${partial}.tar`, new Uint8Array(await archive.arrayBuffer()));
  } finally {
    await pglite.close();
  }
  fs.renameSync(`${partial}.tar`, TEMPLATE_ARCHIVE);
  try {
    fs.renameSync(partial, TEMPLATE_DIR);
  } catch {
    // Another process finished first: its copy is as good.
    fs.rmSync(partial, { recursive: true, force: true });
  }
}

/** Makes the template unless it exists (`npm run build` calls it, so that no server start has to). */
export async function prepareEmptyCluster(): Promise<void> {
  if (fs.existsSync(TEMPLATE_ARCHIVE) && fs.existsSync(path.join(TEMPLATE_DIR, 'PG_VERSION'))) return;
  // Databases created at once in one process (tests) wait for the same initdb.
  making ??= initdb().finally(() => (making = undefined));
  await making;
}

let warned = false;

/** False when the template cannot be made (e.g. a read-only node_modules): PGlite then runs initdb itself. */
async function templateReady(): Promise<boolean> {
  try {
    await prepareEmptyCluster();
    return true;
  } catch (error) {
    if (!warned)
      console.warn(`No PGlite template cluster (${(error as Error).message}): each new database runs initdb`);
    warned = true;
    return false;
  }
}

/**
 * initdb is the slowest and most memory-hungry part of a first start (and of every in-memory test database),
 * and its output is the same every time: it runs once per PGlite version (`npm run build` does it) and new
 * databases start from a copy of that empty cluster. False if there is none to copy.
 */
export async function copyEmptyCluster(location: string): Promise<boolean> {
  if (!(await templateReady())) return false;
  fs.cpSync(TEMPLATE_DIR, location, { recursive: true });
  return true;
}

/** The empty cluster for an in-memory database, read from the file as PGlite unpacks it (not kept in memory). */
export async function emptyClusterArchive(): Promise<Blob | undefined> {
  return (await templateReady()) ? fs.openAsBlob(TEMPLATE_ARCHIVE) : undefined;
}

/**
 * What else shapes the migrated cluster (pglite-migrated.ts); changed when the way it is made changes, so that a
 * cluster an earlier build made is made again.
 */
const MIGRATED_LAYOUT = 'without template databases';

/**
 * The migrations' names and contents in one digest: a cluster made by other migrations, or made otherwise, is
 * never reused.
 */
function migrationsDigest(): string {
  const hash = crypto.createHash('sha256').update(MIGRATED_LAYOUT);
  for (const migration of migrationFiles()) hash.update(migration.version).update(fs.readFileSync(migration.file));
  return hash.digest('hex').slice(0, 16);
}

/** Where a cluster with every migration applied is kept (made by `npm run build`, see pglite-migrated.ts). */
export const MIGRATED_PREFIX = `${TEMPLATE_DIR.replace(/-initdb$/, '')}-migrated-`;

export function migratedClusterDir(): string {
  return `${MIGRATED_PREFIX}${migrationsDigest()}`;
}

/** The spare copy of a migrated cluster, made by the build for the first new data directory to take whole. */
export function spareClusterDir(dir: string): string {
  return `${dir}.spare`;
}

/**
 * A new data directory starts from the migrated cluster when the build made one for these very migrations: the
 * first start then opens a database whose schema is in place instead of running every migration (about 1.5 s on
 * PGlite). False when there is none; the caller starts from the empty cluster and migrates.
 *
 * Copying the cluster is mostly creating its 600 files (0.8 ms each on the ext4 it was measured on, 0.3–0.8 s in
 * all), so the build copies it ahead: the first new `location` on the same file system takes that spare copy by a
 * rename, which costs nothing. `location` is the empty directory the caller made; the rename fails when another
 * process took the spare first, when there is none, or across file systems, and the cluster is copied instead.
 */
export function copyMigratedCluster(location: string): boolean {
  const dir = migratedClusterDir();
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) return false;
  try {
    fs.renameSync(spareClusterDir(dir), location);
  } catch {
    fs.cpSync(dir, location, { recursive: true });
  }
  return true;
}
