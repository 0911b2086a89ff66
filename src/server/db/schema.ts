import type { Field } from '../../core/fields';
import { statusField, tableName, type AnyResource } from '../../core/resource';
import { SEARCH_COLUMN, SEARCH_PAIRS_COLUMN } from '../../core/search';
import { accountEmailSchema } from '../auth/account-emails';
import { TWO_FACTOR_TABLES } from '../auth/two-factor/tables';
import { FILES_TABLE } from '../images/store';
import { rollupSchema } from '../stats/rollup';
import { hasSearchColumn, searchTriggers, searchWordsTables } from './search-schema';
import { identifier, quoteIdent as q, quoteLiteral as literal } from './sql-names';
import type { ColumnDef, IndexDef, SchemaModel, TableDef, TriggerDef } from './table-defs';

export type { ColumnDef, IndexDef, SchemaModel, TableDef, TriggerDef } from './table-defs';

/** The extension trigram indexes need; migrations create it before the first such index. */
export const TRIGRAM_EXTENSION_SQL = 'create extension if not exists pg_trgm;';

/** The column a field is stored in: a password `p` is kept as its hash in `pHash`. */
export function columnName(name: string, field: Field): string {
  return field.kind === 'password' ? `${name}Hash` : name;
}

export function isJsonKind(field: Field): boolean {
  return (
    field.kind === 'localized' ||
    field.kind === 'images' ||
    field.kind === 'json' ||
    (field.kind === 'enum' && Boolean(field.multiple))
  );
}

function sqlType(field: Field): string {
  if (isJsonKind(field)) return 'jsonb';
  switch (field.kind) {
    case 'integer':
      return 'integer';
    case 'money':
    case 'ref':
      return 'bigint';
    case 'percent':
      return 'numeric(6,3)';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
    default:
      return 'text';
  }
}

function sqlDefault(field: Field, type: string): string | undefined {
  const value = field.default;
  if (value === undefined || value === null || typeof value === 'function') return undefined;
  if (type === 'jsonb') return `${literal(JSON.stringify(value))}::jsonb`;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return literal(value);
  return undefined;
}

export { identifier };

const SYSTEM_COLUMNS: ColumnDef[] = [
  { name: 'id', type: 'bigint identity', notNull: true },
  { name: 'createdAt', type: 'timestamptz', notNull: true, default: 'now()' },
  { name: 'updatedAt', type: 'timestamptz', notNull: true, default: 'now()' },
  { name: 'version', type: 'integer', notNull: true, default: '1' },
];

export function resourceTable(resource: AnyResource, byName: Map<string, AnyResource>): TableDef {
  const table = tableName(resource);
  const status = statusField(resource);
  const columns: ColumnDef[] = SYSTEM_COLUMNS.map((c) => ({ ...c }));
  for (const [name, field] of Object.entries(resource.fields)) {
    const type = sqlType(field);
    const column: ColumnDef = { name: columnName(name, field), type, notNull: Boolean(field.required) };
    const fallback = name === status ? resource.workflow?.initial : undefined;
    const dflt = sqlDefault(fallback !== undefined ? { ...field, default: field.default ?? fallback } : field, type);
    if (dflt !== undefined) column.default = dflt;
    if (name === status) {
      column.notNull = true;
      column.values = [...(resource.workflow?.states ?? [])];
    } else if (field.kind === 'enum' && !field.multiple) column.values = [...field.values];
    if (field.unique) column.unique = true;
    if (field.kind === 'ref') {
      const target = byName.get(field.reference);
      if (!target) throw new Error(`${resource.name}.${name}: reference to unknown resource '${field.reference}'`);
      column.references = { table: tableName(target), onDelete: field.onDelete ?? 'restrict' };
    }
    columns.push(column);
  }

  // An index for each filter and for the default sort, led by the filter so "filter + sort" reads one range.
  const known = new Set(columns.map((c) => c.name));
  const indexed = new Map<string, string[]>();
  const add = (cols: string[]) => {
    const unique = [...new Set(cols)];
    if (unique.some((c) => !known.has(c)) || (unique.length === 1 && unique[0] === 'id')) return;
    indexed.set(unique.join(','), unique);
  };
  const [sortField] = resource.list.sort;
  const sortCols = sortField === 'id' ? ['id'] : [sortField, 'id'];
  if (sortField !== 'id') add(sortCols);
  const scopes = [resource.access.partner?.scope, resource.access.user?.scope].filter((s): s is string => !!s);
  for (const filter of [...(resource.list.filters ?? []), ...scopes]) {
    if (filter === 'id') continue;
    const field = resource.fields[filter];
    if (field && isJsonKind(field)) continue;
    add(filter === sortField ? sortCols : [filter, ...sortCols]);
  }
  for (const cols of resource.indexes ?? []) add([...cols]);
  const indexes: IndexDef[] = [...indexed.values()].map((cols) => ({
    name: identifier(`${table}_${cols.join('_')}_idx`),
    columns: cols,
  }));
  for (const cols of resource.uniques ?? [])
    indexes.push({
      name: identifier(`${table}_${cols.join('_')}_key`),
      columns: cols.map((name) => columnName(name, resource.fields[name])),
      unique: true,
    });
  // The list's text search (`q`) reads one column the database fills at write time (search-schema.ts): a trigram
  // index on it finds the rows holding every word without reading every row.
  if (hasSearchColumn(resource)) {
    columns.push({ name: SEARCH_COLUMN, type: 'text', notNull: false });
    indexes.push({ name: identifier(`${table}_${SEARCH_COLUMN}_trgm_idx`), columns: [SEARCH_COLUMN], trigram: true });
    // Two-character CJK words are below a trigram: the text's character pairs, kept beside it, find them.
    columns.push({ name: SEARCH_PAIRS_COLUMN, type: 'text[]', notNull: false });
    indexes.push({
      name: identifier(`${table}_${SEARCH_PAIRS_COLUMN}_idx`),
      columns: [SEARCH_PAIRS_COLUMN],
      elements: true,
    });
  }
  return { name: table, columns, indexes };
}

