import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { formatEnglish } from '../../../core/messages';
import type { AnyResource } from '../../../core/resource';
import { writeAudit } from '../../engine/audit';
import { inTransaction } from '../../db/transaction';
import { badRequest, HttpError } from '../../edge/errors';
import { Registry } from '../../engine/registry';
import { findAccount, maySignIn, normalizeEmail, principalOf, type Account, type SignedInPrincipal } from '../accounts';
import { passwordHashOf } from '../password-fields';
import { CURRENT_PASSWORD, proveCurrentPassword, tooManyAttempts } from '../password-proof';
import { reserveCodeAttempt } from './attempts';
import {
  CHALLENGE_SECONDS,
  createChallenge,
  endChallenge,
  findChallenge,
  findFactor,
  recoveryCodesLeft,
  removeSecondFactor,
  replaceRecoveryCodes,
  startSetup,
  useRecoveryCode,
  useStep,
  type AccountRef,
  type Factor,
} from './store';
import { acceptedStep, newSecret, normalizeCode, otpauthUrl } from './totp';

/** The cookie of the half-signed-in state: it opens the second step and nothing else. */
export const CHALLENGE_COOKIE = 'lantern_two_factor';
const CHALLENGE_PATH = '/api/auth/two-factor';
/** The name authenticator apps show above the account's codes. */
const ISSUER = 'Lantern';

export const INVALID_CODE = 'Invalid or already used code';
export const SIGN_IN_AGAIN = 'Sign in again';
const NOT_AVAILABLE = 'Two-step sign-in is not available for this account';
const ALREADY_ON = 'Two-step sign-in is already on';
const NOT_ON = 'Two-step sign-in is not on';
const NO_SETUP = 'Start the setup first';

export interface TwoFactorOptions {
  db: Kysely<any>;
  resources: readonly AnyResource[];
  production: boolean;
  /** The window wrong codes are counted in (the sign-in attempts' window). */
  windowSeconds: number;
  /** The server's clock for TOTP, in ms (tests set it). */
  clock: () => number;
  /** Opens the usual session for an account that passed every step; answers the `auth/me` body. */
  signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    account: Account,
    principal: SignedInPrincipal,
  ): Promise<unknown>;
}

const bodyOf = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;

/** The code or recovery code of a request body; 400 when neither is there. */
function secondFactorInput(body: unknown, recoveryAllowed: boolean): { code: string } | { recoveryCode: string } {
  const input = (body ?? {}) as Record<string, unknown>;
  if (recoveryAllowed && typeof input.recoveryCode === 'string' && input.recoveryCode.trim() !== '')
    return { recoveryCode: input.recoveryCode };
  if (input.code === undefined || input.code === null || input.code === '')
    throw badRequest({ code: formatEnglish({ key: 'required' }) });
  const code = normalizeCode(input.code);
  if (!code) throw badRequest({ code: formatEnglish({ key: 'format' }) });
  return { code };
}

/**
 * SPEC §12's routes: setting up, turning on and off, new recovery codes, and the second step of a sign-in.
 * Every code check counts against the account's wrong-code limit (attempts.ts).
 */
