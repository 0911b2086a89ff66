import { sql, type RawBuilder } from 'kysely';
import { can, ownerRule, readableFields } from '../../core/access';
import type { AnyResource, PublicWhere, Verb } from '../../core/resource';
import type { Principal } from '../../core/roles';
import { HttpError } from '../edge/errors';
import type { Registry } from './registry';
import { writePlanOf } from './write-plan';

/** How a principal reads a resource: every row, its own rows, the public subset, or not at all. */
export type ReadAccess =
  | { mode: 'all' }
  | { mode: 'owner'; field: string; value: number; kind?: { field: string; value: string } }
  | {
      mode: 'public';
      where: PublicWhere;
      fields: readonly string[];
      /**
       * The rows the reader's own records reference, readable beside the public ones (`ownReferences`): a traveller's
       * booking names its service as booked even once the service is no longer public.
       */
      ownReferences?: RawBuilder<boolean>;
    };

export const NOT_SIGNED_IN = 'Not signed in';
export const FORBIDDEN = 'You are not allowed to do this';

export function denied(principal: Principal): HttpError {
  return principal.kind === 'public' ? new HttpError(401, NOT_SIGNED_IN) : new HttpError(403, FORBIDDEN);
}

/** The read access for list/show, or throws 401/403. */
export function readAccess(resource: AnyResource, principal: Principal): ReadAccess {
  const publicAccess = resource.access.public;
  const recipient = resource.access.recipient;
  if (recipient && principal.kind !== 'public')
    return {
      mode: 'owner',
      field: recipient.id,
      value: principal.id,
      kind: { field: recipient.kind, value: principal.kind },
    };
  if (principal.kind !== 'public' && can(resource, principal, 'list')) {
    const rule = ownerRule(resource, principal);
    if (rule && principal.kind !== 'admin') return { mode: 'owner', field: rule.scope, value: principal.id };
    return { mode: 'all' };
  }
  // Signed-in kinds without their own rule read public resources like visitors (e.g. pickers). Not admins: the
  // back-office answers a role's screens by its rules, so a role left out of them is refused, not shown the public view.
  if (publicAccess && principal.kind !== 'admin')
    return { mode: 'public', where: publicAccess.where, fields: publicAccess.fields };
  throw denied(principal);
}

/** Which access a write verb needs; the row scope comes with it for owners. */
export function writeAccess(resource: AnyResource, principal: Principal, verb: Verb): ReadAccess {
  const scope = writePlanOf(resource).scopeFor(principal, verb);
  if (scope.mode === 'denied') throw denied(principal);
  if (scope.mode === 'owner' && principal.kind !== 'public')
    return { mode: 'owner', field: scope.field, value: principal.id };
  return ALL;
}

const ALL: ReadAccess = Object.freeze({ mode: 'all' });

