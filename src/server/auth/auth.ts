import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';
import { formatEnglish } from '../../core/messages';
import type { Database } from '../db/db';
import { tableName, type AnyResource } from '../../core/resource';
import type { Principal } from '../../core/roles';
import {
  accountStatus,
  findAccount,
  findAccountByEmail,
  maySignIn,
  normalizeEmail,
  passwordHashOf,
  principalOf,
  type Account,
  type SignedInPrincipal,
} from './accounts';
import { meBody } from './me';
import { Registry } from '../engine/registry';
import { SESSION_COOKIE } from './session-cookie';
import { refuseUnverified } from './unverified-sign-in';
import { mustSetUpFirst, SETUP_REQUIRED, type SecondFactorState } from './two-factor/enforcement';
import { beginSecondStep, registerTwoFactorRoutes } from './two-factor/routes';
import { AUTH_CHANNEL, onAuthChange } from './auth-changes';
import { sessionAccountReader, type SessionAccount } from './session-account';
import { SessionCache } from './session-cache';
import { isCrossSiteWrite } from './origin';
import { pruneExpiredTokens } from './account-tokens';
import { hashPassword, verifyPassword } from './password';
import { MAX_PASSWORD_LENGTH, TOO_MANY_ATTEMPTS } from './password-proof';
import {
  clearLoginFailures,
  DEFAULT_LOGIN_LIMITS,
  pruneLoginAttempts,
  reserveLoginAttempt,
  type LoginLimits,
} from './rate-limit';
import {
  createSession,
  DEFAULT_SESSION_LIFETIME,
  deleteSession,
  pruneExpiredSessions,
  touchSession,
  type SessionLifetime,
} from './sessions';
import './types';

export interface AuthOptions {
  db: Kysely<any>;
  resources: readonly AnyResource[];
  /** Marks the cookie Secure. */
  production: boolean;
  session?: Partial<SessionLifetime>;
  loginLimits?: Partial<LoginLimits>;
  cookieName?: string;
  /**
   * Which requests have their session looked up; default: those under `/api/`. The app's pages, files and
   * uploads are the same for everyone, so they never wait for the database (nor fail while it is away).
   */
  needsSession?: (url: string) => boolean;
  /** Other instances' announcements (auth-changes.ts), where several may share the database. */
  listen?: Database['listen'];
  /** The clock TOTP codes are checked against, in ms (tests set it). */
  clock?: () => number;
}

export { TOO_MANY_ATTEMPTS } from './password-proof';
export { SESSION_COOKIE };
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const CROSS_SITE_REFUSED = 'Cross-site request refused';
export const NOT_SIGNED_IN = 'Not signed in';

const PUBLIC: Principal = Object.freeze({ kind: 'public' });
/** Housekeeping deletes run at most this often per process; the data itself lives in the database. */
const PRUNE_INTERVAL_MS = 60_000;