/** Tables the server itself needs besides the resources (sessions and login throttling live in the database). */
export const SYSTEM_TABLES: TableDef[] = [
  {
    name: 'sessions',
    columns: [
      { name: 'id', type: 'text primary key', notNull: true },
      { name: 'accountKind', type: 'text', notNull: true },
      { name: 'accountId', type: 'bigint', notNull: true },
      { name: 'createdAt', type: 'timestamptz', notNull: true, default: 'now()' },
      { name: 'expiresAt', type: 'timestamptz', notNull: true },
      { name: 'lastSeenAt', type: 'timestamptz', notNull: true, default: 'now()' },
    ],
    indexes: [{ name: 'sessions_accountKind_accountId_idx', columns: ['accountKind', 'accountId'] }],
  },
  {
    name: 'login_attempts',
    columns: [
      { name: 'key', type: 'text', notNull: true },
      { name: 'at', type: 'timestamptz', notNull: true, default: 'now()' },
    ],
    indexes: [{ name: 'login_attempts_key_at_idx', columns: ['key', 'at'] }],
  },
  // Links mailed to prove an address or to set a new password: only a hash of each token is kept (auth/account-tokens.ts).
  {
    name: 'account_tokens',
    columns: [
      { name: 'id', type: 'text primary key', notNull: true },
      { name: 'purpose', type: 'text', notNull: true },
      { name: 'accountKind', type: 'text', notNull: true },
      { name: 'accountId', type: 'bigint', notNull: true },
      { name: 'createdAt', type: 'timestamptz', notNull: true, default: 'now()' },
      { name: 'expiresAt', type: 'timestamptz', notNull: true },
    ],
    indexes: [{ name: 'account_tokens_accountKind_accountId_idx', columns: ['accountKind', 'accountId'] }],
  },
  FILES_TABLE,
  ...TWO_FACTOR_TABLES,
];

/**
 * Everything the migrations keep: the resources' tables, the server's own, and what is derived from the configs
 * to hold across them (one email per account of any kind; the statistics' summary tables and their triggers).
 */
export function deriveSchema(resources: readonly AnyResource[]): SchemaModel {
  const byName = new Map(resources.map((r) => [r.name, r]));
  const emails = accountEmailSchema(resources);
  const rollups = rollupSchema(resources);
  return {
    tables: [
      ...resources.map((r) => resourceTable(r, byName)),
      ...SYSTEM_TABLES,
      ...emails.tables,
      ...rollups.tables,
      ...searchWordsTables(resources),
    ],
    triggers: [...emails.triggers, ...rollups.triggers, ...searchTriggers(resources)],
  };
}

// ---- SQL rendering -------------------------------------------------------------------------------

