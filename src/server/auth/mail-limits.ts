import type { Kysely } from 'kysely';
import { countCall, type CallLimit } from './call-limit';
import { tooManyAttempts } from './password-proof';

/**
 * Mails that anybody can have sent to an address they name (a sign-up, a partner registration, an account giving
 * itself that address) are limited per address across all those routes, so nobody's inbox can be flooded through
 * them, from one client or many. Counted whether the address is free or taken: the limit tells nothing of it.
 */
export const MAILS_TO_ADDRESS: CallLimit = { max: 5, windowSeconds: 900 };
/** How often one account may give itself a new sign-in address. */
export const EMAIL_CHANGES_PER_ACCOUNT: CallLimit = { max: 5, windowSeconds: 900 };

/** 429 with `Retry-After` once `key` has used its calls in the window; else the call is counted. */
export async function limitCalls(db: Kysely<any>, key: string, limit: CallLimit): Promise<void> {
  const wait = await countCall(db, key, limit);
  if (wait !== undefined) throw tooManyAttempts(wait);
}

/** Counts one mail that a caller asks to be sent to `email` (lower-cased: one inbox, any case). */
export function limitMailsTo(db: Kysely<any>, email: string): Promise<void> {
  return limitCalls(db, `mails-to:${email.trim().toLowerCase()}`, MAILS_TO_ADDRESS);
}
