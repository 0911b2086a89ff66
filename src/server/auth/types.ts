import type { Principal } from '../../core/roles';
import type { LoginLimits } from './rate-limit';
import type { SecondFactorState } from './two-factor/enforcement';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sign-in limits, also counted by other password checks. Set by the auth plugin. */
    loginLimits: LoginLimits;
  }

  interface FastifyRequest {
    /** Who the request acts as; `{kind: 'public'}` when signed out. Set by the auth plugin. */
    principal: Principal;
    /** The session's second factor (on, required by its role); undefined without a session. */
    secondFactor: SecondFactorState | undefined;
  }
}

export {};
