import type { Kysely } from 'kysely';
import { inTransaction } from '../db/transaction';
import type { Registry } from '../engine/registry';
import { isUnverified, mailAccountLink } from './account-links';
import type { Account } from './accounts';
import { countCall, type CallLimit } from './call-limit';

export const CONFIRM_EMAIL_FIRST = 'Please confirm your email address first';

/**
 * New links an unverified account is mailed by signing in: enough for a lost or late mail, too few for signing in
 * to be a way of flooding someone's inbox.
 */
export const RESEND_LIMIT: CallLimit = { max: 3, windowSeconds: 15 * 60 };

/**
 * Asked after the password matched: an account that has not proved its address does not sign in (SPEC §11). It is
 * mailed a new link, at most `RESEND_LIMIT` times; the answer is the same either way. Answers the 403's message,
 * or undefined when the account may go on.
 */
export async function refuseUnverified(
  db: Kysely<any>,
  registry: Registry,
  account: Account,
): Promise<string | undefined> {
  if (!isUnverified(account.resource, account.row)) return undefined;
  await inTransaction(db, async (trx) => {
    const key = `verify-mail:${account.resource.account?.kind}:${account.row.id}`;
    if ((await countCall(trx, key, RESEND_LIMIT)) === undefined)
      await mailAccountLink(trx, registry, 'verify-email', account.resource, account.row);
  });
  return CONFIRM_EMAIL_FIRST;
}
