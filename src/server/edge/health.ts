import type { FastifyInstance } from 'fastify';
import type { Availability } from './availability';
import { faultText } from './caller-language';
import type { Engine } from '../db/db';
import { RETRY_AFTER_SECONDS } from './errors';
import type { Lifecycle } from './lifecycle';

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
    availability: Availability;
  }
}

export interface HealthInfo {
  engine: Engine;
  version: string;
  buildId: string;
  /** The migration level, known once the database has been migrated (read once: never a query per check). */
  migration(): string | null;
}

/** API paths that answer without the database: the checks themselves and the API's description. */
const WITHOUT_DATABASE = /^\/api\/(health(\/live)?|openapi\.json|docs)(\/|\?|$)/;

/**
 * Whether a request needs its session (and so the database): API calls, except the checks and the API's
 * description, which answer the same to everyone (a browser's health check carries the session cookie too).
 */
export const needsSession = (url: string) => url.startsWith('/api/') && !WITHOUT_DATABASE.test(url);

/**
 * `GET /api/health` is the readiness check (SPEC §6, §10): 200 with the SPEC body while the process is ready and
 * its database answers `select 1` within a second (asked at most once a second, on a connection of its own);
 * 503 while it starts, drains or has lost its database. `GET /api/health/live` says only that the process runs:
 * a supervisor restarts on that one, a load balancer routes on the other.
 *
 * Until the server is ready, the rest of the API answers 503 with Retry-After (the app's pages and files do not
 * need the database and are served). While it drains, every answer closes its connection, so clients open their
 * next one where the balancer sends them.
 */
export function registerHealth(app: FastifyInstance, info: HealthInfo): void {
  const { lifecycle, availability } = app;

  // A callback hook, not an async one: it runs on every request, and a ready server's answer is to go on at once.
  app.addHook('onRequest', (request, reply, done) => {
    if (lifecycle.phase === 'draining') reply.header('Connection', 'close');
    if (lifecycle.phase !== 'starting' || !needsSession(request.url)) return done();
    availability.turnedAway();
    reply
      .code(503)
      .header('Retry-After', String(RETRY_AFTER_SECONDS.unavailable))
      .send({ message: faultText(request, 'unavailable') });
  });

  app.get('/api/health/live', async () => ({ status: 'ok' }));

  app.get('/api/health', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const about = { db: info.engine, version: info.version, buildId: info.buildId };
    let status: string = lifecycle.phase;
    if (lifecycle.phase === 'ready') {
      const probe = await availability.check();
      // The phase again after the probe: a SIGTERM that came while it ran drains this answer too (503 at once).
      const phase = lifecycle.phase as Lifecycle['phase'];
      if (probe.ok && phase === 'ready') return { status: 'ok', ...about, migration: info.migration() };
      status = phase === 'ready' ? 'unavailable' : phase;
    }
    return reply
      .code(503)
      .header('Retry-After', String(RETRY_AFTER_SECONDS.unavailable))
      .send({ status, ...about, message: faultText(request, 'unavailable') });
  });
}
