import type { Field } from '../../core/fields';
import { SYSTEM_FIELDS, statusField, tableName, type AnyResource } from '../../core/resource';
import type { AccountKind } from '../../core/roles';
import { columnName, isJsonKind } from '../db/schema';
import { writePlanOf } from './write-plan';

/** The resource configs the server was built with, and what it derives from them once. */
export class Registry {
  readonly byName: Map<string, AnyResource>;

  constructor(readonly resources: readonly AnyResource[]) {
    this.byName = new Map(resources.map((r) => [r.name, r]));
    // The write path's plans are made here, at start, as the read path's are (read-plan.ts).
    for (const resource of resources) writePlanOf(resource);
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

  get auditResource(): AnyResource | undefined {
    return this.resources.find((r) => r.auditLog);
  }

  get settingsResource(): AnyResource | undefined {
    return this.resources.find((r) => r.settingsStore);
  }

  get notificationResource(): AnyResource | undefined {
    return this.resources.find((r) => r.notificationStore);
  }

  get mailResource(): AnyResource | undefined {
    return this.resources.find((r) => r.mailStore);
  }

  accountResource(kind: AccountKind): AnyResource | undefined {
    return this.resources.find((r) => r.account?.kind === kind);
  }
}

export function isSystemField(name: string): boolean {
  return (SYSTEM_FIELDS as readonly string[]).includes(name);
}

/** Turns a database row into the API record: field names, no hash columns. */
export function toRecord(resource: AnyResource, row: Record<string, unknown>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const name of SYSTEM_FIELDS) if (name in row) record[name] = row[name];
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.kind === 'password') continue;
    if (name in row) record[name] = row[name];
  }
  return record;
}

/** Keeps only the given fields of a record. */
export function pick(record: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of fields) if (name in record) out[name] = record[name];
  return out;
}

/** Values as the driver needs them: JSON columns serialised (node-postgres would send arrays as SQL arrays). */
export function toColumns(resource: AnyResource, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const field: Field | undefined = resource.fields[name];
    if (field && isJsonKind(field) && value !== null && value !== undefined) out[name] = JSON.stringify(value);
    else if (field) out[columnName(name, field)] = value;
    else out[name] = value;
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
