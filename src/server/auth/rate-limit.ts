import { sql, type Kysely } from 'kysely';

/**
 * Failed sign-ins are counted in the `login_attempts` table, not in memory, so the limit holds
 * across every server process sharing the database.
 */
export interface LoginLimits {
  windowSeconds: number;
  perEmail: number;
  perIp: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { windowSeconds: 15 * 60, perEmail: 10, perIp: 30 };

const window = (limits: LoginLimits) => sql`(${limits.windowSeconds}::int * interval '1 second')`;

export const emailKey = (email: string) => `email:${email}`;
export const ipKey = (ip: string) => `ip:${ip}`;

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

/** Seconds to wait before another attempt for this email or IP is allowed; undefined when allowed. */
export async function loginRetryAfter(
  db: Kysely<any>,
  limits: LoginLimits,
  email: string,
  ip: string,
): Promise<number | undefined> {
  const [byEmail, byIp] = await Promise.all([
    blockedFor(db, emailKey(email), limits.perEmail, limits),
    blockedFor(db, ipKey(ip), limits.perIp, limits),
  ]);
  if (byEmail === undefined && byIp === undefined) return undefined;
  return Math.max(byEmail ?? 0, byIp ?? 0);
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
    .values([{ key: emailKey(email) }, { key: ipKey(ip) }])
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
  const [byEmail, byIp] = await Promise.all([
    blockedFor(db, emailKey(email), limits.perEmail, limits, 1),
    blockedFor(db, ipKey(ip), limits.perIp, limits, 1),
  ]);
  if (byEmail === undefined && byIp === undefined) return { release };
  return { retryAfter: Math.max(byEmail ?? 0, byIp ?? 0), release };
}

export async function recordLoginFailure(db: Kysely<any>, email: string, ip: string): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values([{ key: emailKey(email) }, { key: ipKey(ip) }])
    .execute();
}

/** A successful sign-in forgets that email's failures (not the IP's: one good account must not unlock guessing). */
export async function clearLoginFailures(db: Kysely<any>, email: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', emailKey(email)).execute();
}

export async function pruneLoginAttempts(db: Kysely<any>, limits: LoginLimits): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('at', '<=', sql`now() - ${window(limits)}`)
    .execute();
}
