import type { Principal } from '../../core/roles';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the request acts as; `{kind: 'public'}` when signed out. Set by the auth plugin. */
    principal: Principal;
  }
}

export {};
