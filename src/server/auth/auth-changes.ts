import type { Kysely } from 'kysely';
import { notifyOnCommit } from '../db/commit-bus';

/**
 * Signed-in principals are remembered for a moment (see session-cache.ts); whatever can change who a session
 * acts as (an account's state or role, a deleted session) announces itself here. Caches in this process forget
 * at once; with PostgreSQL the same announcement is a NOTIFY on this channel, delivered at commit to every
 * instance sharing the database (each LISTENs, see connection.ts).
 */
export const AUTH_CHANNEL = 'lantern_auth_changes';

const forgetters = new Set<() => void>();

/** Subscribes this process's cache; answers the unsubscribe. */
export function onAuthChange(forget: () => void): () => void {
  forgetters.add(forget);
  return () => void forgetters.delete(forget);
}

/** Every cache of this process forgets (a notification from another instance, or a write here). */
export function forgetSignedIn(): void {
  for (const forget of forgetters) forget();
}

/** Called by the write that changes an account or ends sessions, in its transaction when it has one. */
export async function announceAuthChange(db: Kysely<any>): Promise<void> {
  forgetSignedIn();
  await notifyOnCommit(db, AUTH_CHANNEL, '');
}
