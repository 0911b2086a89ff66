/**
 * The OpenAPI document describes every route the server answers, and nothing it does not. The routes
 * are read from Fastify itself (`printRoutes`), so a route added without its documentation fails here.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';

/** Routes that are not the API: the app shell, its static files and the reference page's own assets. */
const NOT_API = [/^\/$/, /^\/\*$/, /^\/api\/docs(\/.*)?$/];

interface Route {
  path: string;
  method: string;
}

/** Fastify's route tree (`printRoutes({ commonPrefix: false })`) as full paths with their methods. */
function routesOf(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)(?:[├└]── )?(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line.replace(/\s+$/, ''));
    if (!match || !match[2]) continue;
    const depth = match[1].length / 4 + (line.includes('── ') ? 1 : 0);
    stack.length = depth;
    stack[depth] = match[2];
    const path = stack.join('').replace(/\/{2,}/g, '/');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) routes.push({ path, method });
  }
  return routes;
}

const routePattern = (path: string) =>
  new RegExp(
    `^${path
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:[^/]+/g, '[^/]+')
      .replace(/\*/g, '.*')}$`,
  );
const samplePath = (path: string) => path.replace(/\{[^}]+\}/g, 'x1');

describeEachEngine('OpenAPI completeness', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });
  let routes: Route[] = [];
  let documented: Route[] = [];
  let doc: { paths: Record<string, Record<string, { operationId?: string }>> };

  beforeAll(async () => {
    routes = routesOf(server.app.printRoutes({ commonPrefix: false }))
      // HEAD answers every GET (Fastify's exposeHeadRoutes); the document lists the GET.
      .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
      .filter((route) => !NOT_API.some((pattern) => pattern.test(route.path)));
    doc = (await call(server, 'GET', '/api/openapi.json')).body;
    documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => ['get', 'put', 'post', 'delete', 'patch'].includes(key))
        .map((method) => ({ path, method: method.toUpperCase() })),
    );
  });

  it('reads the routes it checks (the parser sees the generated ones)', () => {
    const paths = routes.map((route) => `${route.method} ${route.path}`);
    for (const known of [
      'GET /api/complaints',
      'PATCH /api/complaints/:id',
      'GET /api/complaints/-/export.csv',
      'GET /api/orders/-/counts',
      'GET /api/payments/-/totals',
      'POST /api/uploads',
      'POST /api/partners/-/register',
    ])
      expect(paths).toContain(known);
    expect(routes.length).toBeGreaterThan(150);
  });

  it('documents every route the server answers', () => {
    const missing = routes.filter(
      (route) =>
        !documented.some((doc) => doc.method === route.method && routePattern(route.path).test(samplePath(doc.path))),
    );
    expect(missing.map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });

  it('documents the writes a resource refuses to everyone as 403, as they answer', async () => {
    const doc = (await call(server, 'GET', '/api/openapi.json')).body;
    expect(Object.keys(doc.paths['/api/audit-log'].post.responses)).toEqual(['401', '403']);
    expect(Object.keys(doc.paths['/api/payments/{id}'].patch.responses)).toEqual(['401', '403']);
    const admin = await server.login('admin@example.com', 'Admin#2026');
    expect((await call(server, 'POST', '/api/audit-log', { body: {} })).status).toBe(401);
    expect((await call(server, 'POST', '/api/audit-log', { cookie: admin, body: {} })).status).toBe(403);
    expect((await call(server, 'PATCH', '/api/payments/1', { cookie: admin, body: {} })).status).toBe(403);
    expect((await call(server, 'DELETE', '/api/payments/1', { cookie: admin })).status).toBe(403);
  });

  it('documents no route the server does not answer', () => {
    const phantom = documented.filter(
      (doc) =>
        !routes.some((route) => route.method === doc.method && routePattern(route.path).test(samplePath(doc.path))),
    );
    expect(phantom.map((doc) => `${doc.method} ${doc.path}`)).toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document, as an outside validator reads it', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('names every operation with its own id, drawn from the resource and its transitions and endpoints', () => {
    const ids = Object.values(doc.paths).flatMap((item) =>
      ['get', 'put', 'post', 'delete', 'patch']
        .filter((method) => item[method])
        .map((method) => item[method].operationId),
    );
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const at = (path: string, method: string) => doc.paths[path][method].operationId;
    expect(at('/api/orders', 'get')).toBe('listOrders');
    expect(at('/api/orders', 'post')).toBe('createOrder');
    expect(at('/api/orders/{id}', 'get')).toBe('getOrder');
    expect(at('/api/orders/{id}', 'patch')).toBe('updateOrder');
    expect(at('/api/orders/{id}/actions/pay', 'post')).toBe('payOrder');
    expect(at('/api/partners/-/register', 'post')).toBe('registerPartners');
  });
});
