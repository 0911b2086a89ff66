import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { formatEnglish } from '../../core/messages';
import { statusField, type AnyResource, type Row, type Transition } from '../../core/resource';
import { grants, type Principal } from '../../core/roles';
import { findAccount } from '../auth/accounts';
import { validateBody } from '../../core/validation';
import { availableActions, checkTransition } from '../../core/workflow';
import { writeAudit } from '../audit';
import { inTransaction, Writer } from '../data-context';
import { notify } from '../notify';
import { badRequest, HttpError, notFound } from '../errors';
import { contextOf } from './context';
import { requireObject } from './input';
import { toRecord, type Registry } from './registry';
import { addSignature, needsSignatures, signaturesOf } from './signatures';
import { loadScoped, present, type RouteDeps } from './resource-routes';
import { denied, readAccess, type ReadAccess } from './scope';

/** Where each declared input of a transition is stored on the record (if anywhere). */
export function inputTargets(resource: AnyResource, transition: Transition): Map<string, string> {
  const targets = new Map<string, string>();
  for (const name of [...(transition.requires ?? []), ...(transition.accepts ?? [])]) {
    const mapped = transition.inputFields?.[name];
    if (mapped === false) continue;
    const target = mapped ?? name;
    if (target in resource.fields) targets.set(name, target);
  }
  return targets;
}

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
  const status = statusField(resource)!;

  app.get(base, async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const access = actionAccess(resource, request);
    const row = await loadScoped(db, registry, resource, access, request.params.id);
    const record = toRecord(resource, row);
    const actions = availableActions(resource, record, request.principal);
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
      const before = toRecord(resource, row) as Row;
      const check = checkTransition(resource, action, before, principal, input);
      if (!check.ok || !check.transition)
        throw new HttpError(check.status ?? 400, check.message ?? 'Refused', check.errors);
      const transition = check.transition;

      const targets = inputTargets(resource, transition);
      const stored: Record<string, unknown> = {};
      for (const [name, target] of targets) if (input[name] !== undefined) stored[target] = input[name];
      if (Object.keys(stored).length) {
        const result = await validateBody(resource, 'update', stored, Object.keys(stored));
        if ('errors' in result) {
          const back = new Map([...targets].map(([name, target]) => [target, name]));
          throw badRequest(
            Object.fromEntries(result.errors.map((e) => [back.get(e.path) ?? e.path, formatEnglish(e.message)])),
          );
        }
        Object.assign(stored, result.values);
      }

      const writer = new Writer(trx, registry, principal);
      const ctx = contextOf(writer, { resource: resource.name, action, record: before, input });
      const guarded = (await transition.guard?.(ctx)) as Record<string, unknown> | void;
      const reason = typeof input.reason === 'string' ? input.reason : null;
      const from = String(before[status] ?? '');
      // A large sum (SPEC §8): every signature but the last is recorded, and the status stays where it is.
      const signed: Record<string, unknown> = {};
      if (transition.signatures && (await needsSignatures(writer, transition, before))) {
        const { signatures, complete } = addSignature(transition, before, principal, writer.now);
        const patch = { [transition.signatures.field]: signatures };
        if (!complete)
          return writer.update(resource.name, before.id, patch, {
            audit: { action, from, to: from, reason },
            event: action,
          });
        Object.assign(signed, patch);
      }
      const to = transition.to ?? from;
      const audit = { action, from, to, reason };
      const changed = await writer.update(
        resource.name,
        before.id,
        { ...(guarded ?? {}), ...stored, ...signed, [status]: to },
        { audit: false, event: action },
      );
      const extra = await transition.effect?.({ ...ctx, record: changed });
      let final = changed;
      if (extra && Object.keys(extra).length)
        final = await writer.update(resource.name, before.id, extra, { audit: false, bump: false, event: action });
      const diff: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(final)) {
        if (name === 'updatedAt' || name === 'version') continue;
        if (JSON.stringify(value) !== JSON.stringify(before[name])) diff[name] = [before[name] ?? null, value ?? null];
      }
      await writeAudit(
        trx,
        registry,
        principal,
        { resource: resource.name, recordId: before.id, diff, ...audit },
        writer.now,
      );
      await notify(writer, resource, action, final, transition.notify, input);
      return final;
    });
    return present(resource, principal, access, record);
  });
}
