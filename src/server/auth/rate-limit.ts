import { sql, type Kysely } from 'kysely';

/**
 * Failed sign-ins are counted in the `login_attempts` table, not in memory, so the limit holds
 * across every server process sharing the database.
 *
 * A lock on an account alone would be a weapon: anyone could keep its owner out by failing ten times. So the
 * low limit is per account and client (`perEmailAndIp`); an account has a much higher ceiling of its own
 * (`perEmail`, against guessing from many addresses), and a client one across accounts (`perIp`).
 */
export interface LoginLimits {
  windowSeconds: number;
  /** Failures for one account from one client address. */
  perEmailAndIp: number;
  /** Failures for one account from every address together. */
  perEmail: number;
  /** Failures from one address for every account together. */
  perIp: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  windowSeconds: 15 * 60,
  perEmailAndIp: 10,
  perEmail: 100,
  perIp: 30,
};

const window = (limits: LoginLimits) => sql`(${limits.windowSeconds}::int * interval '1 second')`;

export const emailKey = (email: string) => `email:${email}`;
export const ipKey = (ip: string) => `ip:${ip}`;
export const emailAndIpKey = (email: string, ip: string) => `email-ip:${ip} ${email}`;

/** The counted keys of one attempt with their limits. */
function keysOf(limits: LoginLimits, email: string, ip: string): [string, number][] {
  return [
    [emailAndIpKey(email, ip), limits.perEmailAndIp],
    [emailKey(email), limits.perEmail],
    [ipKey(ip), limits.perIp],
  ];
}

/** The longest wait of the keys over their limit, or undefined when none is. */
async function longestWait(db: Kysely<any>, limits: LoginLimits, email: string, ip: string, own = 0) {
  const waits = await Promise.all(
    keysOf(limits, email, ip).map(([key, limit]) => blockedFor(db, key, limit, limits, own)),
  );
  const blocked = waits.filter((wait): wait is number => wait !== undefined);
  return blocked.length ? Math.max(...blocked) : undefined;
}

/**
 * Seconds until the key drops below its limit, or undefined when it is not blocked. `own` rows of the key are the
 * caller's own reservation, counted on top of the limit.
 */
async function blockedFor(db: Kysely<any>, key: string, limit: number, limits: LoginLimits, own = 0) {
  // The limit-th newest failure in the window: the key is blocked until it leaves the window.
  const row = await db
    .selectFrom('login_attempts')
    .select(sql<number>`ceil(extract(epoch from ("at" + ${window(limits)} - now())))`.as('retry'))
    .where('key', '=', key)
    .where('at', '>', sql`now() - ${window(limits)}`)
    .orderBy('at', 'desc')
    .offset(limit - 1 + own)
    .limit(1)
    .executeTakeFirst();
  return row ? Math.max(1, Number(row.retry)) : undefined;
}

/** Seconds to wait before another attempt for this email from this IP is allowed; undefined when allowed. */
export async function loginRetryAfter(
  db: Kysely<any>,
  limits: LoginLimits,
  email: string,
  ip: string,
): Promise<number | undefined> {
  return longestWait(db, limits, email, ip);
}

export interface LoginReservation {
  /** Seconds to wait when this attempt is over the limit (the attempt must then not go ahead). */
  retryAfter?: number;
  /** Forgets this attempt: it was refused unseen, or it succeeded. A failed attempt keeps it as its failure. */
  release(): Promise<void>;
}

/**
 * Counts the attempt before the password is checked, so parallel attempts cannot all pass a check made before any
 * of them is recorded: the n-th attempt in the window always sees at least n rows, so at most `limit` go ahead.
 */
export async function reserveLoginAttempt(
  db: Kysely<any>,
  limits: LoginLimits,
  email: string,
  ip: string,
): Promise<LoginReservation> {
  const rows = await db
    .insertInto('login_attempts')
    .values(keysOf(limits, email, ip).map(([key]) => ({ key })))
    .returning(sql<string>`ctid::text`.as('row'))
    .execute();
  const release = async () => {
    await db
      .deleteFrom('login_attempts')
      .where(
        sql`ctid`,
        'in',
        rows.map((r) => sql`${r.row}::tid`),
      )
      .execute();
  };
  const retryAfter = await longestWait(db, limits, email, ip, 1);
  return retryAfter === undefined ? { release } : { retryAfter, release };
}

/**
 * A successful sign-in forgets that account's failures, from everywhere and from this client (not the IP's own:
 * one good account must not unlock guessing others).
 */
export async function clearLoginFailures(db: Kysely<any>, email: string, ip: string): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('key', 'in', [emailKey(email), emailAndIpKey(email, ip)])
    .execute();
}

export async function pruneLoginAttempts(db: Kysely<any>, limits: LoginLimits): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('at', '<=', sql`now() - ${window(limits)}`)
    .execute();
}
