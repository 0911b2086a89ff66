import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AnyResource, Endpoint } from '../../core/resource';
import { grants } from '../../core/roles';
import { inTransaction, Writer } from '../data-context';
import { contextOf } from './context';
import { loadScoped, type RouteDeps } from './resource-routes';
import { denied, readAccess, type ReadAccess } from './scope';
import { toRecord } from './registry';

type EndpointRequest = FastifyRequest<{ Params: { id?: string }; Querystring: Record<string, string> }>;

/** Custom endpoints of a config: `/api/{resource}/{id}/{name}` (record) and `/api/{resource}/-/{name}`. */
export function registerEndpointRoutes(app: FastifyInstance, deps: RouteDeps, resource: AnyResource): void {
  const { db, registry } = deps;
  for (const [name, endpoint] of Object.entries(resource.endpoints ?? {}) as [string, Endpoint][]) {
    const url = endpoint.record ? `/api/${resource.name}/:id/${name}` : `/api/${resource.name}/-/${name}`;
    const handler = async (request: EndpointRequest) => {
      const principal = request.principal;
      if (!grants(endpoint.by, principal)) throw denied(principal);
      return inTransaction(db, async (trx) => {
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
            body: request.body,
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
