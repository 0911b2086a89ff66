import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../auth/session-cookie';

/** Answers that depend on who asks, or that set a session, are kept by no cache (browser, proxy, CDN). */
export const PRIVATE_ANSWER = 'no-store';
/**
 * A visitor's read (the public catalogue) may be stored but is checked with the server before each use: a shared
 * cache cannot tell a visitor's request from a signed-in one by URL, and seats and prices change.
 */
export const PUBLIC_ANSWER = 'no-cache';

/**
 * `Cache-Control` of every `/api` answer: `no-store` for any request that carries a session (signed in, or a
 * stale cookie) and for every answer that is not a visitor's successful read; `no-cache` for the rest.
 */
export function registerApiCacheControl(app: FastifyInstance, cookieName = SESSION_COOKIE): void {
  // A callback hook: it runs on every answer and never waits for anything.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.url.startsWith('/api/')) return done(null, payload);
    const withSession = request.principal?.kind !== 'public' || request.cookies?.[cookieName] !== undefined;
    const visitorRead =
      (request.method === 'GET' || request.method === 'HEAD') &&
      reply.statusCode < 400 &&
      !reply.hasHeader('set-cookie');
    if (withSession || !visitorRead) reply.header('Cache-Control', PRIVATE_ANSWER);
    else if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', PUBLIC_ANSWER);
    done(null, payload);
  });
}
