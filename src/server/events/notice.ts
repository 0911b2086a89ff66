import type { Kysely } from 'kysely';
import { notifyOnCommit } from '../db/commit-bus';
import type { AnyResource, Row } from '../../core/resource';

/** The PostgreSQL channel that carries committed changes to every instance's event streams. */
export const EVENTS_CHANNEL = 'lantern_events';

/** Owner kinds whose rows are scoped by a column (access.partner / access.user `scope`). */
const OWNER_KINDS = ['partner', 'user'] as const;
export type OwnerKind = (typeof OWNER_KINDS)[number];

/**
 * What one NOTIFY carries: the change (`r`esource, `i`d, `a`ction, `v`ersion) and the row's `o`wner columns
 * (its partner's and user's ids, under the resource's scope rules, or its recipient's kind and id). The fan-out decides who may read the row from
 * these alone, in memory, instead of reading the row again per session: that would cost a query per open stream
 * per change, and a deleted row could not be read at all. Names come from the configs and ids are numbers, so a
 * payload is about a hundred bytes, far under PostgreSQL's 8000-byte limit.
 */
export interface ChangeNotice {
  r: string;
  i: number;
  a: string;
  v: number;
  o?: Partial<Record<OwnerKind, number | null>>;
  /** The row's recipient (`access.recipient`, e.g. a notification): its account kind and id. */
  t?: { k: string; i: number };
}

export function noticeOf(resource: AnyResource, record: Row, action: string): ChangeNotice {
  const notice: ChangeNotice = { r: resource.name, i: Number(record.id), a: action, v: Number(record.version ?? 0) };
  for (const kind of OWNER_KINDS) {
    const scope = resource.access[kind]?.scope;
    if (!scope) continue;
    const value = record[scope];
    (notice.o ??= {})[kind] = value === null || value === undefined ? null : Number(value);
  }
  const recipient = resource.access.recipient;
  if (recipient) notice.t = { k: String(record[recipient.kind]), i: Number(record[recipient.id]) };
  return notice;
}

/**
 * Sends the change to every instance's streams. Called inside the write's transaction: PostgreSQL (and PGlite)
 * deliver a NOTIFY only when that transaction commits, so a change that rolls back is never announced.
 */
export async function announceChange(
  trx: Kysely<any>,
  resource: AnyResource,
  record: Row,
  action: string,
): Promise<void> {
  if (resource.live === false) return;
  const payload = JSON.stringify(noticeOf(resource, record, action));
  await notifyOnCommit(trx, EVENTS_CHANNEL, payload);
}

/** A notice read back from the channel, or undefined when it is not one (never trusted blindly). */
export function parseNotice(payload: string): ChangeNotice | undefined {
  try {
    const value = JSON.parse(payload) as Partial<ChangeNotice>;
    if (typeof value.r !== 'string' || typeof value.a !== 'string' || !Number.isFinite(value.i)) return undefined;
    return value as ChangeNotice;
  } catch {
    return undefined;
  }
}
