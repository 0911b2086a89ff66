import type { AnyResource } from '../../core/resource';
import type { Principal } from '../../core/roles';
import { readAccess } from '../engine/scope';
import type { ChangeNotice } from './notice';

/**
 * Whether a session may hear of this change, by the rules of its reads (rest/scope.ts): an admin whose role reads
 * the resource hears of every row; a partner or a user only of rows whose scope column names them; rows with a
 * recipient (notifications) only that account, admins included. Visitors'
 * public subsets are not streamed: the live screens are the signed-in apps, whose readers have rules of their own.
 */
export function mayReceive(resource: AnyResource, principal: Principal, notice: ChangeNotice): boolean {
  if (principal.kind === 'public') return false;
  let access;
  try {
    access = readAccess(resource, principal);
  } catch {
    return false;
  }
  if (access.mode === 'all') return true;
  if (access.mode === 'owner' && access.kind) return notice.t?.k === access.kind.value && notice.t.i === principal.id;
  if (access.mode === 'owner') return notice.o?.[principal.kind as 'partner' | 'user'] === principal.id;
  return false;
}

/** The SSE event name of a change: `notification` for the new rows of a resource that declares it. */
export function eventName(resource: AnyResource, notice: ChangeNotice): string {
  return resource.live && resource.live.createEvent && notice.a === 'create' ? resource.live.createEvent : 'change';
}

/** The event's data, as SPEC §8 words it. */
export function eventData(notice: ChangeNotice): string {
  return JSON.stringify({ resource: notice.r, id: notice.i, action: notice.a, version: notice.v });
}
