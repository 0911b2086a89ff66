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

/** Seconds until the key drops below its limit, or undefined when it is not blocked. */
async function blockedFor(db: Kysely<any>, key: string, limit: number, limits: LoginLimits) {
  // The limit-th newest failure in the window: the key is blocked until it leaves the window.
  const row = await db
    .selectFrom('login_attempts')
    .select(sql<number>`ceil(extract(epoch from ("at" + ${window(limits)} - now())))`.as('retry'))
    .where('key', '=', key)
    .where('at', '>', sql`now() - ${window(limits)}`)
    .orderBy('at', 'desc')
    .offset(limit - 1)
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
