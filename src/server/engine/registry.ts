import type { Field } from '../../core/fields';
import { SYSTEM_FIELDS, statusField, tableName, type AnyResource } from '../../core/resource';
import type { AccountKind } from '../../core/roles';
import { columnName, isJsonKind } from '../db/schema';
import { inlineCollections } from '../../core/inline-collection';
import { passwordFields } from '../auth/password-fields';
import { writePlanOf } from './write-plan';

/**
 * How one resource's rows and values are stored, worked out once from its config: a write converts every row and
 * value it touches, and reading the fields' kinds again each time was most of what a write read of the config.
 */
class RowShape {
  /** The fields a record shows, system fields first: every one but password hashes. */
  readonly recordFields: readonly string[];
  /** Per field, its column and whether the driver gets it as JSON text. */
  readonly columns: ReadonlyMap<string, { column: string; json: boolean }>;
  /** The fields an audit row shows only as changed: passwords, hidden and write-only fields. */
  readonly secrets: ReadonlySet<string>;

  constructor(resource: AnyResource) {
    const fields = Object.entries(resource.fields);
    this.recordFields = [...SYSTEM_FIELDS, ...fields.filter(([, field]) => field.kind !== 'password').map(([n]) => n)];
    this.columns = new Map(
      fields.map(([name, field]) => [name, { column: columnName(name, field), json: isJsonKind(field) }]),
    );
    this.secrets = new Set(
      fields
        .filter(([, field]) => field.kind === 'password' || Boolean(field.hidden) || Boolean(field.writeOnly))
        .map(([name]) => name),
    );
  }
}

const shapes = new WeakMap<AnyResource, RowShape>();

function shapeOf(resource: AnyResource): RowShape {
  let shape = shapes.get(resource);
  if (!shape) shapes.set(resource, (shape = new RowShape(resource)));
  return shape;
}

/** The resource configs the server was built with, and what it derives from them once. */
export class Registry {
  readonly byName: Map<string, AnyResource>;
  /** The resources that hold the audit trail, the settings, the notifications and the mails (one each at most). */
  readonly auditResource: AnyResource | undefined;
  readonly settingsResource: AnyResource | undefined;
  readonly notificationResource: AnyResource | undefined;
  readonly mailResource: AnyResource | undefined;
  private readonly accounts = new Map<AccountKind, AnyResource>();

  constructor(readonly resources: readonly AnyResource[]) {
    this.byName = new Map(resources.map((r) => [r.name, r]));
    // The write path's plans are made here, at start, as the read path's are (read-plan.ts).
    for (const resource of resources) {
      writePlanOf(resource);
      shapeOf(resource);
      passwordFields(resource);
      inlineCollections(resource);
      if (resource.account && !this.accounts.has(resource.account.kind))
        this.accounts.set(resource.account.kind, resource);
    }
    this.auditResource = resources.find((r) => r.auditLog);
    this.settingsResource = resources.find((r) => r.settingsStore);
    this.notificationResource = resources.find((r) => r.notificationStore);
    this.mailResource = resources.find((r) => r.mailStore);
  }

  get(name: string): AnyResource | undefined {
    return this.byName.get(name);
  }

  require(name: string): AnyResource {
    const resource = this.byName.get(name);
    if (!resource) throw new Error(`Unknown resource: ${name}`);
    return resource;
  }

  table(resource: AnyResource | string): string {
    return tableName(typeof resource === 'string' ? this.require(resource) : resource);
  }

  accountResource(kind: AccountKind): AnyResource | undefined {
    return this.accounts.get(kind);
  }
}

export function isSystemField(name: string): boolean {
  return (SYSTEM_FIELDS as readonly string[]).includes(name);
}

/** Turns a database row into the API record: field names, no hash columns. */
export function toRecord(resource: AnyResource, row: Record<string, unknown>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const name of shapeOf(resource).recordFields) if (name in row) record[name] = row[name];
  return record;
}

/** Whether the audit trail shows only that the field changed (a password, a hidden or write-only field, no field). */
export function isSecretField(resource: AnyResource, name: string): boolean {
  const shape = shapeOf(resource);
  return !shape.columns.has(name) || shape.secrets.has(name);
}

/** Keeps only the given fields of a record. */
export function pick(record: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of fields) if (name in record) out[name] = record[name];
  return out;
}

/** Values as the driver needs them: JSON columns serialised (node-postgres would send arrays as SQL arrays). */
export function toColumns(resource: AnyResource, values: Record<string, unknown>): Record<string, unknown> {
  const columns = shapeOf(resource).columns;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(values)) {
    const value = values[name];
    const stored = columns.get(name);
    if (stored?.json && value !== null && value !== undefined) out[name] = JSON.stringify(value);
    else out[stored ? stored.column : name] = value;
  }
  return out;
}

/** Equality of an incoming value with the stored one, tolerant of representation (dates, numbers, JSON). */
export function sameValue(field: Field | undefined, stored: unknown, incoming: unknown): boolean {
  if ((stored === null || stored === undefined) && (incoming === null || incoming === undefined || incoming === ''))
    return true;
  if (stored === null || stored === undefined || incoming === null || incoming === undefined) return false;
  if (field?.kind === 'datetime' || (!field && typeof stored === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(stored))) {
    const a = Date.parse(String(stored));
    const b = Date.parse(String(incoming));
    return !Number.isNaN(a) && a === b;
  }
  if (typeof stored === 'number') return Number(incoming) === stored && String(incoming).trim() !== '';
  if (typeof stored === 'object') return canonical(stored) === canonical(incoming);
  return stored === incoming;
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

export function statusOf(resource: AnyResource, record: Record<string, unknown>): string | undefined {
  const field = statusField(resource);
  return field ? (record[field] as string | undefined) : undefined;
}
