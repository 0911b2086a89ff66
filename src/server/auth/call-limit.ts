import { sql, type Kysely } from 'kysely';

/** At most `max` counted calls per key within `windowSeconds` (at most the sign-in window, which prunes the rows). */
export interface CallLimit {
  max: number;
  windowSeconds: number;
}

/** Seconds until `key` may call again when it has used its calls in the window; undefined when it may now. */
export async function callWait(db: Kysely<any>, key: string, limit: CallLimit): Promise<number | undefined> {
  const window = sql`(${limit.windowSeconds}::int * interval '1 second')`;
  const row = await db
    .selectFrom('login_attempts')
    .select([
      sql<number>`count(*)::int`.as('calls'),
      // Seconds until the oldest call in the window leaves it: the client's Retry-After.
      sql<number>`ceil(extract(epoch from (min("at") + ${window} - now())))`.as('retry'),
    ])
    .where('key', '=', key)
    .where('at', '>', sql`now() - ${window}`)
    .executeTakeFirst();
  return Number(row?.calls ?? 0) >= limit.max ? Math.max(1, Number(row?.retry ?? 1)) : undefined;
}

/** Counts one call of `key` now. */
export async function recordCall(db: Kysely<any>, key: string): Promise<void> {
  await db.insertInto('login_attempts').values({ key }).execute();
}

/**
 * Counts a call of `key` in the sign-in attempts table (so the limit holds across server processes) and answers
 * the seconds to wait when the key has already used its calls in the window (the call is then not counted);
 * undefined when it may go ahead. Run inside the call's transaction, only calls that commit count.
 */
export async function countCall(db: Kysely<any>, key: string, limit: CallLimit): Promise<number | undefined> {
  const wait = await callWait(db, key, limit);
  if (wait === undefined) await recordCall(db, key);
  return wait;
}