export function columnSql(column: ColumnDef): string {
  if (column.type === 'bigint identity') return `${q(column.name)} bigint generated always as identity primary key`;
  const parts = [q(column.name), column.type];
  if (column.notNull && !column.type.includes('primary key')) parts.push('not null');
  if (column.default !== undefined) parts.push(`default ${column.default}`);
  return parts.join(' ');
}

export function checkName(table: string, column: string): string {
  return identifier(`${table}_${column}_check`);
}
export function uniqueName(table: string, column: string): string {
  return identifier(`${table}_${column}_key`);
}
export function foreignKeyName(table: string, column: string): string {
  return identifier(`${table}_${column}_fkey`);
}

export function addCheckSql(table: string, column: ColumnDef): string {
  const list = (column.values ?? []).map(literal).join(', ');
  return `alter table ${q(table)} add constraint ${q(checkName(table, column.name))} check (${q(column.name)} in (${list}));`;
}
export function addUniqueSql(table: string, column: string): string {
  return `alter table ${q(table)} add constraint ${q(uniqueName(table, column))} unique (${q(column)});`;
}
export function addForeignKeySql(table: string, column: ColumnDef): string {
  const ref = column.references!;
  return (
    `alter table ${q(table)} add constraint ${q(foreignKeyName(table, column.name))} foreign key (${q(column.name)}) ` +
    `references ${q(ref.table)} ("id") on delete ${ref.onDelete};`
  );
}
export function createIndexSql(table: string, index: IndexDef, ifNotExists = false): string {
  const create = `create ${index.unique ? 'unique ' : ''}index ${ifNotExists ? 'if not exists ' : ''}${q(index.name)} on ${q(table)}`;
  if (index.trigram) return `${create} using gin (${q(index.columns[0])} gin_trgm_ops);`;
  if (index.elements) return `${create} using gin (${q(index.columns[0])});`;
  return `${create} (${index.columns.map(q).join(', ')})${index.nullsNotDistinct ? ' nulls not distinct' : ''};`;
}

/** Whether two derivations of an index describe the same index. */
export function sameIndex(a: IndexDef, b: IndexDef): boolean {
  return (
    Boolean(a.trigram) === Boolean(b.trigram) &&
    Boolean(a.elements) === Boolean(b.elements) &&
    Boolean(a.unique) === Boolean(b.unique) &&
    Boolean(a.nullsNotDistinct) === Boolean(b.nullsNotDistinct) &&
    a.columns.join('\u0000') === b.columns.join('\u0000')
  );
}

/** CREATE TABLE with its checks and uniques; foreign keys come after every table exists (cycles). */
export function createTableSql(table: TableDef): string[] {
  const lines = table.columns.map((c) => `  ${columnSql(c)}`);
  const create = `create table ${table.ifNotExists ? 'if not exists ' : ''}${q(table.name)}`;
  const statements = [`${create} (\n${lines.join(',\n')}\n);`];
  for (const column of table.columns) {
    if (column.values) statements.push(addCheckSql(table.name, column));
    if (column.unique) statements.push(addUniqueSql(table.name, column.name));
  }
  for (const index of table.indexes) statements.push(createIndexSql(table.name, index, table.ifNotExists));
  return statements;
}

/** The trigger and its function, replacing an older version of either. */
export function createTriggerSql(trigger: TriggerDef): string[] {
  return [
    `create or replace function ${q(trigger.function)}() returns trigger language plpgsql as $fn$\nbegin\n` +
      `${trigger.body}\n  return ${trigger.before ? 'new' : 'null'};\nend $fn$;`,
    `create or replace trigger ${q(trigger.name)} ${trigger.before ? 'before' : 'after'} ${trigger.events} on ${q(trigger.table)}\n` +
      `  for each row execute function ${q(trigger.function)}();`,
    ...(trigger.always ? [`alter table ${q(trigger.table)} enable always trigger ${q(trigger.name)};`] : []),
  ];
}

export function dropTriggerSql(trigger: TriggerDef): string[] {
  return [
    `drop trigger if exists ${q(trigger.name)} on ${q(trigger.table)};`,
    `drop function if exists ${q(trigger.function)}();`,
  ];
}

export function foreignKeysSql(table: TableDef): string[] {
  return table.columns.filter((c) => c.references).map((c) => addForeignKeySql(table.name, c));
}

export { q as quoteIdent, literal as quoteLiteral };
