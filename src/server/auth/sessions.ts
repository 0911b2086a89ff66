import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { AccountKind } from '../../core/roles';
import { announceAuthChange } from './auth-changes';

/** How long sessions live: idle lifetime (sliding) and a hard cap from sign-in. */
export interface SessionLifetime {
  idleSeconds: number;
  absoluteSeconds: number;
}

export const DEFAULT_SESSION_LIFETIME: SessionLifetime = {
  idleSeconds: 7 * 24 * 3600,
  absoluteSeconds: 30 * 24 * 3600,
};

/** Sliding expiry writes at most this often per session, so reads stay reads. */
export const TOUCH_INTERVAL_SECONDS = 60;

export interface SessionRow {
  id: string;
  accountKind: AccountKind;
  accountId: number;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
}

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored id of a token: the table alone never yields a usable cookie. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const seconds = (n: number) => sql`(${Math.round(n)}::int * interval '1 second')`;

export async function createSession(
  db: Kysely<any>,
  kind: AccountKind,
  accountId: number,
  lifetime: SessionLifetime,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSessionToken();
  const row = await db
    .insertInto('sessions')
    .values({
      id: sessionIdOf(token),
      accountKind: kind,
      accountId,
      expiresAt: sql`now() + ${seconds(Math.min(lifetime.idleSeconds, lifetime.absoluteSeconds))}`,
    })
    .returning('expiresAt')
    .executeTakeFirstOrThrow();
  return { token, expiresAt: new Date(row.expiresAt as string | Date) };
}

/** Extends a session by the idle lifetime, never past the absolute cap; answers the new expiry. */
export async function touchSession(db: Kysely<any>, id: string, lifetime: SessionLifetime): Promise<Date | undefined> {
  const row = await db
    .updateTable('sessions')
    .set({
      lastSeenAt: sql`now()`,
      expiresAt: sql`least(now() + ${seconds(lifetime.idleSeconds)}, "createdAt" + ${seconds(lifetime.absoluteSeconds)})`,
    })
    .where('id', '=', id)
    .where('expiresAt', '>', sql`now()`)
    .returning('expiresAt')
    .executeTakeFirst();
  return row ? new Date(row.expiresAt as string | Date) : undefined;
}

export async function deleteSession(db: Kysely<any>, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionIdOf(token)).execute();
  await announceAuthChange(db);
}

/**
 * Revokes every session of an account (e.g. after a password reset or when it is disabled), except `keep` (a
 * session id): the session that changed its own password goes on.
 */
export async function deleteAccountSessions(
  db: Kysely<any>,
  kind: AccountKind,
  accountId: number,
  keep?: string,
): Promise<void> {
  let query = db.deleteFrom('sessions').where('accountKind', '=', kind).where('accountId', '=', accountId);
  if (keep) query = query.where('id', '<>', keep);
  await query.execute();
  await announceAuthChange(db);
}

export async function pruneExpiredSessions(db: Kysely<any>): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('expiresAt', '<=', sql`now()`)
    .execute();
}
