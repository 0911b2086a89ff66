import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { formatEnglish } from '../../core/messages';
import type { AnyResource, Row } from '../../core/resource';
import { validateBody } from '../../core/validation';
import { callerLocale } from '../edge/caller-language';
import { inTransaction, Writer } from '../engine/data-context';
import { badRequest, HttpError, notFound } from '../edge/errors';
import { requireObject } from '../engine/input';
import type { Registry } from '../engine/registry';
import { isUnverified, mailAccountLink, pendingEmailOf } from './account-links';
import { consumeToken, INVALID_LINK, revokeTokens } from './account-tokens';
import { deleteAccountSessions } from './sessions';
import { accountStatus, findAccount, findAccountByEmail, maySignIn, normalizeEmail, principalOf } from './accounts';
import type { CallLimit } from './call-limit';
import { limitCalls, limitMailsTo } from './mail-limits';
import { MAX_PASSWORD_LENGTH } from './password-proof';
import { passwordFields } from './password-fields';

/** What every sign-up is told, whether its address was free or not. */
export const SIGNUP_DONE = 'Check your email to continue';
/** What every reset request is told, whether an account uses the address or not. */
export const RESET_REQUESTED = 'If an account uses this address, a link to set a new password is on its way';
export const PASSWORD_CHANGED = 'Your password has been changed; sign in with it';

/**
 * How often one client may call each route (per 15 minutes, the sign-in window). A reset request is also limited
 * per address, so nobody's inbox is flooded from many clients.
 */
export const ACCOUNT_LIMITS = {
  signUp: { max: 10, windowSeconds: 900 },
  verify: { max: 30, windowSeconds: 900 },
  resetPerIp: { max: 10, windowSeconds: 900 },
  resetPerEmail: { max: 5, windowSeconds: 900 },
  confirm: { max: 20, windowSeconds: 900 },
} satisfies Record<string, CallLimit>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A `redirect` the link may carry: a path of this site only. */
function safePath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 500) return undefined;
  return value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') ? value : undefined;
}

/**
 * The link mailed to an account's new address was opened: that address becomes its email, proved. Its other
 * sessions end and reset links mailed to the old address die with it. An address that another account took
 * meanwhile cannot be the account's: the link is then spent for nothing.
 */
async function applyPendingEmail(writer: Writer, resource: AnyResource, row: Row, email: string): Promise<void> {
  const account = resource.account!;
  const moved = await writer.unlessTaken(() =>
    writer.update(
      resource.name,
      row.id,
      { email, [account.pendingEmailField!]: null, [account.verifiedField!]: writer.now.toISOString() },
      { audit: { action: 'verify-email' } },
    ),
  );
  if ('taken' in moved) throw new HttpError(400, INVALID_LINK);
  await revokeTokens(writer.trx, 'password-reset', account.kind, row.id);
  await deleteAccountSessions(writer.trx, account.kind, row.id);
}

/**
 * SPEC §11 "Accounts, every kind": sign-up, the proof of an address and a new password by mail, for every account
 * resource the configs declare (`account.signUp`, `account.verifiedField`). Links are single use and stored hashed
 * (account-tokens.ts); every mail goes through the outbox in the recipient's language.
 */