/** Fields the principal may read (and filter or sort on) under this access. */
export function readable(
  resource: AnyResource,
  principal: Principal,
  access: ReadAccess,
  record?: Record<string, unknown>,
): string[] {
  if (access.mode === 'public') return ['id', ...access.fields];
  return readableFields(resource, principal, record);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The platform's today (`settings.general.timezone`, UTC without one) as a SQL date, read when the statement runs:
 * a compiled statement kept for days still counts the day it runs on.
 */
function platformTodaySql(registry: Registry): RawBuilder<unknown> {
  const store = registry.settingsResource;
  const values = store && Object.entries(store.fields).find(([, field]) => field.kind === 'json')?.[0];
  if (!store?.lookupField || !values) return sql`(now() at time zone 'UTC')::date`;
  const table = registry.table(store);
  const zone = sql`coalesce((select nullif(${sql.ref(`${table}.${values}`)}->>'timezone', '') from ${sql.table(table)} where ${sql.ref(`${table}.${store.lookupField}`)} = 'general' limit 1), 'UTC')`;
  return sql`(now() at time zone ${zone})::date`;
}

/** A day bound of a public `where` (`{ after: 'today' }`, `{ from: 'today' }`) as SQL, or none for another object. */
function dayBoundSql(
  registry: Registry,
  column: RawBuilder<unknown>,
  bound: Record<string, unknown>,
): RawBuilder<boolean> | undefined {
  const [[operator, day]] = Object.entries(bound);
  if (Object.keys(bound).length !== 1 || day !== 'today') return undefined;
  if (operator === 'after') return sql<boolean>`${column} > ${platformTodaySql(registry)}`;
  if (operator === 'from') return sql<boolean>`${column} >= ${platformTodaySql(registry)}`;
  return undefined;
}

/**
 * A public `where` as SQL: plain values compare, a nested object on a ref means the referenced row matches it, and
 * `{ after: 'today' }` / `{ from: 'today' }` on a date field compares with the platform's today.
 */
export function publicWhereSql(
  registry: Registry,
  resource: AnyResource,
  where: PublicWhere,
  table = registry.table(resource),
): RawBuilder<boolean>[] {
  const conditions: RawBuilder<boolean>[] = [];
  for (const [name, value] of Object.entries(where)) {
    const column = sql.ref(`${table}.${name}`);
    const field = resource.fields[name];
    if (isPlainObject(value) && field?.kind === 'ref') {
      const target = registry.require(field.reference);
      const targetTable = registry.table(target);
      const inner = publicWhereSql(registry, target, value, targetTable);
      const filter = inner.length ? sql.join(inner, sql` and `) : sql`true`;
      conditions.push(
        sql<boolean>`${column} in (select ${sql.ref(`${targetTable}.id`)} from ${sql.table(targetTable)} where ${filter})`,
      );
    } else if (isPlainObject(value) && dayBoundSql(registry, column, value)) {
      conditions.push(dayBoundSql(registry, column, value)!);
    } else if (Array.isArray(value)) {
      conditions.push(value.length ? sql<boolean>`${column} in (${sql.join(value)})` : sql<boolean>`false`);
    } else if (value === null) {
      conditions.push(sql<boolean>`${column} is null`);
    } else {
      conditions.push(sql<boolean>`${column} = ${value}`);
    }
  }
  return conditions;
}

/**
 * The rows of `resource` that the principal's own records of any resource reference (the service of a customer's
 * order), as a condition on `table`; none for visitors, admins, or where no resource of theirs references it.
 */
export function ownReferencesSql(
  registry: Registry,
  resource: AnyResource,
  principal: Principal,
  table = registry.table(resource),
): RawBuilder<boolean> | undefined {
  if (principal.kind !== 'user' && principal.kind !== 'partner') return undefined;
  const sources: RawBuilder<unknown>[] = [];
  for (const owner of registry.resources) {
    const rule = ownerRule(owner, principal);
    if (!rule?.read || owner === resource) continue;
    const ownTable = registry.table(owner);
    for (const [name, field] of Object.entries(owner.fields))
      if (field.kind === 'ref' && field.reference === resource.name && !field.hidden && !rule.hidden?.includes(name))
        sources.push(
          sql`select ${sql.ref(`${ownTable}.${name}`)} from ${sql.table(ownTable)} where ${sql.ref(`${ownTable}.${rule.scope}`)} = ${principal.id}`,
        );
  }
  if (!sources.length) return undefined;
  return sql<boolean>`${sql.ref(`${table}.id`)} in (${sql.join(sources, sql` union `)})`;
}

/**
 * A public read by ids (a record, or the records a page's references name) for a signed-in owner: the public rows
 * and those their own records reference, each read with the public fields. Another access stays as it is.
 */
export function withOwnReferences(registry: Registry, resource: AnyResource, principal: Principal, access: ReadAccess) {
  if (access.mode !== 'public') return access;
  const ownReferences = ownReferencesSql(registry, resource, principal);
  return ownReferences ? { ...access, ownReferences } : access;
}

/** The row conditions an access adds to every list, count, read, update and delete. */
export function scopeSql(registry: Registry, resource: AnyResource, access: ReadAccess): RawBuilder<boolean>[] {
  const table = registry.table(resource);
  if (access.mode === 'owner')
    return [
      sql<boolean>`${sql.ref(`${table}.${access.field}`)} = ${access.value}`,
      ...(access.kind ? [sql<boolean>`${sql.ref(`${table}.${access.kind.field}`)} = ${access.kind.value}`] : []),
    ];
  if (access.mode === 'public') return orOwnReferences(publicWhereSql(registry, resource, access.where, table), access);
  return [];
}

/** Public conditions, widened to the rows the reader's own records reference when the access carries them. */
export function orOwnReferences(
  conditions: readonly RawBuilder<boolean>[],
  access: ReadAccess & { mode: 'public' },
): RawBuilder<boolean>[] {
  if (!access.ownReferences) return [...conditions];
  const visible = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  return [sql<boolean>`((${visible}) or ${access.ownReferences})`];
}

/** Whether a list is asked by ids alone (`filter={"id":[…]}`: the records a page's references name). */
export function byIdsAlone(query: Record<string, unknown>): boolean {
  if (typeof query.filter !== 'string') return false;
  try {
    const filter = JSON.parse(query.filter) as unknown;
    return Boolean(filter) && typeof filter === 'object' && Object.keys(filter as object).join() === 'id';
  } catch {
    return false;
  }
}