async function authPlugin(fastify: FastifyInstance, options: AuthOptions): Promise<void> {
  const { db, resources } = options;
  const cookieName = options.cookieName ?? SESSION_COOKIE;
  const lifetime: SessionLifetime = { ...DEFAULT_SESSION_LIFETIME, ...options.session };
  const limits: LoginLimits = { ...DEFAULT_LOGIN_LIMITS, ...options.loginLimits };
  const needsSession = options.needsSession ?? ((url: string) => url.startsWith('/api/'));
  const readSessionAccount = sessionAccountReader(resources);
  const registry = new Registry(resources);
  const signedIn = new SessionCache();
  const unsubscribe = onAuthChange(() => signedIn.forget());
  let stopListening = async () => {};
  if (options.listen) {
    // Nothing is remembered until other instances' changes can be heard.
    signedIn.enabled = false;
    stopListening = await options.listen(AUTH_CHANNEL, {
      onNotify: () => signedIn.forget(),
      onListening: (listening) => {
        signedIn.enabled = listening;
        signedIn.forget();
      },
    });
  }
  fastify.addHook('onClose', async () => {
    unsubscribe();
    await stopListening();
  });

  if (!fastify.hasRequestDecorator('cookies')) await fastify.register(cookie);
  // The limits a password check outside sign-in counts against (an account changing its own password).
  if (!fastify.hasDecorator('loginLimits')) fastify.decorate('loginLimits', limits);
  // null, not an object: Fastify 5 refuses shared reference values; the hook sets one per request.
  fastify.decorateRequest('principal', null as never);
  fastify.decorateRequest('secondFactor', undefined);

  // Verifying against a real hash for unknown emails keeps their timing like a wrong password's.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'));
  const dummyVerify = (plain: string) => dummyHash.then((hash) => verifyPassword(hash, plain));

  let lastPrune = 0;
  // Housekeeping runs beside the sign-in that started it; closing waits for it, so no query of it reaches a
  // database that is already closed.
  let housekeeping: Promise<unknown> = Promise.resolve();
  const pruneNow = () => {
    if (Date.now() - lastPrune < PRUNE_INTERVAL_MS) return;
    lastPrune = Date.now();
    housekeeping = Promise.all([
      pruneExpiredSessions(db),
      pruneLoginAttempts(db, limits),
      pruneExpiredTokens(db),
    ]).catch((error: unknown) => fastify.log.warn({ err: error }, 'auth housekeeping failed'));
  };
  fastify.addHook('onClose', () => housekeeping);

  const setSessionCookie = (reply: FastifyReply, token: string, expiresAt: Date) => {
    reply.setCookie(cookieName, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.production,
      path: '/',
      maxAge: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
    });
  };
  const clearSessionCookie = (reply: FastifyReply) => {
    reply.clearCookie(cookieName, { httpOnly: true, sameSite: 'lax', secure: options.production, path: '/' });
  };

  /** Opens a session for an account that has proved who it is; answers the `auth/me` body. */
  const startSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    account: Account,
    principal: SignedInPrincipal,
  ) => {
    const previous = request.cookies[cookieName];
    if (previous) await deleteSession(db, previous);
    const session = await createSession(db, principal.kind, principal.id, lifetime);
    const lastLogin = account.resource.account?.lastLoginField;
    // A sign-in is not an edit: neither `version` nor `updatedAt` move, so open edit forms stay valid.
    if (lastLogin)
      await db
        .updateTable(tableName(account.resource))
        .set({ [lastLogin]: sql`now()` })
        .where('id', '=', principal.id)
        .execute();
    setSessionCookie(reply, session.token, session.expiresAt);
    request.principal = principal;
    return meBody(account, principal, resources);
  };
  /**
   * A password or a mailed link proved the address: with a second factor on, that opens only the second step
   * (SPEC §12), no session yet; otherwise the usual session.
   */
  const firstStepPassed = async (
    request: FastifyRequest,
    reply: FastifyReply,
    account: Account,
    principal: SignedInPrincipal,
  ) => {
    if (await beginSecondStep(db, reply, principal, options.production)) {
      const previous = request.cookies[cookieName];
      if (previous) {
        await deleteSession(db, previous);
        clearSessionCookie(reply);
      }
      return { twoFactor: true as const };
    }
    return startSession(request, reply, account, principal);
  };
  fastify.decorate('startSession', firstStepPassed);

  /** A session read from the database: its expiry pushed on when it is due, then remembered for the next requests. */
  const recall = async (token: string, reply: FastifyReply): Promise<SessionAccount | undefined> => {
    const session = await readSessionAccount(db, token);
    if (!session?.account || !maySignIn(session.account)) return session;
    if (session.stale) {
      const expiresAt = await touchSession(db, session.sessionId, lifetime);
      if (expiresAt) {
        setSessionCookie(reply, token, expiresAt);
        session.expiresAt = expiresAt;
      }
    }
    signedIn.remember(token, session);
    return session;
  };

  /** Signs the request in as the session's account; false when it is answered here (a second factor to set up). */
  const admit = (request: FastifyRequest, reply: FastifyReply, session: SessionAccount | undefined): boolean => {
    const account = session?.account;
    // The account is checked on every request (from the database, or the cache every change clears): a
    // disabled account or a changed role applies at once.
    const principal = account && maySignIn(account) ? principalOf(account) : undefined;
    if (!session || !principal) {
      clearSessionCookie(reply);
      return true;
    }
    request.principal = principal;
    request.secondFactor = session.secondFactor;
    // SPEC §12: a role that must sign in with a second factor opens nothing but its setup until it has one.
    if (!mustSetUpFirst(session.secondFactor, request.url)) return true;
    reply.code(403).send({ message: SETUP_REQUIRED });
    return false;
  };

  // A callback hook: a request whose session the cache holds (most of them) goes on without a promise.
  fastify.addHook('onRequest', (request, reply, done) => {
    request.principal = PUBLIC;
    const token = request.cookies[cookieName];
    if (isCrossSiteWrite(request, token !== undefined)) {
      reply.code(403).send({ message: CROSS_SITE_REFUSED });
      return;
    }
    if (!token || !needsSession(request.url)) return done();
    const remembered = signedIn.get(token);
    if (remembered) {
      if (admit(request, reply, remembered)) done();
      return;
    }
    recall(token, reply).then((session) => {
      if (admit(request, reply, session)) done();
    }, done);
  });

  fastify.post('/api/auth/login', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const errors: Record<string, string> = {};
    for (const field of ['email', 'password'] as const) {
      if (typeof body[field] !== 'string' || (body[field] as string).trim() === '')
        errors[field] = formatEnglish({ key: 'required' });
    }
    if (Object.keys(errors).length) return reply.code(400).send({ message: 'Invalid input', errors });
    const email = normalizeEmail(body.email as string);
    const password = body.password as string;

    pruneNow();
    const attempt = await reserveLoginAttempt(db, limits, email, request.ip);
    if (attempt.retryAfter !== undefined) {
      await attempt.release();
      return reply.code(429).header('Retry-After', String(attempt.retryAfter)).send({ message: TOO_MANY_ATTEMPTS });
    }

    const account = password.length <= MAX_PASSWORD_LENGTH ? await findAccountByEmail(db, resources, email) : undefined;
    const ok = account ? await verifyPassword(passwordHashOf(account), password) : await dummyVerify(password);
    const principal = account && ok ? principalOf(account) : undefined;
    // A wrong password keeps the reserved attempt as its recorded failure; a right one forgets it.
    if (!account || !principal) return reply.code(401).send({ message: INVALID_CREDENTIALS });
    await attempt.release();
    // Only after the password matched, so the state of an account is not disclosed to guessers.
    if (!maySignIn(account)) {
      return reply
        .code(403)
        .send({ message: `This account is ${accountStatus(account) ?? 'not active'} and cannot sign in` });
    }

    const unverified = await refuseUnverified(db, registry, account);
    if (unverified) return reply.code(403).send({ message: unverified });

    await clearLoginFailures(db, email, request.ip);
    return firstStepPassed(request, reply, account, principal);
  });

  registerTwoFactorRoutes(fastify, {
    db,
    resources,
    production: options.production,
    windowSeconds: limits.windowSeconds,
    clock: options.clock ?? Date.now,
    signIn: startSession,
  });

  fastify.post('/api/auth/logout', async (request, reply) => {
    const token = request.cookies[cookieName];
    if (token) await deleteSession(db, token);
    clearSessionCookie(reply);
    return reply.code(204).send();
  });

  fastify.get('/api/auth/me', async (request, reply) => {
    const principal = request.principal;
    // The request hook read only the columns that decide the principal; the body needs the whole row.
    const account =
      principal.kind === 'public' || principal.kind === 'system'
        ? undefined
        : await findAccount(db, resources, principal.kind, principal.id);
    if (!account || !maySignIn(account) || principal.kind === 'public' || principal.kind === 'system')
      return reply.code(401).send({ message: NOT_SIGNED_IN });
    return { ...meBody(account, principal, resources), ...secondFactorOfMe(account, request.secondFactor) };
  });
}

/**
 * `auth/me`'s `twoFactor`, for kinds that may have a second factor: whether it is on, and whether the account must
 * set it up before anything else opens (the app then opens the setup).
 */
function secondFactorOfMe(account: Account, state: SecondFactorState | undefined) {
  if (!account.resource.account?.twoFactor) return {};
  const enabled = Boolean(state?.on);
  return { twoFactor: { enabled, setupRequired: Boolean(state?.required) && !enabled } };
}

/** Sessions, sign-in and the Origin check; decorates every request with its `principal`. */
export default fp(authPlugin, { name: 'lantern-auth', fastify: '5.x' });
