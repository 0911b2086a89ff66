import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { writableFieldsFor } from '../../core/access';
import { formatEnglish } from '../../core/messages';
import type { AnyResource, Row } from '../../core/resource';
import { inTransaction, Writer } from './data-context';
import { badRequest, HttpError, notFound } from '../edge/errors';
import { requireObject } from './input';
import { present, type RouteDeps } from './resource-routes';
import { denied, scopeSql, writeAccess } from './scope';
import { MAX_REORDER_IDS } from './body-limits';

/** The ids of the body, in order: distinct positive integers, else a 400 naming `ids` (or the unknown key). */
function orderedIds(body: Record<string, unknown>): number[] {
  const unknown = Object.keys(body).filter((key) => key !== 'ids');
  if (unknown.length)
    throw badRequest(Object.fromEntries(unknown.map((key) => [key, formatEnglish({ key: 'unknownField' })])));
  const ids = body.ids;
  const fail = (key: Parameters<typeof formatEnglish>[0]['key'], args?: Record<string, number>) => {
    throw badRequest({ ids: formatEnglish({ key, args }) });
  };
  if (!Array.isArray(ids) || ids.length === 0) return fail('required');
  if (ids.length > MAX_REORDER_IDS) return fail('maxValue', { 0: MAX_REORDER_IDS });
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) return fail('integer');
  if (new Set(ids).size !== ids.length) return fail('unique');
  return ids as number[];
}

/**
 * The positions the rows hand round: their current values in ascending order, nudged up where two are equal so
 * the new order is strict. Rows outside the set keep their values, so reordering a filtered or paged list only
 * moves the rows it shows, within the places they already held.
 */
function positions(current: readonly number[]): number[] {
  const slots = [...current].sort((a, b) => a - b);
  for (let i = 1; i < slots.length; i++) if (slots[i] <= slots[i - 1]) slots[i] = slots[i - 1] + 1;
  return slots;
}

/**
 * `PUT /api/{resource}/-/order` `{ ids: [...] }` (`list.reorder`): the listed rows take the order given, in one
 * transaction with their rows locked, so a half-saved order or two people reordering at once cannot interleave.
 * Checked like an update (the verb, the row scope, the order field writable); each moved row gets its version
 * bump and audit row. Moving a row is not an edit of its content: no update hook or workflow re-review runs.
 */
export function registerReorderRoutes(app: FastifyInstance, deps: RouteDeps, resource: AnyResource): void {
  const field = resource.list.reorder;
  if (!field) return;
  const { db, registry } = deps;
  const table = registry.table(resource);

  app.put(`/api/${resource.name}/-/order`, async (request: FastifyRequest) => {
    const principal = request.principal;
    const access = writeAccess(resource, principal, 'update');
    if (!writableFieldsFor(resource, principal, 'update').includes(field)) throw denied(principal);
    const ids = orderedIds(requireObject(request.body));
    const records = await inTransaction(db, async (trx) => {
      const conditions = [
        sql<boolean>`${sql.ref(`${table}.id`)} in (${sql.join(ids)})`,
        ...scopeSql(registry, resource, access),
      ];
      // Locked in id order, so two reorders of overlapping rows queue one behind the other instead of deadlocking.
      const { rows } = await sql<{ id: number; position: number | null }>`select ${sql.ref('id')}, ${sql.ref(
        field,
      )} as position from ${sql.table(table)} where ${sql.join(conditions, sql` and `)} order by ${sql.ref(
        'id',
      )} for no key update`.execute(trx);
      if (rows.length !== ids.length) throw notFound();
      const slots = positions(rows.map((row) => Number(row.position ?? 0)));
      const max = resource.fields[field]?.max;
      if (max !== undefined && slots[slots.length - 1] > max)
        throw new HttpError(409, 'There is no room left in this order; renumber the rows first');
      const writer = new Writer(trx, registry, principal);
      const updated: Row[] = [];
      for (const [index, id] of ids.entries())
        updated.push(await writer.update(resource.name, id, { [field]: slots[index] }));
      return updated;
    });
    return records.map((record) => present(resource, principal, access, record));
  });
}
