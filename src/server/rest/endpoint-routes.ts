import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { formatEnglish } from '../../core/messages';
import type { AnyResource, Endpoint } from '../../core/resource';
import { grants } from '../../core/roles';
import { validateBody } from '../../core/validation';
import { countCall } from '../auth/call-limit';
import { tooManyAttempts } from '../auth/password-proof';
import { inTransaction, Writer } from '../data-context';
import { badRequest } from '../errors';
import { contextOf } from './context';
import { requireObject } from './input';
import { loadScoped, type RouteDeps } from './resource-routes';
import { denied, readAccess, type ReadAccess } from './scope';
import { toRecord } from './registry';

/** An endpoint's declared `input`: the resource's create rules over those fields only (SPEC §4 messages). */
async function validInput(resource: AnyResource, fields: readonly string[], raw: unknown) {
  const body = requireObject(raw);
  const unknown = Object.keys(body).filter((name) => !fields.includes(name));
  if (unknown.length)
    throw badRequest(Object.fromEntries(unknown.map((n) => [n, formatEnglish({ key: 'unknownField' })])));
  const result = await validateBody(resource, 'create', body, [...fields]);
  if ('errors' in result) {
    throw badRequest(Object.fromEntries(result.errors.map((e) => [e.path || '_', formatEnglish(e.message)])));
  }
  return result.values;
}

/**
 * An endpoint's `limit`, counted in the sign-in attempts table (pruned after its 15-minute window) so it
 * holds across server processes. Only successful calls count: the row commits with the call's transaction.
 */
async function checkLimit(trx: Kysely<any>, key: string, limit: NonNullable<Endpoint['limit']>) {
  const wait = await countCall(trx, key, { max: limit.perIp, windowSeconds: limit.windowSeconds });
  if (wait !== undefined) throw tooManyAttempts(wait);
}

type EndpointRequest = FastifyRequest<{ Params: { id?: string }; Querystring: Record<string, string> }>;

/** Custom endpoints of a config: `/api/{resource}/{id}/{name}` (record) and `/api/{resource}/-/{name}`. */
export function registerEndpointRoutes(app: FastifyInstance, deps: RouteDeps, resource: AnyResource): void {
  const { db, registry } = deps;
  for (const [name, endpoint] of Object.entries(resource.endpoints ?? {}) as [string, Endpoint][]) {
    const url = endpoint.record
      ? `/api/${resource.name}/:id/${endpoint.action ? 'actions/' : ''}${name}`
      : `/api/${resource.name}/-/${name}`;
    const handler = async (request: EndpointRequest) => {
      const principal = request.principal;
      if (!grants(endpoint.by, principal)) throw denied(principal);
      const body = endpoint.input ? await validInput(resource, endpoint.input, request.body) : request.body;
      return inTransaction(db, async (trx) => {
        if (endpoint.limit) await checkLimit(trx, `endpoint:${resource.name}/${name}:${request.ip}`, endpoint.limit);
        const writer = new Writer(trx, registry, principal);
        let record;
        if (endpoint.record) {
          let access: ReadAccess;
          try {
            access = readAccess(resource, principal);
          } catch (error) {
            // An admin granted the endpoint but not the list still acts on any row; others see nothing.
            if (principal.kind !== 'admin') throw error;
            access = { mode: 'all' };
          }
          const row = await loadScoped(trx, registry, resource, access, request.params.id ?? '');
          record = toRecord(resource, row) as never;
        }
        const result = await endpoint.handler(
          contextOf(writer, {
            record,
            query: { ...(request.query ?? {}) },
            body,
            resource: resource.name,
          }),
        );
        return result ?? {};
      });
    };
    if (endpoint.method === 'GET') app.get(url, handler);
    else app.post(url, handler);
  }
}
