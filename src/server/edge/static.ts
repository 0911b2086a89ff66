import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Portal } from '../../core/portal';
import type { PublicSite } from '../../core/public-site';
import type { AnyResource } from '../../core/resource';
import { isArea, matchRoute, type Area, type RouteMatch } from '../../core/routes';
import { shellName } from '../../core/shells';
import { primedAreaPage, primedHomePage, primedItemPage, type PrimedPage } from './primed-answers';
import { scriptsAfterFirstPaint } from './scripts-after-paint';
import { homeHead, robotsTxt, sitemapFiles, withHead } from './seo';

const FALLBACK_INDEX =
  '<!doctype html><html><head><meta charset="utf-8"><title>Lantern</title></head>' +
  '<body><div id="root">The client is not built: run <code>npm run build</code>.</div></body></html>';

/** The element the client renders into (index.html). */
const ROOT_ID = 'root';
/** The shell's first request for a script or stylesheet. */
const FIRST_REQUEST = /<script |<link rel="(?:modulepreload|stylesheet)"/;

/** The links put where the shell asks for its first script or stylesheet, or at the end of its head. */
function beforeFirstRequest(html: string, links: string): string {
  if (!links) return html;
  const at = html.search(FIRST_REQUEST);
  return at === -1 ? html.replace('</head>', `${links}</head>`) : html.slice(0, at) + links + html.slice(at);
}

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
  primed?: {
    site: PublicSite;
    /** The owners' areas' screens: their homes' first reads go inside the page. */
    portals: Partial<Record<Area, Portal>>;
    /** A slow or sick database must not hold the page up: past this a primed page goes out plain. */
    primeBudgetMs: number;
    /** The address the public reaches the site at: canonical addresses, language versions, the sitemap. */
    publicUrl: string;
    /** Addresses in one sitemap file before `/sitemap.xml` becomes an index. */
    sitemapUrlLimit: number;
    db: Kysely<any>;
  },
) {
  const built = fs.existsSync(path.join(distDir, 'index.html'));
  // The shell goes out through `sendFile` (so its brotli and gzip copies are chosen like any asset's), never as
  // a file of its own URL: `/index.html` is a path like any other, answered by the route check.
  const shellReplies = new WeakSet<FastifyRequest>();
  // The locale's (and area's) own shell where the build wrote one: its `lang` and the chunks it preloads.
  const shellDir = path.join(distDir, 'shells');
  const shells = new Set(fs.existsSync(shellDir) ? fs.readdirSync(shellDir).filter((f) => f.endsWith('.html')) : []);
  // `signedIn`: the area's home shell preloads its screen's code, of no use to a visitor on the way to sign in.
  const shellOf = (match?: RouteMatch, signedIn = false) => {
    if (!match?.locale) return 'index.html';
    const area = isArea(match.kind) ? match.kind : undefined;
    if (match.status !== 200 || !area)
      return shells.has(`${match.locale}.html`) ? `shells/${match.locale}.html` : 'index.html';
    const home = `${shellName(match.locale, area, true)}.html`;
    if (signedIn && match.subpath === '' && shells.has(home)) return `shells/${home}`;
    const name = `${shellName(match.locale, area)}.html`;
    return shells.has(name) ? `shells/${name}` : 'index.html';
  };
  const sendIndex = (request: FastifyRequest, reply: FastifyReply, status: number, match?: RouteMatch) => {
    reply.code(status).header('Cache-Control', 'no-cache');
    // The signed-in areas are no search result, whoever asks (SPEC §18).
    if (match && isArea(match.kind)) reply.header('X-Robots-Tag', 'noindex, nofollow');
    // Not built (tests, `npm run dev`), or the shell vanished under a running server: the fallback page still
    // carries the right status.
    if (!built || shellReplies.has(request)) return reply.type('text/html; charset=utf-8').send(FALLBACK_INDEX);
    shellReplies.add(request);
    if (primed && match?.kind === 'home' && match.locale && status === 200)
      return sendPrimed(
        request,
        reply,
        shellOf(match),
        // A search (or a shared link's tracking query) is not the opening screen the first answers are of: the
        // app asks its own. Its head is the home's all the same (SPEC §18), canonical the bare home.
        request.url.includes('?')
          ? async () => ({ head: '', root: '' })
          : () => primedHomePage(app, request, match.locale!, primed.site, primed.primeBudgetMs),
        // Known without the database: the head goes out even when the first answers do not.
        primed.site.catalog.page && homeHead(primed.site.catalog.page, primed.publicUrl, match.locale),
      );
    if (primed && match?.kind === 'item' && match.locale && match.id && status === 200)
      return sendPrimed(request, reply, shellOf(match), () =>
        primedItemPage(app, request, match.locale!, primed.site, match.id!, primed.primeBudgetMs, primed.publicUrl),
      );
    // Signed out, an area page is the plain shell (its sign-in form); signed in, it carries the account.
    if (primed && match && isArea(match.kind) && status === 200 && request.headers.cookie)
      return sendPrimed(request, reply, shellOf(match, true), () =>
        primedAreaPage(
          app,
          request,
          { locale: match.locale!, area: match.kind as Area, subpath: match.subpath ?? '' },
          { resources, portals: primed.portals },
          primed.primeBudgetMs,
        ),
      );
    // A 404 carries no validators: a revalidated error page must never come back as an empty 404.
    return reply.sendFile(shellOf(match), status === 200 ? {} : { etag: false, lastModified: false });
  };

  // A shell with the page's first answers inside. It depends on the visitor's cookie and on the data, so it is
  // built per request, compressed on the fly and never shared.
  const sendPrimed = async (
    request: FastifyRequest,
    reply: FastifyReply,
    shell: string,
    prime: () => Promise<PrimedPage>,
    meta?: string,
  ) => {
    let html: string;
    try {
      html = await fs.promises.readFile(path.join(distDir, shell), 'utf8');
    } catch {
      return reply.type('text/html; charset=utf-8').send(FALLBACK_INDEX);
    }
    const primed = await prime().catch((error: unknown): PrimedPage => {
      request.log.warn({ err: error }, 'the page goes out without its first answers primed');
      return { head: '', root: '' };
    });
    // A page that is not public is the not-found page (the app draws it), with the status crawlers read.
    if (primed.status === 404) return reply.code(404).type('text/html; charset=utf-8').send(html);
    return reply
      .header('Cache-Control', 'private, no-cache')
      .type('text/html; charset=utf-8')
      .send(
        beforeFirstRequest(
          withHead(primed.root || primed.layer ? scriptsAfterFirstPaint(html) : html, primed.meta ?? meta ?? ''),
          primed.preload ?? '',
        )
          .replace('</head>', `${primed.head}</head>`)
          .replace(`<div id="${ROOT_ID}"></div>`, `<div id="${ROOT_ID}">${primed.root}</div>${primed.layer ?? ''}`),
      );
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
  // The bare address picks the visitor's language in the app; to a crawler it is the homes' x-default, with their
  // head (SPEC §18).
  app.get('/', (request, reply) => {
    const page = primed?.site.catalog.page;
    if (!built || !page) return sendIndex(request, reply, 200);
    reply.header('Cache-Control', 'no-cache');
    return sendPrimed(
      request,
      reply,
      'index.html',
      async () => ({ head: '', root: '' }),
      homeHead(page, primed.publicUrl),
    );
  });

  if (primed?.site.catalog.page) {
    const { site, publicUrl, sitemapUrlLimit, db } = primed;
    app.get('/robots.txt', (_request, reply) =>
      reply
        .header('Cache-Control', 'public, max-age=3600')
        .type('text/plain; charset=utf-8')
        .send(robotsTxt(publicUrl)),
    );
    // Drawn from the public reads when asked, never from a list of its own that could drift from what is public.
    const sendSitemap = async (reply: FastifyReply, file: number) => {
      const files = await sitemapFiles(app, db, site, resources, publicUrl, sitemapUrlLimit);
      const body = files(file);
      if (body === undefined) return reply.code(404).send({ message: 'Not found' });
      return reply.header('Cache-Control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(body);
    };
    app.get('/sitemap.xml', (_request, reply) => sendSitemap(reply, 0));
    app.get('/sitemaps/:file', (request: FastifyRequest<{ Params: { file: string } }>, reply) => {
      const file = /^([1-9][0-9]{0,5})\.xml$/.exec(request.params.file);
      return file ? sendSitemap(reply, Number(file[1])) : reply.code(404).send({ message: 'Not found' });
    });
  }

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
