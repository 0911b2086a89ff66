import type { Kysely } from 'kysely';
import { DEFAULT_LOCALE } from '../../core/locales';
import type { AnyResource, Row } from '../../core/resource';
import { accountLocale, enqueueMail } from '../mail/outbox';
import type { Registry } from '../engine/registry';
import { issueToken, type TokenPurpose } from './account-tokens';

/** The app's screen each link opens (below `/{locale}`), and the mail that carries it (`app.mail.account.*`). */
const LINKS: Readonly<Record<TokenPurpose, { screen: string; template: string }>> = {
  'verify-email': { screen: 'verify-email', template: 'account.verifyEmail' },
  'password-reset': { screen: 'password-reset', template: 'account.passwordReset' },
};

/**
 * Mails the account a single-use link for `purpose`, in its own language, through the outbox of the caller's
 * transaction: no link exists unless the change that asked for it commits. `redirect` (a path of this site) rides
 * along, so that the screen the link opens can send the account on to where it was going.
 */
export async function mailAccountLink(
  trx: Kysely<any>,
  registry: Registry,
  purpose: TokenPurpose,
  resource: AnyResource,
  row: Row,
  redirect?: string,
): Promise<void> {
  const kind = resource.account?.kind;
  // A link proving an address goes to the one waiting to be proved, when the account gave itself a new one.
  const pending = purpose === 'verify-email' ? pendingEmailOf(resource, row) : undefined;
  const email = pending ?? row.email;
  if (!kind || typeof email !== 'string' || !email) return;
  const token = await issueToken(trx, purpose, kind, Number(row.id));
  const locale = accountLocale(resource, row) ?? DEFAULT_LOCALE;
  const query = new URLSearchParams({ token });
  if (redirect) query.set('redirect', redirect);
  const { screen, template } = LINKS[purpose];
  await enqueueMail(trx, registry, {
    to: email,
    locale,
    template,
    params: { link: `/${locale}/${screen}?${query.toString()}` },
  });
}

/** Whether the account has still to prove it owns its address (`account.verifiedField` empty). */
export function isUnverified(resource: AnyResource, row: Row): boolean {
  const field = resource.account?.verifiedField;
  return Boolean(field) && (row[field!] === null || row[field!] === undefined);
}

/** The new email an account gave itself and has not proved yet (`account.pendingEmailField`), if any. */
export function pendingEmailOf(resource: AnyResource, row: Row): string | undefined {
  const field = resource.account?.pendingEmailField;
  const value = field ? row[field] : undefined;
  return typeof value === 'string' && value ? value : undefined;
}
