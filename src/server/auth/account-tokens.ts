import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { AccountKind } from '../../core/roles';

/** What a mailed link lets its holder do once. */
export type TokenPurpose = 'verify-email' | 'password-reset';

/** How long a mailed link works (SPEC §11): a day to confirm an address, half an hour to set a new password. */
export const TOKEN_LIFETIME_SECONDS: Readonly<Record<TokenPurpose, number>> = {
  'verify-email': 24 * 3600,
  'password-reset': 30 * 60,
};

export const INVALID_LINK = 'This link is invalid or has expired';

const TABLE = 'account_tokens';

/**
 * The stored id of a token. 256 random bits cannot be guessed from their hash, so a fast hash is enough (a slow
 * one protects low-entropy passwords); the table alone never yields a working link.
 */
const idOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new single-use token for the account, valid for its purpose's lifetime; answers the token itself. */
export async function issueToken(
  trx: Kysely<any>,
  purpose: TokenPurpose,
  accountKind: AccountKind,
  accountId: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await trx
    .insertInto(TABLE)
    .values({
      id: idOf(token),
      purpose,
      accountKind,
      accountId,
      expiresAt: sql`now() + (${TOKEN_LIFETIME_SECONDS[purpose]}::int * interval '1 second')`,
    })
    .execute();
  return token;
}

/**
 * Uses a token up: deleting its row is what spends it, so of two requests with one link only one finds it. An
 * expired token is spent too, and answers nothing. Every other token of the account for the same purpose ends
 * with it (an older link must not work after a newer one was used).
 */
export async function consumeToken(
  trx: Kysely<any>,
  purpose: TokenPurpose,
  token: unknown,
): Promise<{ accountKind: AccountKind; accountId: number } | undefined> {
  if (typeof token !== 'string' || token.length < 16 || token.length > 200) return undefined;
  const row = await trx
    .deleteFrom(TABLE)
    .where('id', '=', idOf(token))
    .where('purpose', '=', purpose)
    .returning(['accountKind', 'accountId', sql<boolean>`"expiresAt" > now()`.as('live')])
    .executeTakeFirst();
  if (!row || !row.live) return undefined;
  await trx
    .deleteFrom(TABLE)
    .where('accountKind', '=', row.accountKind)
    .where('accountId', '=', row.accountId)
    .where('purpose', '=', purpose)
    .execute();
  return { accountKind: row.accountKind as AccountKind, accountId: Number(row.accountId) };
}

/** Ends the account's open links of one purpose (a password changed another way, an address confirmed). */
export async function revokeTokens(
  trx: Kysely<any>,
  purpose: TokenPurpose,
  accountKind: AccountKind,
  accountId: number,
): Promise<void> {
  await trx
    .deleteFrom(TABLE)
    .where('accountKind', '=', accountKind)
    .where('accountId', '=', accountId)
    .where('purpose', '=', purpose)
    .execute();
}

export async function pruneExpiredTokens(db: Kysely<any>): Promise<void> {
  await db
    .deleteFrom(TABLE)
    .where('expiresAt', '<=', sql`now()`)
    .execute();
}
