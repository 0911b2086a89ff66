import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyResource } from '../core/resource';
import { matchRoute } from '../core/routes';

const FALLBACK_INDEX =
  '<!doctype html><html><head><meta charset="utf-8"><title>Lantern</title></head>' +
  '<body><div id="root">The client is not built: run <code>npm run build</code>.</div></body></html>';

const BUILD_META = /^[A-Za-z0-9_-]{1,64}\.json$/;

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

/**
 * Serves the built client: files from `dist/`, the SPA's index for client routes, and for paths that no
 * route matches the same index with HTTP 404 (SPEC §3), so crawlers and curl see the real status.
 */
export async function registerStatic(app: FastifyInstance, distDir: string, resources: readonly AnyResource[]) {
  const indexFile = path.join(distDir, 'index.html');
  const sendIndex = (reply: FastifyReply, status: number) => {
    let html = FALLBACK_INDEX;
    try {
      html = fs.readFileSync(indexFile, 'utf8');
    } catch {
      // Not built (tests, `npm run dev`): the fallback page still carries the right status.
    }
    return reply.code(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  // Housekeeping for the client's new-build check: never cached, always the file on disk now.
  const sendJsonFile = (reply: FastifyReply, file: string) => {
    try {
      const body = fs.readFileSync(file, 'utf8');
      return reply.header('Cache-Control', 'no-cache, no-store, must-revalidate').type('application/json').send(body);
    } catch {
      return reply.code(404).send({ message: 'Not found' });
    }
  };
  app.get('/builds/latest.json', (_request, reply) => sendJsonFile(reply, path.join(distDir, 'builds', 'latest.json')));
  app.get('/builds/meta/:file', (request: FastifyRequest<{ Params: { file: string } }>, reply) => {
    const { file } = request.params;
    if (!BUILD_META.test(file)) return reply.code(404).send({ message: 'Not found' });
    return sendJsonFile(reply, path.join(distDir, 'builds', 'meta', file));
  });

  if (fs.existsSync(distDir)) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: true,
      index: false,
      cacheControl: false,
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/builds/'),
      setHeaders: (reply, file) => {
        // Hashed asset names never change content: cache them for good; everything else revalidates.
        reply.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.get('/', (_request, reply) => sendIndex(reply, 200));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (isApiPath(url)) return reply.code(404).send({ message: `Not found: ${request.method} ${url}` });
    if ((request.method !== 'GET' && request.method !== 'HEAD') || url.startsWith('/assets/'))
      return reply.code(404).send({ message: 'Not found' });
    let pathname: string;
    try {
      pathname = decodeURIComponent(url);
    } catch {
      return sendIndex(reply, 404);
    }
    return sendIndex(reply, matchRoute(pathname, { resources }).status);
  });
}
