import type { FastifyRequest } from 'fastify';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

/**
 * A state-changing request that carries the session cookie but comes from a page of another site.
 * SameSite=Lax already keeps the cookie off most cross-site POSTs; this closes the remaining gaps
 * (same-site subdomains, older browsers). No Origin header (curl, same-origin GETs) passes.
 */
export function isCrossSiteWrite(request: FastifyRequest, hasSessionCookie: boolean): boolean {
  if (!hasSessionCookie || !STATE_CHANGING.has(request.method)) return false;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  // request.host honours X-Forwarded-Host when the app trusts its proxy; normalise default ports away.
  const own = hostOf(`${request.protocol}://${request.host}`);
  return own === undefined || hostOf(origin) !== own;
}
