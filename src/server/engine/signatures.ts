import type { Signature, Transition } from '../../core/resource';
import type { Principal } from '../../core/roles';
import type { RecordWriter } from './record-writer';
import { HttpError } from '../edge/errors';

export const ALREADY_SIGNED = 'You have already approved this; another admin must approve it';
export const ADMINS_SIGN = 'Only admins can approve this';

/** The signatures a record holds (its json field), oldest first; anything else stored there counts as none. */
export function signaturesOf(record: Record<string, unknown>, field: string): Signature[] {
  const value = record[field];
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is Signature =>
      Boolean(item) && typeof item === 'object' && Number.isInteger(item.adminId) && typeof item.at === 'string',
  );
}

/** The threshold of a transition's signatures now (settings), or 0 when the rule is off. */
export async function signatureThreshold(
  writer: Pick<RecordWriter, 'settings'>,
  transition: Transition,
): Promise<number> {
  if (!transition.signatures) return 0;
  const [group, key] = transition.signatures.above.split('.', 2);
  const threshold = Number((await writer.settings(group))[key] ?? 0);
  return Number.isFinite(threshold) && threshold > 0 ? threshold : 0;
}

/** Whether the record needs the transition's signatures (its amount is above the threshold in force). */
export async function needsSignatures(
  writer: Pick<RecordWriter, 'settings'>,
  transition: Transition,
  record: Record<string, unknown>,
): Promise<boolean> {
  if (!transition.signatures) return false;
  const threshold = await signatureThreshold(writer, transition);
  return threshold > 0 && Number(record[transition.signatures.amountField] ?? 0) > threshold;
}

/**
 * This run's signature on a record that needs several (SPEC §8), checked under the record's row lock: the same
 * admin twice is a 409. `complete` when it is the last one needed, and the transition runs.
 */
export function addSignature(
  transition: Transition,
  record: Record<string, unknown>,
  principal: Principal,
  now: Date,
): { signatures: Signature[]; complete: boolean } {
  const { field, required } = transition.signatures!;
  if (principal.kind !== 'admin') throw new HttpError(403, ADMINS_SIGN);
  const signed = signaturesOf(record, field);
  if (signed.some((signature) => signature.adminId === principal.id)) throw new HttpError(409, ALREADY_SIGNED);
  const signatures = [...signed, { adminId: principal.id, at: now.toISOString() }];
  return { signatures, complete: signatures.length >= required };
}
