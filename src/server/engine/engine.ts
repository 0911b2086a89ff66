import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Engine } from '../db/db';
import { registerActionRoutes } from './action-routes';
import { registerEndpointRoutes } from './endpoint-routes';
import { registerListRoutes, type ListOptions } from './list-routes';
import { ReadPlans } from './read-plan';
import { registerRecordQueue } from './record-queue';
import type { Registry } from './registry';
import { registerReorderRoutes } from './reorder-routes';
import { registerResourceRoutes, type RouteDeps } from './resource-routes';
import { registerTotalsRoutes } from './totals-routes';
import { registerUploadRoutes } from './upload-routes';

export interface ResourceEngineOptions {
  db: Kysely<any>;
  /** The resource configs, with the write plans the registry made of them at start. */
  registry: Registry;
  engine: Engine;
  /** How long a write waits for its record's turn (PostgreSQL's record queue). */
  lockTimeoutMs: number;
  list: ListOptions;
}

/**
 * The resource engine's front door: every resource's routes (list, record, actions, endpoints, totals, order) and
 * the uploads, from the configs. Answers what the routes were given (the read plans), for the rooms that read
 * resources too (statistics).
 */
export async function registerResourceEngine(
  app: FastifyInstance,
  options: ResourceEngineOptions,
): Promise<Required<RouteDeps>> {
  const { db, registry } = options;
  // A hot record queues its writers in the process, off the pool (PGlite's one connection queues everything).
  if (options.engine === 'postgres') registerRecordQueue(app, { waitMs: options.lockTimeoutMs });

  // Each resource's read path is worked out here, once; requests run the plan instead of reading the config.
  const deps = { db, registry, plans: new ReadPlans(registry, db) };
  for (const resource of registry.resources) {
    registerListRoutes(app, { ...deps, list: options.list }, resource);
    registerResourceRoutes(app, deps, resource);
    registerActionRoutes(app, deps, resource);
    registerEndpointRoutes(app, deps, resource);
    registerTotalsRoutes(app, deps, resource);
    registerReorderRoutes(app, deps, resource);
  }
  await registerUploadRoutes(app, { db, resources: registry.resources });
  return deps;
}
