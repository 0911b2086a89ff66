import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Any constant shared by every instance: pg_advisory_lock serialises migrations across processes.
const MIGRATION_LOCK = 7_262_001;

export interface MigrationFile {
  version: string;
  file: string;
}

export function migrationFiles(dir = MIGRATIONS_DIR): MigrationFile[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), file: path.join(dir, f) }));
}

/**
 * Splits a SQL script into statements, respecting quotes, comments and dollar quoting, so hand-written
 * migrations run on PGlite's extended protocol (one statement per query) as well as on PostgreSQL.
 */
export function splitStatements(script: string): string[] {
  const statements: string[] = [];
  let current = '';
  let i = 0;
  while (i < script.length) {
    const rest = script.slice(i);
    const char = script[i];
    if (rest.startsWith('--')) {
      const end = script.indexOf('\n', i);
      i = end === -1 ? script.length : end + 1;
      current += '\n';
      continue;
    }
    if (rest.startsWith('/*')) {
      const end = script.indexOf('*/', i + 2);
      i = end === -1 ? script.length : end + 2;
      continue;
    }
    if (char === "'" || char === '"') {
      let j = i + 1;
      while (j < script.length) {
        if (script[j] === char && script[j + 1] === char) j += 2;
        else if (script[j] === char) break;
        else j++;
      }
      current += script.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    const dollar = /^\$[A-Za-z_]*\$/.exec(rest);
    if (dollar) {
      const end = script.indexOf(dollar[0], i + dollar[0].length);
      const stop = end === -1 ? script.length : end + dollar[0].length;
      current += script.slice(i, stop);
      i = stop;
      continue;
    }
    if (char === ';') {
      if (current.trim()) statements.push(current.trim());
      current = '';
      i++;
      continue;
    }
    current += char;
    i++;
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

export interface MigrateResult {
  applied: string[];
  level: string | null;
}

/** Applies pending migration files in order, each in its own transaction, under a cross-process lock. */
export async function migrate(db: Kysely<any>, dir = MIGRATIONS_DIR): Promise<MigrateResult> {
  const files = migrationFiles(dir);
  return db.connection().execute(async (conn) => {
    // Migrations may take longer than any request (an index on a large table) and may wait for another instance's
    // migrations: the session's request limits are lifted here and restored before the connection is reused.
    await sql`set statement_timeout = 0`.execute(conn);
    await sql`set lock_timeout = 0`.execute(conn);
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      await sql`create table if not exists schema_migrations (
        "version" text primary key,
        "appliedAt" timestamptz not null default now()
      )`.execute(conn);
      const done = new Set(
        (await sql<{ version: string }>`select "version" from schema_migrations`.execute(conn)).rows.map(
          (r) => r.version,
        ),
      );
      const applied: string[] = [];
      for (const migration of files) {
        if (done.has(migration.version)) continue;
        const statements = splitStatements(fs.readFileSync(migration.file, 'utf8'));
        await sql`begin`.execute(conn);
        try {
          for (const statement of statements) await sql.raw(statement).execute(conn);
          await sql`insert into schema_migrations ("version") values (${migration.version})`.execute(conn);
          await sql`commit`.execute(conn);
        } catch (error) {
          await sql`rollback`.execute(conn);
          throw new Error(`Migration ${migration.version} failed: ${(error as Error).message}`, { cause: error });
        }
        applied.push(migration.version);
      }
      return { applied, level: await migrationLevel(conn) };
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
      await sql`reset statement_timeout`.execute(conn);
      await sql`reset lock_timeout`.execute(conn);
    }
  });
}

/** The latest applied migration, shown on /api/health and the system screen. */
export async function migrationLevel(db: Kysely<any>): Promise<string | null> {
  try {
    const row = await sql<{ version: string }>`select max("version") as "version" from schema_migrations`.execute(db);
    return row.rows[0]?.version ?? null;
  } catch {
    return null;
  }
}
