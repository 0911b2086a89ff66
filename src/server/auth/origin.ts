import type { FastifyRequest } from 'fastify';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Scheme, host and port, default ports normalised away; undefined for what is not a URL (or is `null`). */
function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
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
  // request.protocol and request.host honour X-Forwarded-Proto/-Host when the app trusts its proxy. The whole origin
  // counts: a page served over https on the same host is another origin than the app over http.
  const own = originOf(`${request.protocol}://${request.host}`);
  return own === undefined || originOf(origin) !== own;
}
