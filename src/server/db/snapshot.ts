import fs from 'node:fs';
import path from 'node:path';
import type { AnyResource } from '../../core/resource';
import { diffSchemas } from './diff';
import { MIGRATIONS_DIR, migrationFiles } from './migrate';
import { deriveSchema, type SchemaModel } from './schema';

export const SNAPSHOT_FILE = 'schema.snapshot.json';

export function readSnapshot(dir = MIGRATIONS_DIR): SchemaModel | null {
  const file = path.join(dir, SNAPSHOT_FILE);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as SchemaModel) : null;
}

export interface NewMigration {
  file: string | null;
  warnings: string[];
}

/** Writes the next migration file for the difference between the committed snapshot and the configs. */
export function writeMigration(resources: readonly AnyResource[], name: string, dir = MIGRATIONS_DIR): NewMigration {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '') || 'change';
  const next = deriveSchema(resources);
  const diff = diffSchemas(readSnapshot(dir), next);
  if (!diff.changed) return { file: null, warnings: [] };
  const files = migrationFiles(dir);
  const number = files.length ? Number.parseInt(files[files.length - 1].version.slice(0, 4), 10) + 1 : 1;
  const version = `${String(number).padStart(4, '0')}_${slug}`;
  const header = [
    `-- Migration ${version}: generated from resources/ by \`npm run db:migration:new\`. Review before committing.`,
    ...diff.warnings.map((w) => `-- WARNING: ${w}`),
    '',
  ];
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${version}.sql`);
  fs.writeFileSync(
    file,
    [...header, ...diff.lines]
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd() + '\n',
  );
  fs.writeFileSync(path.join(dir, SNAPSHOT_FILE), JSON.stringify(next, null, 2) + '\n');
  return { file, warnings: diff.warnings };
}
