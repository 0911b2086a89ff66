import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AnyResource } from '../core/resource';
import authPlugin, { type AuthOptions } from './auth/plugin';
import { readBuildInfo } from './build-info';
import { loadConfig, type ServerConfig } from './config';
import type { Database } from './db/connection';
import { migrationLevel } from './db/migrate';
import { registerDocs } from './docs';
import { errorHandler } from './errors';
import { openApiDocument } from './openapi';
import { registerActionRoutes } from './rest/action-routes';
import { registerEndpointRoutes } from './rest/endpoint-routes';
import { registerListRoutes } from './rest/list-routes';
import { registerReorderRoutes } from './rest/reorder-routes';
import { Registry } from './rest/registry';
import { registerResourceRoutes } from './rest/resource-routes';
import { registerTotalsRoutes } from './rest/totals-routes';
import { registerUploadRoutes } from './rest/upload-routes';
import { registerSecurity } from './security';
import { registerStatic } from './static';
import { ensureRollups, scheduleCompaction } from './stats/rollup';
import { registerStatsRoutes } from './stats/routes';

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
  config?: Partial<ServerConfig>;
  logger?: FastifyServerOptions['logger'];
  /** Overrides for the auth plugin (session lifetime, login limits) — tests. */
  auth?: Partial<Pick<AuthOptions, 'session' | 'loginLimits'>>;
}

/** The whole server: auth, the generated REST API, health, OpenAPI and the built client. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const config = { ...loadConfig(), ...options.config };
  const resources = options.resources ?? (await import('../../resources/index')).default;
  const { db, engine } = options.database;
  const registry = new Registry(resources);

  const app = Fastify({
    logger: options.logger ?? false,
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

  await app.register(authPlugin, {
    db,
    resources,
    production: config.production,
    listen: options.database.listen,
    ...options.auth,
  });

  app.get('/api/health', async () => ({
    status: 'ok',
    db: engine,
    version: VERSION,
    buildId: readBuildInfo(config.distDir)?.id ?? 'dev',
    migration: await migrationLevel(db),
  }));
  const openapi = openApiDocument(resources, VERSION);
  app.get('/api/openapi.json', async () => openapi);
  await registerDocs(app, openapi);

  const deps = { db, registry };
  const list = { exactCountLimit: config.listExactCountLimit, keysetOffset: config.listKeysetOffset };
  for (const resource of resources) {
    registerListRoutes(app, { ...deps, list }, resource);
    registerResourceRoutes(app, deps, resource);
    registerActionRoutes(app, deps, resource);
    registerEndpointRoutes(app, deps, resource);
    registerTotalsRoutes(app, deps, resource);
    registerReorderRoutes(app, deps, resource);
  }
  await registerUploadRoutes(app, { dataDir: config.dataDir, resources });

  const rollups = await ensureRollups(db, registry);
  registerStatsRoutes(app, deps, rollups);
  scheduleCompaction(app, db, rollups);

  await registerStatic(app, config.distDir, resources);
  return app;
}
