import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

export const DOCS_PREFIX = '/api/docs';

/**
 * The API reference at `/api/docs`: Swagger UI (the kept `@fastify/swagger-ui`, its files served from
 * node_modules, no CDN) over the same generated document as `/api/openapi.json`. Its page loads only
 * scripts and styles of this host and no validator, so it runs under the app's Content-Security-Policy.
 */
export async function registerDocs(app: FastifyInstance, document: Record<string, unknown>): Promise<void> {
  // Static mode: the document is the one generated from the resource configs, not collected from routes.
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // Tags start collapsed: with every operation of ~100 paths expanded at once, swagger-ui stopped rendering
    // part-way (seen with Chromium 156); a tag opens its operations on click.
    uiConfig: { deepLinking: true, docExpansion: 'none', defaultModelsExpandDepth: 0, tryItOutEnabled: false },
    theme: { title: 'Lantern API' },
  });
}
