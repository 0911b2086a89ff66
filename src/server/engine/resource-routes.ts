import { apiKeyHash, newApiKey } from '../../core/resale';
import { collectionTotals } from '../../core/inline-collection';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { statusField, type AnyResource, type Row } from '../../core/resource';
import type { Principal } from '../../core/roles';
import { stateAfterEdit } from '../../core/workflow';
import { inTransaction, Writer } from './data-context';
import { HttpError, notFound } from '../edge/errors';
import { contextOf } from './context';
import { holdsOn, withLiveHolds } from './live-holds';
import { ReadPlan, type ReadPlans } from './read-plan';
import { checkReferences, parseId, prepareWrite, requireObject } from './input';
import { checkOwnPasswordChange, isOwnAccount, writeOwnAccount } from './own-account';
import { pick, toRecord, type Registry } from './registry';
import { readable, scopeSql, withOwnReferences, writeAccess, type ReadAccess } from './scope';

export const STALE_VERSION = 'This record was changed by someone else; reload it and try again';
export const NOT_EDITABLE = 'This record cannot be edited in its current status';

export interface RouteDeps {
  db: Kysely<any>;
  registry: Registry;
  /** The resources' read paths, compiled at start (a plan is compiled here when not given). */
  plans?: ReadPlans;
}

const where = (conditions: RawBuilder<boolean>[]) =>
  conditions.length ? sql.join(conditions, sql` and `) : sql<boolean>`true`;

/**
 * The record as the principal may see it, straight from the row: readable fields are named like their
 * columns, and never include a password (stored as `{name}Hash`, and write-only).
 */
export function present(resource: AnyResource, principal: Principal, access: ReadAccess, row: Record<string, unknown>) {
  return pick(row, readable(resource, principal, access, row));
}

/** `id` is a number, or the lookup field's value for keyed resources (settings by group). */
function keyCondition(resource: AnyResource, table: string, raw: string): RawBuilder<boolean> {
  const id = parseId(raw);
  if (id !== undefined) return sql<boolean>`${sql.ref(`${table}.id`)} = ${id}`;
  if (resource.lookupField && raw.length <= 255)
    return sql<boolean>`${sql.ref(`${table}.${resource.lookupField}`)} = ${raw}`;
  throw notFound();
}

/** Loads one row through the principal's scope, optionally locking it; 404 when invisible. */
export async function loadScoped(
  trx: Kysely<any>,
  registry: Registry,
  resource: AnyResource,
  access: ReadAccess,
  rawId: string,
  lock = false,
): Promise<Record<string, unknown>> {
  const table = registry.table(resource);
  const conditions = [keyCondition(resource, table, rawId), ...scopeSql(registry, resource, access)];
  const result = await sql<
    Record<string, unknown>
  >`select * from ${sql.table(table)} where ${where(conditions)}${sql.raw(lock ? ' for no key update' : '')}`.execute(
    trx,
  );
  const row = result.rows[0];
  if (!row) throw notFound();
  return row;
}

