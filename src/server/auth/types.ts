import type { FastifyReply } from 'fastify';
import type { Principal } from '../../core/roles';
import type { Account, SignedInPrincipal } from './accounts';
import type { MeBody } from './me';
import type { LoginLimits } from './rate-limit';
import type { SecondFactorState } from './two-factor/enforcement';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sign-in limits, also counted by other password checks. Set by the auth plugin. */
    loginLimits: LoginLimits;
    /**
     * Signs the request in as an account that has proved who it is (a password, a mailed link): a new session,
     * its cookie, the sign-in time. Answers the `auth/me` body, or `{twoFactor: true}` and no session when the
     * account has a second factor on (the sign-in completes at `two-factor/verify`). Set by the auth plugin.
     */
    startSession(
      request: FastifyRequest,
      reply: FastifyReply,
      account: Account,
      principal: SignedInPrincipal,
    ): Promise<MeBody | { twoFactor: true }>;
  }

  interface FastifyRequest {
    /** Who the request acts as; `{kind: 'public'}` when signed out. Set by the auth plugin. */
    principal: Principal;
    /** The session's second factor (on, required by its role); undefined without a session. */
    secondFactor: SecondFactorState | undefined;
  }
}

export {};
