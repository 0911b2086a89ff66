import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { AccountKind } from '../../../core/roles';
import { announceAuthChange } from '../auth-changes';
import { CHALLENGES_TABLE, FACTORS_TABLE, RECOVERY_CODES_TABLE } from './tables';

export interface AccountRef {
  kind: AccountKind;
  id: number;
}

export interface Factor {
  secret: string;
  enabled: boolean;
  lastStep?: number;
}

const mine = (account: AccountRef) => sql<boolean>`"accountKind" = ${account.kind} and "accountId" = ${account.id}`;

export async function findFactor(db: Kysely<any>, account: AccountRef): Promise<Factor | undefined> {
  const row = await db
    .selectFrom(FACTORS_TABLE)
    .select(['secret', 'enabledAt', 'lastStep'])
    .where(mine(account))
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    secret: String(row.secret),
    enabled: row.enabledAt !== null,
    ...(row.lastStep !== null && { lastStep: Number(row.lastStep) }),
  };
}

/** Starts (or restarts) a setup with a new secret; never replaces a factor that is on (answers false then). */
export async function startSetup(db: Kysely<any>, account: AccountRef, secret: string): Promise<boolean> {
  const row = await db
    .insertInto(FACTORS_TABLE)
    .values({ accountKind: account.kind, accountId: account.id, secret })
    .onConflict((oc) =>
      oc
        .columns(['accountKind', 'accountId'])
        .doUpdateSet({ secret, lastStep: null, createdAt: sql`now()` })
        .where(`${FACTORS_TABLE}.enabledAt`, 'is', null),
    )
    .returning('accountId')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records `step` as the last code used, only if it is newer than the one recorded: of two requests with one code,
 * exactly one gets true. `enable` also turns a pending factor on.
 */
export async function useStep(db: Kysely<any>, account: AccountRef, step: number, enable = false): Promise<boolean> {
  const row = await db
    .updateTable(FACTORS_TABLE)
    .set({ lastStep: step, ...(enable && { enabledAt: sql`now()` }) })
    .where(mine(account))
    .where((eb) => eb.or([eb('lastStep', 'is', null), eb('lastStep', '<', step)]))
    .where('enabledAt', enable ? 'is' : 'is not', null)
    .returning('accountId')
    .executeTakeFirst();
  if (row) await announceAuthChange(db);
  return row !== undefined;
}

/** Turns the factor off: secret and recovery codes go. */
export async function removeSecondFactor(db: Kysely<any>, kind: AccountKind, id: number): Promise<void> {
  const account = { kind, id };
  await db.deleteFrom(FACTORS_TABLE).where(mine(account)).execute();
  await db.deleteFrom(RECOVERY_CODES_TABLE).where(mine(account)).execute();
  await db.deleteFrom(CHALLENGES_TABLE).where(mine(account)).execute();
  await announceAuthChange(db);
}

// ---- recovery codes ---------------------------------------------------------------------------

export const RECOVERY_CODE_COUNT = 10;
/** Crockford's Base32 without look-alikes: 10 characters carry 50 random bits. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `XXXXX-XXXXX`: readable aloud and typed without confusion. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** The code as stored: upper case, no spaces or hyphens, then hashed (the random code needs no slow hash). */
export function recoveryCodeHash(code: string): string {
  const plain = code.toUpperCase().replace(/[\s-]+/g, '');
  return createHash('sha256').update(`lantern-recovery:${plain}`).digest('hex');
}

/** New recovery codes replace every earlier one; answers the plain codes, shown once. */
export async function replaceRecoveryCodes(db: Kysely<any>, account: AccountRef): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.deleteFrom(RECOVERY_CODES_TABLE).where(mine(account)).execute();
  await db
    .insertInto(RECOVERY_CODES_TABLE)
    .values(
      codes.map((code) => ({ accountKind: account.kind, accountId: account.id, codeHash: recoveryCodeHash(code) })),
    )
    .execute();
  return codes;
}

/** Uses up a recovery code: true once per code, however many requests carry it at once. */
export async function useRecoveryCode(db: Kysely<any>, account: AccountRef, code: string): Promise<boolean> {
  const row = await db
    .updateTable(RECOVERY_CODES_TABLE)
    .set({ usedAt: sql`now()` })
    .where(mine(account))
    .where('codeHash', '=', recoveryCodeHash(code))
    .where('usedAt', 'is', null)
    .returning('accountId')
    .executeTakeFirst();
  return row !== undefined;
}

export async function recoveryCodesLeft(db: Kysely<any>, account: AccountRef): Promise<number> {
  const row = await db
    .selectFrom(RECOVERY_CODES_TABLE)
    .select(sql<number>`count(*)::int`.as('n'))
    .where(mine(account))
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// ---- the half-signed-in state -------------------------------------------------------------------

/** How long the second step may wait after the password. */
export const CHALLENGE_SECONDS = 5 * 60;

const challengeId = (token: string) => createHash('sha256').update(token).digest('hex');

/** A sign-in that passed its password: the token goes in its own cookie, which opens nothing but the second step. */
export async function createChallenge(db: Kysely<any>, account: AccountRef): Promise<{ token: string }> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto(CHALLENGES_TABLE)
    .values({
      id: challengeId(token),
      accountKind: account.kind,
      accountId: account.id,
      expiresAt: sql`now() + ${CHALLENGE_SECONDS}::int * interval '1 second'`,
    })
    .execute();
  // Housekeeping: expired challenges of anyone go with each new one.
  await db
    .deleteFrom(CHALLENGES_TABLE)
    .where('expiresAt', '<=', sql`now()`)
    .execute();
  return { token };
}

export async function findChallenge(db: Kysely<any>, token: string): Promise<AccountRef | undefined> {
  const row = await db
    .selectFrom(CHALLENGES_TABLE)
    .select(['accountKind', 'accountId'])
    .where('id', '=', challengeId(token))
    .where('expiresAt', '>', sql`now()`)
    .executeTakeFirst();
  return row ? { kind: row.accountKind as AccountKind, id: Number(row.accountId) } : undefined;
}

/** Ends a challenge; true for the one request that ended it. */
export async function endChallenge(db: Kysely<any>, token: string): Promise<boolean> {
  const row = await db
    .deleteFrom(CHALLENGES_TABLE)
    .where('id', '=', challengeId(token))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
