import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { type AnyResource, type Row } from '../../core/resource';
import { grants, type Principal } from '../../core/roles';
import { findAccount } from '../auth/accounts';
import { availableActions } from '../../core/workflow';
import { inTransaction, Writer } from './data-context';
import { notFound } from '../edge/errors';
import { applyTransition } from './transitions';
import { requireObject } from './input';
import { toRecord, type Registry } from './registry';
import { withLiveHolds } from './live-holds';
import { needsSignatures, signaturesOf } from './signatures';
import { loadScoped, present, type RouteDeps } from './resource-routes';
import { denied, readAccess, type ReadAccess } from './scope';

/** Actions load the record through the principal's read scope: another owner's row is a 404. */
function actionAccess(resource: AnyResource, request: FastifyRequest): ReadAccess {
  try {
    return readAccess(resource, request.principal);
  } catch (error) {
    // Someone with no read access may still hold a transition grant (rare); their rows are unscoped.
    const principal = request.principal;
    const anyGrant = Object.values(resource.workflow?.transitions ?? {}).some((t) => grants(t.by, principal));
    if (anyGrant && principal.kind === 'admin') return { mode: 'all' };
    throw error;
  }
}

/**
 * For the open transitions that need several signatures on this record: who signed and when (with the signer's
 * name, for the screen's "1 of 2 signatures"), how many are required, and whether the caller has signed.
 */
async function signatureStates(
  db: Kysely<any>,
  registry: Registry,
  resource: AnyResource,
  record: Record<string, unknown>,
  actions: string[],
  principal: Principal,
) {
  const writer = new Writer(db, registry, principal);
  const states: Record<string, unknown> = {};
  for (const action of actions) {
    const transition = resource.workflow!.transitions[action];
    if (!transition.signatures || !(await needsSignatures(writer, transition, record))) continue;
    const signed = signaturesOf(record, transition.signatures.field);
    const names = await Promise.all(
      signed.map(async ({ adminId }) => {
        const account = await findAccount(db, registry.resources, 'admin', adminId);
        const title = account?.resource.recordTitle;
        return title && typeof account.row[title] === 'string' ? (account.row[title] as string) : `#${adminId}`;
      }),
    );
    states[action] = {
      required: transition.signatures.required,
      signed: signed.map((signature, index) => ({ ...signature, name: names[index] })),
      mine: principal.kind === 'admin' && signed.some((signature) => signature.adminId === principal.id),
    };
  }
  return Object.keys(states).length ? states : undefined;
}

/** The workflow engine's routes: run a transition, and list the transitions open to the principal. */
export function registerActionRoutes(app: FastifyInstance, deps: RouteDeps, resource: AnyResource): void {
  const workflow = resource.workflow;
  if (!workflow) return;
  const { db, registry } = deps;
  const base = `/api/${resource.name}/:id/actions`;

  app.get(base, async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const access = actionAccess(resource, request);
    const row = await loadScoped(db, registry, resource, access, request.params.id);
    const record = toRecord(resource, row);
    // Offered as the guards count: the platform's days and hours.
    const general = await new Writer(db, registry, request.principal).settings('general');
    const timeZone = String(general.timezone ?? '') || undefined;
    const actions = availableActions(resource, record, request.principal, new Date(), timeZone);
    const signatures = await signatureStates(db, registry, resource, record, actions, request.principal);
    return { actions, ...(signatures && { signatures }) };
  });

  app.post(`${base}/:action`, async (request: FastifyRequest<{ Params: { id: string; action: string } }>) => {
    const principal = request.principal;
    const { action } = request.params;
    if (!Object.hasOwn(workflow.transitions, action)) throw notFound(`Unknown action: ${action}`);
    if (principal.kind === 'public' && !grants(workflow.transitions[action].by, principal)) throw denied(principal);
    const access = actionAccess(resource, request);
    const input = requireObject(request.body);
    const record = await inTransaction(db, async (trx) => {
      const row = await loadScoped(trx, registry, resource, access, request.params.id, true);
      return applyTransition(
        new Writer(trx, registry, principal),
        resource,
        toRecord(resource, row) as Row,
        action,
        input,
      );
    });
    const [live] = await withLiveHolds(db, registry, resource, [record]);
    return present(resource, principal, access, live);
  });
}