export function registerAccountRoutes(app: FastifyInstance, deps: { db: Kysely<any>; registry: Registry }): void {
  const { db, registry } = deps;
  const resources = registry.resources;
  const signUpResource = resources.find((resource) => resource.account?.signUp?.length);

  app.post('/api/auth/signup', async (request, reply) => {
    const resource = signUpResource;
    if (!resource) throw notFound();
    const fields = resource.account!.signUp!;
    const { redirect, ...raw } = requireObject(request.body);
    const unknown = Object.keys(raw).filter((name) => !fields.includes(name));
    if (unknown.length)
      throw badRequest(Object.fromEntries(unknown.map((n) => [n, formatEnglish({ key: 'unknownField' })])));
    const localeField = resource.account!.localeField;
    if (localeField && fields.includes(localeField) && (raw[localeField] === undefined || raw[localeField] === ''))
      raw[localeField] = callerLocale(request);
    const result = await validateBody(resource, 'create', raw, [...fields]);
    if ('errors' in result)
      throw badRequest(Object.fromEntries(result.errors.map((e) => [e.path || '_', formatEnglish(e.message)])));
    const email = normalizeEmail(String(result.values.email ?? ''));
    const verified = resource.account!.verifiedField;
    await inTransaction(db, async (trx) => {
      await limitCalls(trx, `signup:${request.ip}`, ACCOUNT_LIMITS.signUp);
      await limitMailsTo(trx, email);
      const writer = new Writer(trx, registry, request.principal);
      const values = { ...result.values, email, ...(verified ? { [verified]: null } : {}) };
      // The password is hashed before the insert finds the address taken: both answers take as long.
      const created = await writer.unlessTaken(() =>
        writer.insert(resource.name, values, 'create', { verifyRedirect: safePath(redirect) }),
      );
      if ('taken' in created) {
        if (created.taken !== 'email') throw badRequest({ [created.taken]: formatEnglish({ key: 'unique' }) });
        await writer.mail({ to: email, template: 'account.emailTaken', params: { via: `${resource.name}.signup` } });
      }
    });
    return reply.code(202).send({ message: SIGNUP_DONE });
  });

  app.post('/api/auth/verify-email', async (request, reply) => {
    const { token } = requireObject(request.body);
    await limitCalls(db, `verify-email:${request.ip}`, ACCOUNT_LIMITS.verify);
    const owner = await inTransaction(db, async (trx) => {
      const found = await consumeToken(trx, 'verify-email', token);
      const resource = found ? registry.accountResource(found.accountKind) : undefined;
      const field = resource?.account?.verifiedField;
      if (!found || !resource || !field) throw new HttpError(400, INVALID_LINK);
      const writer = new Writer(trx, registry, request.principal);
      const row = await writer.findById(resource.name, found.accountId);
      if (!row) throw new HttpError(400, INVALID_LINK);
      const pending = pendingEmailOf(resource, row);
      if (pending) await applyPendingEmail(writer, resource, row, pending);
      else if (isUnverified(resource, row))
        await writer.update(
          resource.name,
          row.id,
          { [field]: writer.now.toISOString() },
          { audit: { action: 'verify-email' } },
        );
      return found;
    });
    return signIn(request, reply, await findAccount(db, resources, owner.accountKind, owner.accountId));
  });

  app.post('/api/auth/password-reset', async (request, reply) => {
    const body = requireObject(request.body);
    if (typeof body.email !== 'string' || body.email.trim() === '')
      throw badRequest({ email: formatEnglish({ key: 'required' }) });
    const email = normalizeEmail(body.email);
    if (!EMAIL.test(email) || email.length > 254) throw badRequest({ email: formatEnglish({ key: 'email' }) });
    await limitCalls(db, `password-reset:email:${email}`, ACCOUNT_LIMITS.resetPerEmail);
    await limitCalls(db, `password-reset:ip:${request.ip}`, ACCOUNT_LIMITS.resetPerIp);
    await inTransaction(db, async (trx) => {
      const account = await findAccountByEmail(trx, resources, email);
      if (account && maySignIn(account) && principalOf(account))
        await mailAccountLink(trx, registry, 'password-reset', account.resource, account.row);
    });
    return reply.code(202).send({ message: RESET_REQUESTED });
  });

  app.post('/api/auth/password-reset/confirm', async (request) => {
    const { token, password } = requireObject(request.body);
    await limitCalls(db, `password-reset-confirm:${request.ip}`, ACCOUNT_LIMITS.confirm);
    await inTransaction(db, async (trx) => {
      const found = await consumeToken(trx, 'password-reset', token);
      const resource = found ? registry.accountResource(found.accountKind) : undefined;
      const field = resource ? passwordFields(resource)[0] : undefined;
      if (!found || !resource || !field) throw new HttpError(400, INVALID_LINK);
      // A bad password throws, which rolls the spent token back: the link still works for a better one.
      await checkNewPassword(resource, field, password);
      const writer = new Writer(trx, registry, request.principal);
      const row = await writer.findById(resource.name, found.accountId);
      if (!row) throw new HttpError(400, INVALID_LINK);
      const verified = resource.account?.verifiedField;
      const patch: Record<string, unknown> = { [field]: password };
      if (verified && isUnverified(resource, row)) patch[verified] = writer.now.toISOString();
      // A new password ends every session of the account (data-context.ts); nothing else of it changes.
      await writer.update(resource.name, row.id, patch, { audit: { action: 'password-reset' } });
      // Having read the mail proves the address too.
      await revokeTokens(trx, 'verify-email', found.accountKind, found.accountId);
    });
    return { message: PASSWORD_CHANGED };
  });
}

/** The new password against the account's own password rules (SPEC §4 messages). */
async function checkNewPassword(resource: AnyResource, field: string, password: unknown): Promise<void> {
  if (typeof password !== 'string' || password === '')
    throw badRequest({ [field]: formatEnglish({ key: 'required' }) });
  if (password.length > MAX_PASSWORD_LENGTH)
    throw badRequest({ [field]: formatEnglish({ key: 'maxLength', args: { 0: MAX_PASSWORD_LENGTH } }) });
  const result = await validateBody(resource, 'create', { [field]: password }, [field]);
  if ('errors' in result)
    throw badRequest(Object.fromEntries(result.errors.map((e) => [e.path || field, formatEnglish(e.message)])));
}

/** A mailed link that proved the address signs the account in, as a password would (unless it may not sign in). */
async function signIn(request: FastifyRequest, reply: FastifyReply, account: Awaited<ReturnType<typeof findAccount>>) {
  const principal = account ? principalOf(account) : undefined;
  if (!account || !principal) throw new HttpError(400, INVALID_LINK);
  if (!maySignIn(account))
    throw new HttpError(403, `This account is ${accountStatus(account) ?? 'not active'} and cannot sign in`);
  return request.server.startSession(request, reply, account, principal);
}
