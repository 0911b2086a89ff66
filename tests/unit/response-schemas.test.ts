/**
 * The generated GET routes declare their response schemas (made from the field kinds, src/server/engine/field-schemas.ts) and
 * serialize with them; the OpenAPI document publishes the same schemas, so what it says is what is sent. For every
 * resource: the schema of `GET /api/{resource}/{id}` and of `GET /api/{resource}` as the route declares it equals the
 * OpenAPI's, and the answers of every kind of reader validate against it.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import resources from '../../resources/index';
import { seedDemo } from '../../resources/demo/demo';
import { ADMIN_ROLES, type Principal } from '../../src/core/roles';
import { createDatabase, type Database } from '../../src/server/db/db';
import { migrate } from '../../src/server/db/migrate';
import { openApiDocument } from '../../src/server/edge/openapi';
import { registerListRoutes } from '../../src/server/engine/list-routes';
import { ReadPlans } from '../../src/server/engine/read-plan';
import { Registry } from '../../src/server/engine/registry';
import { registerResourceRoutes } from '../../src/server/engine/resource-routes';

type Schema = Record<string, unknown>;

let database: Database;
let db: Kysely<any>;
let app: FastifyInstance;
const registry = new Registry(resources);
/** The response schema each GET route declared, by its URL pattern. */
const declared = new Map<string, Schema>();
const readers: Principal[] = [];
const document = openApiDocument(resources, 'test') as {
  paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: Schema }> }> }>>;
  components: { schemas: Record<string, Schema> };
};

/** The schema with every `$ref` into the document's components replaced by what it names. */
function resolved(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(resolved);
  if (!schema || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: string }).$ref;
  if (ref) return resolved(document.components.schemas[ref.replace('#/components/schemas/', '')]);
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, resolved(value)]));
}

const published = (path: string) =>
  resolved(document.paths[path].get.responses['200'].content['application/json'].schema);

beforeAll(async () => {
  database = await createDatabase({ dataDir: 'memory://' });
  db = database.db;
  await migrate(db);
  await seedDemo(db, { size: 'small', now: new Date('2026-06-15T10:00:00Z') });
  const firstId = async (kind: 'partner' | 'user') => {
    const table = registry.table(registry.accountResource(kind)!);
    const { rows } = await sql<{ id: number }>`select id from ${sql.table(table)} order by id limit 1`.execute(db);
    return Number(rows[0].id);
  };
  readers.push(
    ...ADMIN_ROLES.map((role): Principal => ({ kind: 'admin', id: 1, role })),
    { kind: 'partner', id: await firstId('partner') } as Principal,
    { kind: 'user', id: await firstId('user') } as Principal,
    { kind: 'public' },
  );
  app = Fastify();
  app.decorateRequest('principal', null as never);
  // Each request reads as the reader its `x-reader` header names.
  app.addHook('onRequest', async (request) => {
    request.principal = readers[Number(request.headers['x-reader'])];
  });
  app.addHook('onRoute', (route) => {
    const response = (route.schema as { response?: Record<string, Schema> } | undefined)?.response;
    if (route.method === 'GET' && response) declared.set(route.url, response['200']);
  });
  const plans = new ReadPlans(registry, db);
  for (const resource of resources) {
    registerListRoutes(app, { db, registry, plans, list: { exactCountLimit: 10_000, keysetOffset: 1_000 } }, resource);
    registerResourceRoutes(app, { db, registry, plans }, resource);
  }
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('response schemas: the routes and the OpenAPI document agree', () => {
  it('every resource: GET one and GET a page declare the schemas the OpenAPI publishes', () => {
    for (const resource of resources) {
      const one = declared.get(`/api/${resource.name}/:id`);
      const page = declared.get(`/api/${resource.name}`);
      expect(one, resource.name).toBeDefined();
      expect(published(`/api/${resource.name}/{id}`), resource.name).toEqual(one);
      expect(published(`/api/${resource.name}`), resource.name).toEqual(page);
      expect(page, resource.name).toEqual({ type: 'array', items: one });
    }
  });

  it("every reader's answers validate against the published schemas", async () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    let records = 0;
    let pages = 0;
    for (const resource of resources) {
      const validateOne = ajv.compile(published(`/api/${resource.name}/{id}`) as Schema);
      const validatePage = ajv.compile(published(`/api/${resource.name}`) as Schema);
      const { rows } = await sql<{
        id: number;
      }>`select id from ${sql.table(registry.table(resource))} order by id limit 15`.execute(db);
      for (let reader = 0; reader < readers.length; reader++) {
        const headers = { 'x-reader': String(reader) };
        const label = `${resource.name} as reader ${reader}`;
        const list = await app.inject({ method: 'GET', url: `/api/${resource.name}?range=[0,49]`, headers });
        expect([200, 401, 403], label).toContain(list.statusCode);
        if (list.statusCode === 200) {
          const body = list.json();
          expect(validatePage(body) ? [] : validatePage.errors, label).toEqual([]);
          pages++;
        }
        for (const { id } of rows) {
          const one = await app.inject({ method: 'GET', url: `/api/${resource.name}/${id}`, headers });
          expect([200, 401, 403, 404], `${label}, id ${id}`).toContain(one.statusCode);
          if (one.statusCode !== 200) continue;
          expect(validateOne(one.json()) ? [] : validateOne.errors, `${label}, id ${id}`).toEqual([]);
          records++;
        }
      }
    }
    expect(pages).toBeGreaterThan(50);
    expect(records).toBeGreaterThan(300);
  }, 120_000);
});
