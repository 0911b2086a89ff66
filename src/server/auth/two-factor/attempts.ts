import { sql, type Kysely } from 'kysely';
import type { AccountRef } from './store';

/** Wrong codes an account may send in the window; the next attempt answers 429 until the oldest leaves it. */
export const WRONG_CODES_ALLOWED = 5;

/**
 * Wrong codes are counted per account, whatever the client or the sign-in they come from (a new password
 * sign-in does not give a guesser five more tries), in the sign-in attempts table so every instance sees them.
 */
const keyOf = (account: AccountRef) => `two-factor:${account.kind}:${account.id}`;
const within = (windowSeconds: number) => sql`(${windowSeconds}::int * interval '1 second')`;

export interface CodeAttempt {
  /** Seconds to wait: this attempt is over the limit and must not be checked. */
  retryAfter?: number;
  /** The code was right: the attempt and the account's earlier failures are forgotten. */
  succeeded(): Promise<void>;
}

/**
 * Counts the attempt before the code is checked, so parallel guesses cannot all pass a check made before any of
 * them is recorded. A wrong code keeps its row as the failure.
 */
export async function reserveCodeAttempt(
  db: Kysely<any>,
  account: AccountRef,
  windowSeconds: number,
): Promise<CodeAttempt> {
  const key = keyOf(account);
  const own = await db
    .insertInto('login_attempts')
    .values({ key })
    .returning(sql<string>`ctid::text`.as('row'))
    .executeTakeFirstOrThrow();
  const forget = async () => {
    await db
      .deleteFrom('login_attempts')
      .where(sql`ctid`, '=', sql`${own.row}::tid`)
      .execute();
  };
  // The limit-th newest failure before this attempt: blocked until it leaves the window.
  const blocking = await db
    .selectFrom('login_attempts')
    .select(sql<number>`ceil(extract(epoch from ("at" + ${within(windowSeconds)} - now())))`.as('retry'))
    .where('key', '=', key)
    .where('at', '>', sql`now() - ${within(windowSeconds)}`)
    .where(sql`ctid`, '<>', sql`${own.row}::tid`)
    .orderBy('at', 'desc')
    .offset(WRONG_CODES_ALLOWED - 1)
    .limit(1)
    .executeTakeFirst();
  if (blocking) {
    await forget();
    return { retryAfter: Math.max(1, Number(blocking.retry)), succeeded: forget };
  }
  return {
    async succeeded() {
      await db.deleteFrom('login_attempts').where('key', '=', key).execute();
    },
  };
}
