import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AnyResource } from '../core/resource';
import { registerAccountRoutes } from './auth/account-routes';
import authPlugin, { type AuthOptions } from './auth/auth';
import { Availability } from './edge/availability';
import { readBuildInfo } from './edge/build-info';
import { loadConfig, type ServerConfig } from './edge/config';
import { OneLinePerRequest } from './edge/request-log';
import type { Database } from './db/db';
import { migrationLevel } from './db/migrate';
import { registerDocs } from './edge/docs';
import { registerApiCacheControl } from './edge/cache-control';
import { registerCompression } from './edge/compression';
import { errorHandler } from './edge/errors';
import { registerEventRoutes } from './events/events';
import type { StreamLimits } from './events/streams';
import { needsSession, registerHealth } from './edge/health';
import { Lifecycle } from './edge/lifecycle';
import { openApiDocument } from './edge/openapi';
import { registerResourceEngine } from './engine/engine';
import { Registry } from './engine/registry';
import { registerSecurity } from './edge/security';
import { registerStatic } from './edge/static';
import type { PublicSite } from '../core/public-site';
import { registerMailState } from './mail/mail';
import { MailWorker } from './mail/worker';
import { TimerWorker, timersOf } from './engine/timers';
import { rollupsOf, scheduleCompaction, syncRollups } from './stats/rollup';
import { registerStatsRoutes } from './stats/stats';
import { registerOcto } from './octo/octo';

/** SPEC §6: bodies over 1 MB answer 413. */
export const BODY_LIMIT = 1024 * 1024;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const VERSION: string = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

export interface AppOptions {
  database: Database;
  /** The resource configs; defaults to `resources/index.ts`. */
  resources?: readonly AnyResource[];
  /** What the public home page shows; defaults to `resources/public-site.ts`. */
  publicSite?: PublicSite;
  config?: Partial<ServerConfig>;
  logger?: FastifyServerOptions['logger'];
  /** Overrides for the auth plugin (session lifetime, login limits) — tests. */
  auth?: Partial<Pick<AuthOptions, 'session' | 'loginLimits' | 'clock'>>;
  /** Limits of the live event streams (heartbeat, per-session streams) — tests and benchmarks. */
  events?: Partial<StreamLimits>;
}

/** A server that can listen before its database is there (see `start`). */
export interface LanternApp {
  app: FastifyInstance;
  /**
   * The work that needs the database (summary tables, the migration level): the API answers 503 until it is done.
   * Throws what the database threw; call it again once the database is back.
   */
  start(): Promise<void>;
}

/**
 * The whole server: auth, the generated REST API, health, OpenAPI and the built client, built without touching
 * the database, so that it can listen (and answer its health checks) while the database is still away.
 */
export async function createApp(options: AppOptions): Promise<LanternApp> {
  const config = { ...loadConfig(), ...options.config };
  const resources = options.resources ?? (await import('../../resources/index')).default;
  const { db, engine } = options.database;
  const registry = new Registry(resources);

  const app = Fastify({
    logger: options.logger ?? false,
    logController: new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    // On SIGTERM, requests already on open connections are served, not answered 503 in a non-SPEC body.
    return503OnClosing: false,
    // Requests Node cannot even parse (raw bytes in the URL, oversized headers) get the SPEC's error body too.
    clientErrorHandler: (error, socket) => {
      const status = (error as { code?: string }).code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      const body = JSON.stringify({ message: status === 431 ? 'Request headers are too large' : 'Bad request' });
      if (socket.writable)
        socket.end(
          `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      else socket.destroy(error);
    },
  });
  app.setErrorHandler(errorHandler);
  registerSecurity(app, config.production);
  await registerCompression(app);

  // Readiness and outages (SPEC §10): health answers and the start gate come before anything reads a session.
  const lifecycle = new Lifecycle();
  const availability = new Availability(app.log, options.database.probe);
  app.decorate('lifecycle', lifecycle);
  app.decorate('availability', availability);
  options.database.onIdleError?.((error) => availability.noticed(error));
  app.addHook('preClose', () => lifecycle.drain(app.log));
  app.addHook('onClose', () => availability.close());
  // Cookies first: the gate answers in the language of the `locale` cookie.
  await app.register(cookie);
  let migration: string | null = null;
  registerHealth(app, {
    engine,
    version: VERSION,
    buildId: readBuildInfo(config.distDir)?.id ?? 'dev',
    migration: () => migration,
  });

  await app.register(authPlugin, {
    db,
    resources,
    production: config.production,
    listen: options.database.listen,
    needsSession,
    ...options.auth,
  });
  registerApiCacheControl(app);
  registerAccountRoutes(app, { db, registry });

  const openapi = openApiDocument(resources, VERSION);
  app.get('/api/openapi.json', async () => openapi);
  await registerDocs(app, openapi);

  const deps = await registerResourceEngine(app, {
    db,
    registry,
    engine,
    lockTimeoutMs: config.limits.lockTimeoutMs,
    list: { exactCountLimit: config.listExactCountLimit, keysetOffset: config.listKeysetOffset },
  });
  await registerEventRoutes(app, {
    database: options.database,
    registry,
    resources,
    limits: { ...config.events, ...options.events },
  });

  // The OCTO supplier API (SPEC §19): resellers read products and availability and book, with their own keys.
  await registerOcto(app, {
    db,
    registry,
    perMinute: config.octoPerMinute,
    publicUrl: config.mail.publicUrl || undefined,
  });

  const rollups = rollupsOf(resources);
  registerStatsRoutes(app, deps, rollups);
  const startCompaction = scheduleCompaction(app, db, rollups);

  const mailStore = registry.mailResource;
  if (mailStore) registerMailState(app, db, mailStore, config.mail);

  const site = options.publicSite ?? (await import('../../resources/public-site')).default;
  const portals = (await import('../../resources/areas')).default;
  await registerStatic(app, config.distDir, resources, {
    site,
    portals,
    primeBudgetMs: config.primeBudgetMs,
    publicUrl: config.mail.publicUrl,
    sitemapUrlLimit: config.sitemapUrlLimit,
    db,
  });

  return {
    app,
    async start() {
      await syncRollups(db, rollups);
      migration = await migrationLevel(db);
      startCompaction();
      // Mail goes out from every instance (SKIP LOCKED shares the rows); without SMTP_URL it waits in the outbox.
      const { smtpUrl } = config.mail;
      if (mailStore && smtpUrl) {
        const worker = new MailWorker(db, mailStore, { ...config.mail, smtpUrl }, app.log);
        worker.start();
        lifecycle.onDrain('mail worker', () => worker.stop());
      }
      // Timers (`auto` transitions) run from every instance too; each record is claimed by one.
      const timers = new TimerWorker(db, registry, timersOf(resources), config.timerPollMs, app.log);
      timers.start();
      lifecycle.onDrain('timer worker', () => timers.stop());
      lifecycle.ready();
    },
  };
}

/** The whole server, ready to serve (its database is there): tests and tools. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { app, start } = await createApp(options);
  await start();
  return app;
}