/** The react-admin simple REST record routes of one resource (SPEC §6). */
export function registerResourceRoutes(app: FastifyInstance, deps: RouteDeps, resource: AnyResource): void {
  const { db, registry } = deps;
  const base = `/api/${resource.name}`;

  const plan = deps.plans?.of(resource) ?? new ReadPlan(registry, resource, db);
  const held = holdsOn(registry, resource).length > 0;

  // The list (and its counts and export) lives in list-routes.ts.
  app.get(
    `${base}/:id`,
    plan.routeOptions('record'),
    async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const principal = request.principal;
      // A public resource's record is readable too where the reader's own records reference it (their booking's
      // service, no longer public).
      const access = withOwnReferences(registry, resource, principal, plan.access(principal));
      const id = parseId(request.params.id);
      // By id: the plan's statement; by a lookup field (settings by group): built here.
      const row =
        id === undefined
          ? await loadScoped(db, registry, resource, access, request.params.id)
          : (await db.executeQuery(plan.recordQuery(access, id))).rows[0];
      if (!row) throw notFound();
      const live = held ? (await withLiveHolds(db, registry, resource, [row]))[0] : row;
      // Only the reader's fields are written, straight from the row (by the route's own serializer when they are all).
      const reader = plan.reader(principal, access, live);
      if (reader !== plan.widest) reply.serializer(reader.record);
      return live;
    },
  );

  app.post(base, async (request: FastifyRequest, reply: FastifyReply) => {
    const principal = request.principal;
    const access = writeAccess(resource, principal, 'create');
    const body = requireObject(request.body);
    let values = await prepareWrite(resource, principal, 'create', body);
    if (access.mode === 'owner') values[access.field] = access.value;
    // An API client's key (SPEC §19): drawn here, stored as its hash, answered in this response only.
    const client = resource.apiClient;
    const key = client ? newApiKey() : undefined;
    if (client && key) values[client.hash] = await apiKeyHash(key);
    const record = await inTransaction(db, async (trx) => {
      const writer = new Writer(trx, registry, principal);
      const hook = resource.hooks?.beforeCreate;
      if (hook) values = { ...values, ...((await hook(contextOf(writer, { resource: resource.name, values }))) ?? {}) };
      values = { ...values, ...collectionTotals(resource, values) };
      await checkReferences(trx, registry, resource, principal, values);
      const created = await writer.insert(resource.name, values);
      if (resource.hooks?.afterCreate)
        await resource.hooks.afterCreate(contextOf(writer, { resource: resource.name, record: created }));
      return created;
    });
    reply.code(201);
    const shown = present(resource, principal, access.mode === 'owner' ? access : { mode: 'all' }, record);
    return client && key ? { ...shown, [client.key]: key } : shown;
  });

  const update = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const principal = request.principal;
    const access = writeAccess(resource, principal, 'update');
    const own = isOwnAccount(resource, principal, request.params.id);
    const { body, keepSession } = await checkOwnPasswordChange(
      app,
      db,
      request,
      () => loadScoped(db, registry, resource, access, request.params.id),
      resource,
      requireObject(request.body),
    );
    const record = await inTransaction(db, async (trx) => {
      const row = await loadScoped(trx, registry, resource, access, request.params.id, true);
      const before = toRecord(resource, row) as Row;
      if (body.version !== undefined && body.version !== null && Number(body.version) !== before.version)
        throw new HttpError(409, STALE_VERSION);
      let patch = await prepareWrite(resource, principal, 'update', body, before);
      const writer = new Writer(trx, registry, principal);
      const status = statusField(resource);
      const editable = resource.workflow?.editableIn;
      const changes = Object.keys(patch).some((name) => JSON.stringify(patch[name]) !== JSON.stringify(before[name]));
      if (status && editable && changes && !editable.includes(String(before[status])))
        throw new HttpError(409, NOT_EDITABLE);
      const next = status && changes ? stateAfterEdit(resource, before, principal) : undefined;
      if (status && next && next !== before[status]) patch[status] = next;
      const hook = resource.hooks?.beforeUpdate;
      if (hook)
        patch = { ...patch, ...((await hook(contextOf(writer, { resource: resource.name, before, patch }))) ?? {}) };
      patch = { ...patch, ...collectionTotals(resource, patch) };
      await checkReferences(trx, registry, resource, principal, patch);
      const write = (values: Record<string, unknown>) =>
        writer.update(resource.name, before.id, values, { keepSession });
      return own ? writeOwnAccount(writer, resource, before, patch, write) : write(patch);
    });
    const [live] = await withLiveHolds(db, registry, resource, [record]);
    return present(resource, principal, access.mode === 'owner' ? access : { mode: 'all' }, live);
  };
  app.put(`${base}/:id`, update);
  app.patch(`${base}/:id`, update);

  app.delete(`${base}/:id`, async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const principal = request.principal;
    const access = writeAccess(resource, principal, 'delete');
    const record = await inTransaction(db, async (trx) => {
      const row = await loadScoped(trx, registry, resource, access, request.params.id, true);
      return new Writer(trx, registry, principal).remove(resource.name, Number(row.id));
    });
    return present(resource, principal, access.mode === 'owner' ? access : { mode: 'all' }, record);
  });
}
