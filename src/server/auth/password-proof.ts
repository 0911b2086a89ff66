import type { Kysely } from 'kysely';
import { formatEnglish } from '../../core/messages';
import { badRequest, HttpError } from '../edge/errors';
import { verifyPassword } from './password';
import { reserveLoginAttempt, type LoginLimits } from './rate-limit';

/** The body key that carries the password an account changes its own from. */
export const CURRENT_PASSWORD = 'currentPassword';
export const TOO_MANY_ATTEMPTS = 'Too many attempts, try again later';
/** Longer inputs are refused before hashing, so a huge password cannot tie up argon2. */
export const MAX_PASSWORD_LENGTH = 1024;

export function tooManyAttempts(retryAfter: number): HttpError {
  return new HttpError(429, TOO_MANY_ATTEMPTS, undefined, { 'Retry-After': String(retryAfter) });
}

/**
 * Refuses unless `plain` is the account's password. A stolen session must not be enough to take the account
 * over, and checking it must not be a way round the sign-in limits: each try counts as a sign-in attempt of
 * that email from that client (a right one is forgotten), and is checked against the same argon2id hash.
 */
export async function proveCurrentPassword(
  db: Kysely<any>,
  limits: LoginLimits,
  account: { email: string; ip: string; hash: string | undefined },
  plain: unknown,
): Promise<void> {
  if (typeof plain !== 'string' || plain === '')
    throw badRequest({ [CURRENT_PASSWORD]: formatEnglish({ key: 'required' }) });
  const attempt = await reserveLoginAttempt(db, limits, account.email, account.ip);
  if (attempt.retryAfter !== undefined) {
    await attempt.release();
    throw tooManyAttempts(attempt.retryAfter);
  }
  const right = plain.length <= MAX_PASSWORD_LENGTH && (await verifyPassword(account.hash, plain));
  // A wrong password keeps the reserved attempt as its recorded failure.
  if (!right) throw badRequest({ [CURRENT_PASSWORD]: formatEnglish({ key: 'currentPassword' }) });
  await attempt.release();
}
