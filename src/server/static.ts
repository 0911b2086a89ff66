import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '../core/locales';
import type { PublicSite } from '../core/public-site';
import type { AnyResource } from '../core/resource';
import { matchRoute, type RouteMatch } from '../core/routes';
import { shellName } from '../core/shells';
import { primedHomeHead } from './primed-answers';

const FALLBACK_INDEX =
  '<!doctype html><html><head><meta charset="utf-8"><title>Lantern</title></head>' +
  '<body><div id="root">The client is not built: run <code>npm run build</code>.</div></body></html>';

const BUILD_META = /^[A-Za-z0-9_-]{1,64}\.json$/;
const SHELL = /^\/(index|shells\/[\w-]+)\.html(\.br|\.gz)?$/;

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

/**
 * Serves the built client: files from `dist/`, the SPA's index for client routes, and for paths that no
 * route matches the same index with HTTP 404 (SPEC §3), so crawlers and curl see the real status.
 */
export async function registerStatic(
  app: FastifyInstance,
  distDir: string,
  resources: readonly AnyResource[],
  home?: {
    site: PublicSite;
    /** A slow or sick database must not hold the page up: past this the home goes out plain. */
    primeBudgetMs: number;
  },
) {
  const built = fs.existsSync(path.join(distDir, 'index.html'));
  // The shell goes out through `sendFile` (so its brotli and gzip copies are chosen like any asset's), never as
  // a file of its own URL: `/index.html` is a path like any other, answered by the route check.
  const shellReplies = new WeakSet<FastifyRequest>();
  // The locale's (and area's) own shell where the build wrote one: its `lang` and the chunks it preloads.
  const shellDir = path.join(distDir, 'shells');
  const shells = new Set(fs.existsSync(shellDir) ? fs.readdirSync(shellDir).filter((f) => f.endsWith('.html')) : []);
  const shellOf = (match?: RouteMatch) => {
    if (!match?.locale) return 'index.html';
    const area = match.kind === 'admin' || match.kind === 'partner' ? match.kind : undefined;
    const name = `${shellName(match.locale, match.status === 200 ? area : undefined)}.html`;
    return shells.has(name) ? `shells/${name}` : 'index.html';
  };
  const sendIndex = (request: FastifyRequest, reply: FastifyReply, status: number, match?: RouteMatch) => {
    reply.code(status).header('Cache-Control', 'no-cache');
    // Not built (tests, `npm run dev`), or the shell vanished under a running server: the fallback page still
    // carries the right status.
    if (!built || shellReplies.has(request)) return reply.type('text/html; charset=utf-8').send(FALLBACK_INDEX);
    shellReplies.add(request);
    if (home && match?.kind === 'home' && match.locale && status === 200 && !request.url.includes('?'))
      return sendPrimedHome(request, reply, match.locale, shellOf(match), home);
    // A 404 carries no validators: a revalidated error page must never come back as an empty 404.
    return reply.sendFile(shellOf(match), status === 200 ? {} : { etag: false, lastModified: false });
  };

  // The home opened with no search: its shell with the first screen's answers inside. It depends on the
  // visitor's cookie and on the data, so it is built per request, compressed on the fly and never shared.
  const sendPrimedHome = async (
    request: FastifyRequest,
    reply: FastifyReply,
    locale: Locale,
    shell: string,
    { site, primeBudgetMs }: NonNullable<typeof home>,
  ) => {
    let html: string;
    try {
      html = await fs.promises.readFile(path.join(distDir, shell), 'utf8');
    } catch {
      return reply.type('text/html; charset=utf-8').send(FALLBACK_INDEX);
    }
    const head = await primedHomeHead(app, request, locale, site, primeBudgetMs).catch((error: unknown) => {
      request.log.warn({ err: error }, 'the home page goes out without its first screen primed');
      return '';
    });
    return reply
      .header('Cache-Control', 'private, no-cache')
      .type('text/html; charset=utf-8')
      .send(html.replace('</head>', `${head}</head>`));
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

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: true,
      index: false,
      cacheControl: false,
      // `{file}.br` / `{file}.gz` from the build (precompress.ts), by Accept-Encoding, with `Vary: Accept-Encoding`.
      preCompressed: true,
      allowedPath: (pathName, _root, request) =>
        (!SHELL.test(pathName) || shellReplies.has(request)) && !pathName.startsWith('/builds/'),
      setHeaders: (reply, file) => {
        // Hashed asset names never change content: cache them for good; everything else revalidates.
        reply.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.get('/', (request, reply) => sendIndex(request, reply, 200));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (isApiPath(url)) return reply.code(404).send({ message: `Not found: ${request.method} ${url}` });
    if ((request.method !== 'GET' && request.method !== 'HEAD') || url.startsWith('/assets/'))
      return reply.code(404).send({ message: 'Not found' });
    let pathname: string;
    try {
      pathname = decodeURIComponent(url);
    } catch {
      return sendIndex(request, reply, 404);
    }
    const match = matchRoute(pathname, { resources });
    return sendIndex(request, reply, match.status, match);
  });
}
