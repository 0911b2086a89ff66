/**
 * `npm run resource:new -- <name> [--partner] [--workflow] [--no-migration]`
 *
 * Scaffolds `resources/{name}.ts`, lists it in `resources/index.ts`, writes its labels into the five
 * `i18n/*.ts` files (English filled in, the others marked `TODO: ` so the completeness test fails until
 * translated) and writes the migration SQL for review. Run it again after editing the resource: it adds
 * the labels of new fields, states and actions, and regenerates the resource's migration while that is
 * still the latest one and not committed (else it writes the next migration).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkResources, formatProblems } from '../../core/config-check';
import { LOCALES } from '../../core/locales';
import { tableName, type AnyResource } from '../../core/resource';
import { MIGRATIONS_DIR, migrationFiles } from '../db/migrate';
import { SNAPSHOT_FILE, readSnapshot, writeMigration } from '../db/snapshot';
import { registerInIndex } from './scaffold/index-file';
import { englishLabels, knownTranslations, mergeLabels, writeResourceBlock } from './scaffold/labels';
import { importName, partnerAccount, resourceTemplate } from './scaffold/template';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** A fresh import each time: the CLI rewrites files it has already loaded. */
async function load<T>(file: string): Promise<T> {
  const module = (await import(`${pathToFileURL(file).href}?t=${Date.now()}${Math.random()}`)) as { default: T };
  return module.default;
}

async function format(file: string): Promise<void> {
  try {
    const prettier = await import('prettier');
    const options = (await prettier.resolveConfig(file)) ?? {};
    const source = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, await prettier.format(source, { ...options, filepath: file }));
  } catch (error) {
    console.warn(`(not formatted: ${(error as Error).message})`);
  }
}

function tracked(file: string): boolean {
  try {
    execFileSync('git', ['ls-files', '--error-unmatch', path.relative(ROOT, file)], { cwd: ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

// Whole words only: a search trigger's `function "x_search"` is not a table.
const TABLE_IN_SQL = /\b(?:table|on)\s+"([^"]+)"/g;

/**
 * This resource's own `add_` migration, when it is the latest file, is not committed and touches no other
 * table: it can be regenerated from the edited config instead of piling a second migration on top.
 */
function redoableMigration(resource: AnyResource): string | undefined {
  const latest = migrationFiles().pop();
  if (!latest || !latest.version.endsWith(`_add_${resource.name.replace(/-/g, '_')}`)) return undefined;
  if (tracked(latest.file)) return undefined;
  const table = tableName(resource);
  const sql = fs.readFileSync(latest.file, 'utf8');
  const tables = new Set([...sql.matchAll(TABLE_IN_SQL)].map((m) => m[1]));
  return [...tables].every((t) => t === table) ? latest.file : undefined;
}

function writeResourceMigration(resources: readonly AnyResource[], resource: AnyResource): string | null {
  const redo = redoableMigration(resource);
  if (redo) {
    const snapshot = readSnapshot();
    if (snapshot) {
      snapshot.tables = snapshot.tables.filter((t) => t.name !== tableName(resource));
      fs.writeFileSync(path.join(MIGRATIONS_DIR, SNAPSHOT_FILE), JSON.stringify(snapshot, null, 2) + '\n');
    }
    fs.rmSync(redo);
  }
  const existed = readSnapshot()?.tables.some((t) => t.name === tableName(resource));
  const result = writeMigration(resources, `${existed ? 'change' : 'add'}_${resource.name}`);
  for (const warning of result.warnings) console.warn(`WARNING: ${warning}`);
  return result.file;
}

async function main() {
  const args = process.argv.slice(2);
  const name = args.find((arg) => !arg.startsWith('-'));
  if (!name || !NAME.test(name)) {
    console.error('Usage: npm run resource:new -- <name> [--partner] [--workflow] [--no-migration]');
    console.error('  <name>: the API name in kebab case and plural, e.g. `promotions` or `gift-cards`.');
    process.exit(1);
  }
  const written: string[] = [];
  const resourcesDir = path.join(ROOT, 'resources');
  const file = path.join(resourcesDir, `${name}.ts`);
  const indexFile = path.join(resourcesDir, 'index.ts');

  if (!fs.existsSync(file)) {
    const existing = await load<readonly AnyResource[]>(indexFile);
    if (existing.some((r) => r.name === name)) throw new Error(`a resource named '${name}' exists in another file`);
    const partner = args.includes('--partner') ? partnerAccount(existing) : undefined;
    if (args.includes('--partner') && !partner)
      throw new Error('--partner: no resource has `account: { kind: partner }`');
    fs.writeFileSync(file, resourceTemplate({ name, partner, workflow: args.includes('--workflow') }));
    written.push(file);
  }
  const index = fs.readFileSync(indexFile, 'utf8');
  const registered = registerInIndex(index, name, importName(name));
  if (registered !== index) {
    fs.writeFileSync(indexFile, registered);
    written.push(indexFile);
  }

  const resources = await load<readonly AnyResource[]>(indexFile);
  const resource = resources.find((r) => r.name === name);
  if (!resource) throw new Error(`resources/index.ts does not list '${name}'`);

  const english = englishLabels(resource);
  type Labels = { resources: Record<string, never> };
  const englishFile = await load<Labels>(path.join(ROOT, 'i18n', 'en.ts'));
  for (const locale of LOCALES) {
    const localeFile = path.join(ROOT, 'i18n', `${locale}.ts`);
    const messages = await load<Labels>(localeFile);
    const known = locale === 'en' ? undefined : knownTranslations(englishFile.resources, messages.resources);
    const labels = mergeLabels(messages.resources[name], english, known && ((text) => known.get(text)));
    const source = fs.readFileSync(localeFile, 'utf8');
    const next = writeResourceBlock(source, name, labels);
    if (next !== source) {
      fs.writeFileSync(localeFile, next);
      written.push(localeFile);
    }
  }
  for (const changed of written) await format(changed);

  if (!args.includes('--no-migration')) {
    const migration = writeResourceMigration(resources, resource);
    if (migration) written.push(migration, path.join(MIGRATIONS_DIR, SNAPSHOT_FILE));
  }

  for (const changed of [...new Set(written)]) console.log(`wrote ${path.relative(ROOT, changed)}`);
  const problems = checkResources(resources, { english: await load(path.join(ROOT, 'i18n', 'en.ts')) });
  if (problems.length) console.warn(`\n${formatProblems(problems)}`);
  console.log(
    [
      '',
      'Next:',
      `  1. Edit resources/${name}.ts (fields, list, workflow, access) — docs/resources.md explains every option.`,
      `  2. Run \`npm run resource:new -- ${name}\` again: it adds labels for new keys and regenerates the migration.`,
      `  3. Translate the \`TODO: \` labels in i18n/{lo,vi,th,zh}.ts (tests/unit/i18n-completeness.test.ts lists them).`,
      '  4. Review the migration in src/server/db/migrations/ and commit it with the resource.',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
