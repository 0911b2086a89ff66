import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { formatEnglish } from '../../core/messages';
import type { AnyResource, Row } from '../../core/resource';
import type { Principal } from '../../core/roles';
import { mailAccountLink } from '../auth/account-links';
import { revokeTokens } from '../auth/account-tokens';
import { findAccountByEmail, normalizeEmail } from '../auth/accounts';
import { EMAIL_CHANGES_PER_ACCOUNT, limitCalls, limitMailsTo } from '../auth/mail-limits';
import { passwordFields, passwordHashOf } from '../auth/password-fields';
import { CURRENT_PASSWORD, proveCurrentPassword } from '../auth/password-proof';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { sessionIdOf } from '../auth/sessions';
import type { RecordWriter } from './record-writer';
import { badRequest } from '../edge/errors';
import { parseId } from './input';

/**
 * What differs when an account edits its own record: a stolen session must not be enough to take the
 * account over, and the answers must not tell which addresses other accounts hold.
 */

/** The request acts on the signed-in account's own record. */
export function isOwnAccount(resource: AnyResource, principal: Principal, rawId: string): boolean {
  return principal.kind !== 'public' && resource.account?.kind === principal.kind && parseId(rawId) === principal.id;
}

export interface PasswordCheck {
  /** The body without `currentPassword`. */
  body: Record<string, unknown>;
  /** The session of one's own change: it survives a new password or address of its account (every other one ends). */
  keepSession?: string;
}

/**
 * A new password or a new sign-in address of one's own needs the current password, checked like a sign-in (same
 * hash, same limits): with a stolen session alone, an address of the thief's could otherwise be proved and then
 * used to reset the password. An admin changing another account needs none. `currentPassword` is taken out of the
 * body of an account resource.
 */
export async function checkOwnPasswordChange(
  app: FastifyInstance,
  db: Kysely<any>,
  request: FastifyRequest<{ Params: { id: string } }>,
  load: () => Promise<Record<string, unknown>>,
  resource: AnyResource,
  raw: Record<string, unknown>,
): Promise<PasswordCheck> {
  const passwords = passwordFields(resource);
  if (!resource.account || !passwords.length) return { body: raw };
  const { [CURRENT_PASSWORD]: current, ...body } = raw;
  const changesPassword = passwords.some((name) => typeof body[name] === 'string' && body[name] !== '');
  if (!isOwnAccount(resource, request.principal, request.params.id)) return { body };
  const token = request.cookies?.[SESSION_COOKIE];
  const keepSession = token ? sessionIdOf(token) : undefined;
  if (!changesPassword && typeof body.email !== 'string') return { body, keepSession };
  const row = await load();
  if (!changesPassword && !newEmail(row, body)) return { body, keepSession };
  await proveCurrentPassword(
    db,
    app.loginLimits,
    { email: normalizeEmail(String(row.email ?? '')), ip: request.ip, hash: passwordHashOf(resource, row) },
    current,
  );
  return { body, keepSession };
}

/** The sign-in address an update gives an account, when it changes it (not only its case). */
function newEmail(before: Record<string, unknown>, patch: Record<string, unknown>): string | undefined {
  const next = patch.email;
  if (typeof next !== 'string' || next.trim().toLowerCase() === String(before.email ?? '').toLowerCase())
    return undefined;
  return next.trim().toLowerCase();
}

/**
 * Runs an account's update of its own record (`write` stores a patch). A new address waits in the account's
 * `pendingEmailField` until the link mailed to it is opened (auth/account-routes.ts); a taken one waits there alike
 * and is mailed a warning instead, so neither the answer nor a later read tells whether it is taken. Without such a
 * field (administrators, whose addresses need no proof) the address changes at once, and a taken one changes
 * nothing and answers as the change would have.
 */
export async function writeOwnAccount(
  writer: RecordWriter,
  resource: AnyResource,
  before: Row,
  patch: Record<string, unknown>,
  write: (patch: Record<string, unknown>) => Promise<Row>,
): Promise<Row> {
  const email = newEmail(before, patch);
  if (!email) return write(patch);
  const kind = resource.account!.kind;
  // Each new address mails it (a link to prove it, or its owner's warning): limited per account and per address.
  await limitCalls(writer.trx, `email-change:${kind}:${before.id}`, EMAIL_CHANGES_PER_ACCOUNT);
  await limitMailsTo(writer.trx, email);
  const warnOwner = () =>
    writer.mail({ to: email, template: 'account.emailTaken', params: { via: `${resource.name}.update` } });
  const pendingField = resource.account?.pendingEmailField;
  if (!pendingField) {
    const result = await writer.unlessTaken(() => write(patch));
    if ('value' in result) return result.value;
    if (result.taken !== 'email') throw badRequest({ [result.taken]: formatEnglish({ key: 'unique' }) });
    await warnOwner();
    return { ...before, ...patch, version: Number(before.version) + 1, updatedAt: writer.now.toISOString() };
  }
  const { email: _proposed, ...rest } = patch;
  // A link mailed for an earlier new address must not prove this one.
  await revokeTokens(writer.trx, 'verify-email', kind, before.id);
  const row = await write({ ...rest, [pendingField]: email });
  if (await findAccountByEmail(writer.trx, writer.registry.resources, email)) await warnOwner();
  else await mailAccountLink(writer.trx, writer.registry, 'verify-email', resource, row);
  return row;
}
