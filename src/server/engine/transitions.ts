import { formatEnglish } from '../../core/messages';
import { statusField, type AnyResource, type Row } from '../../core/resource';
import { validateWith } from '../../core/validation';
import { checkTransition } from '../../core/workflow';
import { writeAudit } from './audit';
import type { RecordWriter } from './record-writer';
import { badRequest, HttpError, notFound } from '../edge/errors';
import { notify } from './notify';
import { contextOf } from './context';
import { addSignature, needsSignatures } from './signatures';
import { writePlanOf } from './write-plan';

/**
 * The workflow engine's one way of running a transition, in the writer's transaction, as the writer's principal:
 * who may (403), from where (409), the inputs (400), the guard, the signatures, the change, the effect, the audit
 * row and the notifications. `before` is the record as read under its row lock.
 */
export async function applyTransition(
  writer: RecordWriter,
  resource: AnyResource,
  before: Row,
  action: string,
  input: Record<string, unknown>,
): Promise<Row> {
  const principal = writer.principal;
  const status = statusField(resource)!;
  const check = checkTransition(resource, action, before, principal, input);
  if (!check.ok || !check.transition)
    throw new HttpError(check.status ?? 400, check.message ?? 'Refused', check.errors);
  const transition = check.transition;

  const plan = writePlanOf(resource).transition(action)!;
  const targets = plan.targets;
  const stored: Record<string, unknown> = {};
  for (const [name, target] of targets) if (input[name] !== undefined) stored[target] = input[name];
  if (Object.keys(stored).length) {
    const fields = Object.keys(stored);
    const result = await validateWith(plan.inputSchema(fields), fields, stored);
    if ('errors' in result) {
      const back = new Map([...targets].map(([name, target]) => [target, name]));
      throw badRequest(
        Object.fromEntries(result.errors.map((e) => [back.get(e.path) ?? e.path, formatEnglish(e.message)])),
      );
    }
    Object.assign(stored, result.values);
  }

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
  const changed = await writer.update(
    resource.name,
    before.id,
    { ...(guarded ?? {}), ...stored, ...signed, [status]: transition.to ?? from },
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
  // An effect may have moved the record on (e.g. late money opening a refund): the audit says where it ended.
  const to = String(final[status] ?? transition.to ?? from);
  await writeAudit(
    writer.trx,
    writer.registry,
    principal,
    { resource: resource.name, recordId: before.id, diff, action, from, to, reason },
    writer.now,
  );
  await notify(writer, resource, action, final, input);
  return final;
}

/**
 * Runs a transition of any resource on the record `id` as the writer's principal (the system, for workers and
 * cross-resource effects), locking the row first. No scope applies: server code names the record it means.
 */
export async function runTransitionOn(
  writer: RecordWriter,
  resourceName: string,
  id: number,
  action: string,
  input: Record<string, unknown> = {},
): Promise<Row> {
  const resource = writer.registry.require(resourceName);
  if (!resource.workflow?.transitions[action]) throw notFound(`Unknown action: ${action}`);
  const before = await writer.findById(resourceName, id, { lock: true });
  if (!before) throw notFound();
  return applyTransition(writer, resource, before, action, input);
}
