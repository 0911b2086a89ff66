import { SEARCH_COLUMN } from '../../core/search';
import { SEARCH_FUNCTIONS_SQL } from './search-schema';
import {
  addCheckSql,
  addForeignKeySql,
  addUniqueSql,
  checkName,
  columnSql,
  createIndexSql,
  createTableSql,
  createTriggerSql,
  dropTriggerSql,
  foreignKeyName,
  foreignKeysSql,
  quoteIdent as q,
  sameIndex,
  TRIGRAM_EXTENSION_SQL,
  uniqueName,
  type ColumnDef,
  type SchemaModel,
  type TableDef,
  type TriggerDef,
} from './schema';

export interface SchemaDiff {
  /** SQL lines in order; destructive ones are commented out. */
  lines: string[];
  warnings: string[];
  /** Whether anything changed at all. */
  changed: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Writes a destructive statement for review: commented out, with the reason, never run silently. */
function destructive(lines: string[], warnings: string[], warning: string, statement: string) {
  warnings.push(warning);
  lines.push(`-- WARNING: ${warning}. Review, then uncomment to apply.`);
  lines.push(`-- ${statement}`);
}

function diffColumn(table: string, before: ColumnDef, after: ColumnDef, lines: string[], warnings: string[]) {
  const col = q(after.name);
  const t = q(table);
  if (before.type !== after.type) {
    destructive(
      lines,
      warnings,
      `${table}.${after.name} changes type from ${before.type} to ${after.type}; existing values may not convert`,
      `alter table ${t} alter column ${col} type ${after.type} using ${col}::${after.type};`,
    );
  }
  if (before.default !== after.default) {
    lines.push(
      after.default === undefined
        ? `alter table ${t} alter column ${col} drop default;`
        : `alter table ${t} alter column ${col} set default ${after.default};`,
    );
  }
  if (before.notNull !== after.notNull) {
    if (after.notNull) {
      warnings.push(`${table}.${after.name} becomes NOT NULL; fill existing NULLs first`);
      lines.push(`-- NOTE: fails while rows hold NULL in ${table}.${after.name}.`);
      lines.push(`alter table ${t} alter column ${col} set not null;`);
    } else lines.push(`alter table ${t} alter column ${col} drop not null;`);
  }
  if (!same(before.values, after.values)) {
    if (before.values) lines.push(`alter table ${t} drop constraint if exists ${q(checkName(table, after.name))};`);
    if (after.values) {
      const removed = (before.values ?? []).filter((v) => !after.values!.includes(v));
      if (removed.length) {
        warnings.push(
          `${table}.${after.name} no longer allows ${removed.join(', ')}; rows holding them block the check`,
        );
        lines.push(`-- NOTE: fails while rows hold ${removed.join(', ')}.`);
      }
      lines.push(addCheckSql(table, after));
    }
  }
  if (Boolean(before.unique) !== Boolean(after.unique)) {
    lines.push(
      after.unique
        ? addUniqueSql(table, after.name)
        : `alter table ${t} drop constraint if exists ${q(uniqueName(table, after.name))};`,
    );
  }
  if (!same(before.references, after.references)) {
    if (before.references)
      lines.push(`alter table ${t} drop constraint if exists ${q(foreignKeyName(table, after.name))};`);
    if (after.references) lines.push(addForeignKeySql(table, after));
  }
}

function diffTable(before: TableDef, after: TableDef, lines: string[], warnings: string[]) {
  const t = q(after.name);
  const oldColumns = new Map(before.columns.map((c) => [c.name, c]));
  const newColumns = new Map(after.columns.map((c) => [c.name, c]));
  for (const column of after.columns) {
    const old = oldColumns.get(column.name);
    if (!old) {
      if (column.notNull && column.default === undefined) {
        warnings.push(`${after.name}.${column.name} is NOT NULL without a default; it fails on a non-empty table`);
        lines.push(`-- NOTE: add a default or backfill if ${after.name} has rows.`);
      }
      lines.push(`alter table ${t} add column ${columnSql(column)};`);
      if (column.values) lines.push(addCheckSql(after.name, column));
      if (column.unique) lines.push(addUniqueSql(after.name, column.name));
      if (column.references) lines.push(addForeignKeySql(after.name, column));
    } else diffColumn(after.name, old, column, lines, warnings);
  }
  for (const column of before.columns) {
    if (!newColumns.has(column.name))
      destructive(
        lines,
        warnings,
        `column ${after.name}.${column.name} is no longer in the config; dropping it deletes its data`,
        `alter table ${t} drop column ${q(column.name)};`,
      );
  }
  const oldIndexes = new Map(before.indexes.map((i) => [i.name, i]));
  const newIndexes = new Map(after.indexes.map((i) => [i.name, i]));
  for (const index of before.indexes) {
    const next = newIndexes.get(index.name);
    if (!next || !sameIndex(next, index)) lines.push(`drop index if exists ${q(index.name)};`);
  }
  for (const index of after.indexes) {
    const old = oldIndexes.get(index.name);
    if (!old || !sameIndex(old, index)) lines.push(createIndexSql(after.name, index));
  }
}

/** Triggers are code, not data: a new or changed one is (re)created, one no longer derived is dropped. */
function diffTriggers(before: TriggerDef[], after: TriggerDef[], lines: string[]) {
  const old = new Map(before.map((t) => [t.name, t]));
  const next = new Set(after.map((t) => t.name));
  for (const trigger of before) if (!next.has(trigger.name)) lines.push(...dropTriggerSql(trigger), '');
  for (const trigger of after) if (!same(old.get(trigger.name), trigger)) lines.push(...createTriggerSql(trigger), '');
}

/** The SQL that moves a database from one derived schema to the next. */
export function diffSchemas(before: SchemaModel | null, after: SchemaModel): SchemaDiff {
  const lines: string[] = [];
  const warnings: string[] = [];
  const oldTables = new Map((before?.tables ?? []).map((t) => [t.name, t]));
  const newTables = new Map(after.tables.map((t) => [t.name, t]));
  const created: TableDef[] = [];
  for (const table of after.tables) {
    const old = oldTables.get(table.name);
    if (!old) {
      lines.push(...createTableSql(table), '');
      created.push(table);
    } else diffTable(old, table, lines, warnings);
  }
  for (const table of created) lines.push(...foreignKeysSql(table));
  // Derived tables are filled from the rows already there once every table exists, before their triggers run.
  for (const table of created) if (table.fill) lines.push('', table.fill);
  diffTriggers(before?.triggers ?? [], after.triggers ?? [], lines);
  for (const table of before?.tables ?? []) {
    if (!newTables.has(table.name))
      destructive(
        lines,
        warnings,
        `table ${table.name} is no longer in the config; dropping it deletes its data`,
        `drop table ${q(table.name)};`,
      );
  }
  // A trigram index needs pg_trgm: created first, once, when these changes bring the first such index.
  const trigrams = (model: SchemaModel | null) => (model?.tables ?? []).some((t) => t.indexes.some((i) => i.trigram));
  if (trigrams(after) && !trigrams(before)) lines.unshift(TRIGRAM_EXTENSION_SQL, '');
  // The search columns' triggers call the fold: created first, once, with the first search column.
  const searched = (model: SchemaModel | null) =>
    (model?.tables ?? []).some((t) => t.columns.some((c) => c.name === SEARCH_COLUMN));
  if (searched(after) && !searched(before)) lines.unshift(...SEARCH_FUNCTIONS_SQL, '');
  const changed = lines.some((l) => l.trim() !== '');
  return { lines, warnings, changed };
}