export function registerTwoFactorRoutes(app: FastifyInstance, options: TwoFactorOptions): void {
  const { db, resources } = options;
  const registry = new Registry(resources);

  const audit = (trx: Kysely<any>, principal: SignedInPrincipal, account: Account, action: string) =>
    writeAudit(
      trx,
      registry,
      principal,
      { resource: account.resource.name, recordId: principal.id, action },
      new Date(),
    );

  /** The signed-in account, when its kind may have a second factor. */
  const signedIn = async (request: FastifyRequest) => {
    const principal = request.principal;
    if (principal.kind === 'public' || principal.kind === 'system') throw new HttpError(401, 'Not signed in');
    const account = await findAccount(db, resources, principal.kind, principal.id);
    if (!account || !maySignIn(account)) throw new HttpError(401, 'Not signed in');
    if (!account.resource.account?.twoFactor) throw new HttpError(403, NOT_AVAILABLE);
    return { principal, account, ref: { kind: principal.kind, id: principal.id } as AccountRef };
  };

  /**
   * Whether the code (or recovery code) is right, used up once it is; 429 past the limit. `enable` accepts the
   * first code of a pending factor and turns it on; `then` runs in the same transaction as using the code.
   */
  const proves = async <T>(
    ref: AccountRef,
    factor: Factor,
    input: { code: string } | { recoveryCode: string },
    then: (trx: Kysely<any>) => Promise<T>,
    enable = false,
  ): Promise<{ ok: true; value: T } | { ok: false }> => {
    const attempt = await reserveCodeAttempt(db, ref, options.windowSeconds);
    if (attempt.retryAfter !== undefined) throw tooManyAttempts(attempt.retryAfter);
    const step = 'code' in input ? await acceptedStep(factor.secret, input.code, options.clock(), factor.lastStep) : 0;
    if (step === undefined) return { ok: false };
    const outcome = await inTransaction(db, async (trx) => {
      const used =
        'code' in input ? await useStep(trx, ref, step, enable) : await useRecoveryCode(trx, ref, input.recoveryCode);
      return used ? { ok: true as const, value: await then(trx) } : { ok: false as const };
    });
    if (outcome.ok) await attempt.succeeded();
    return outcome;
  };

  const wrongCode = () => badRequest({ code: INVALID_CODE }, INVALID_CODE);

  app.get('/api/auth/two-factor', async (request) => {
    const { ref } = await signedIn(request);
    const factor = await findFactor(db, ref);
    return {
      enabled: Boolean(factor?.enabled),
      required: Boolean(request.secondFactor?.required),
      recoveryCodesLeft: factor?.enabled ? await recoveryCodesLeft(db, ref) : 0,
    };
  });

  app.post('/api/auth/two-factor/setup', async (request) => {
    const { account, ref } = await signedIn(request);
    // A stolen session alone must not turn it on and lock the owner out: the owner's password is asked, counted
    // as a sign-in attempt when wrong. `enable` needs the secret, which only this answer shows.
    const email = normalizeEmail(String(account.row.email ?? ''));
    const hash = passwordHashOf(account.resource, account.row);
    await proveCurrentPassword(db, app.loginLimits, { email, ip: request.ip, hash }, bodyOf(request)[CURRENT_PASSWORD]);
    const secret = newSecret();
    if (!(await startSetup(db, ref, secret))) throw new HttpError(409, ALREADY_ON);
    return { secret, otpauthUrl: otpauthUrl(ISSUER, String(account.row.email ?? `${ref.kind}-${ref.id}`), secret) };
  });

  app.post('/api/auth/two-factor/enable', async (request) => {
    const { principal, account, ref } = await signedIn(request);
    const input = secondFactorInput(request.body, false);
    const factor = await findFactor(db, ref);
    if (factor?.enabled) throw new HttpError(409, ALREADY_ON);
    if (!factor) throw new HttpError(409, NO_SETUP);
    const result = await proves(
      ref,
      factor,
      input,
      async (trx) => {
        const recoveryCodes = await replaceRecoveryCodes(trx, ref);
        await audit(trx, principal, account, 'enable-two-factor');
        return recoveryCodes;
      },
      true,
    );
    if (!result.ok) throw wrongCode();
    return { recoveryCodes: result.value };
  });

  app.post('/api/auth/two-factor/disable', async (request) => {
    const { principal, account, ref } = await signedIn(request);
    const input = secondFactorInput(request.body, true);
    const factor = await findFactor(db, ref);
    if (!factor?.enabled) throw new HttpError(409, NOT_ON);
    const result = await proves(ref, factor, input, async (trx) => {
      await removeSecondFactor(trx, ref.kind, ref.id);
      await audit(trx, principal, account, 'disable-two-factor');
    });
    if (!result.ok) throw wrongCode();
    return { enabled: false };
  });

  app.post('/api/auth/two-factor/recovery-codes', async (request) => {
    const { principal, account, ref } = await signedIn(request);
    const input = secondFactorInput(request.body, false);
    const factor = await findFactor(db, ref);
    if (!factor?.enabled) throw new HttpError(409, NOT_ON);
    const result = await proves(ref, factor, input, async (trx) => {
      const recoveryCodes = await replaceRecoveryCodes(trx, ref);
      await audit(trx, principal, account, 'new-recovery-codes');
      return recoveryCodes;
    });
    if (!result.ok) throw wrongCode();
    return { recoveryCodes: result.value };
  });

  app.post('/api/auth/two-factor/verify', async (request, reply) => {
    const token = request.cookies[CHALLENGE_COOKIE];
    const ref = token ? await findChallenge(db, token) : undefined;
    if (!token || !ref) throw new HttpError(401, SIGN_IN_AGAIN);
    const input = secondFactorInput(request.body, true);
    const account = await findAccount(db, resources, ref.kind, ref.id);
    const principal = account && maySignIn(account) ? principalOf(account) : undefined;
    const factor = await findFactor(db, ref);
    if (!account || !principal || !factor?.enabled) throw new HttpError(401, SIGN_IN_AGAIN);
    const result = await proves(ref, factor, input, async (trx) => {
      if ('recoveryCode' in input) await audit(trx, principal, account, 'recovery-code-sign-in');
    });
    if (!result.ok) throw new HttpError(401, INVALID_CODE);
    // The challenge serves one sign-in: of two right answers at once, one gets the session.
    if (!(await endChallenge(db, token))) throw new HttpError(401, SIGN_IN_AGAIN);
    clearChallengeCookie(reply, options.production);
    return options.signIn(request, reply, account, principal);
  });
}

/**
 * The password was right and the account has a second factor: the answer is `{twoFactor: true}` with a cookie that
 * opens only `POST /api/auth/two-factor/verify`, never a session.
 */
export async function beginSecondStep(
  db: Kysely<any>,
  reply: FastifyReply,
  account: AccountRef,
  production: boolean,
): Promise<boolean> {
  const factor = await findFactor(db, account);
  if (!factor?.enabled) return false;
  const { token } = await createChallenge(db, account);
  reply.setCookie(CHALLENGE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: production,
    path: CHALLENGE_PATH,
    maxAge: CHALLENGE_SECONDS,
  });
  return true;
}

function clearChallengeCookie(reply: FastifyReply, production: boolean): void {
  reply.clearCookie(CHALLENGE_COOKIE, { httpOnly: true, sameSite: 'lax', secure: production, path: CHALLENGE_PATH });
}
