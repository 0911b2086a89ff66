/**
 * The home page opened with no search goes out with its first screen inside (server/primed-answers.ts): the
 * catalog's first page and the filters' options, exactly as the API answers the visitor, and a preload of the
 * first card's photo. Any other page, or the home with a search, is the plain shell.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import site from '../../resources/public-site';
import { firstScreenPaths } from '../../src/core/catalog-requests';
import { responsiveImage } from '../../src/core/images';
import { call, describeEachEngine, suiteServer } from './harness';
import { primedOf, shellOf, shellsDist, TAGS } from './primed-shells';

const dist = shellsDist(['en', 'lo']);
describeEachEngine('the home page primed with its first screen', (engine) => {
  // A generous budget: suites running side by side must not push the answers past it (the budget's own test
  // is below).
  const server = suiteServer({ engine, seed: 'small', config: { distDir: dist, primeBudgetMs: 60_000 } });
  const { catalogPage, filterOptions } = firstScreenPaths(site);

  async function expectPrimedAsTheApiAnswers(locale: 'en' | 'lo', cookie?: string) {
    const page = await call(server, 'GET', `/${locale}`, { cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    // Built for this visitor from the data now: never stored by a shared cache, never answered by a validator.
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    expect(page.headers.get('etag')).toBeNull();
    // Compressed on the fly like any answer over 1 KB (fetch asks for gzip first and decodes it).
    expect(page.headers.get('content-encoding')).toBe('gzip');
    const html = String(page.body);
    expect(html.startsWith(`<!doctype html><html lang="${locale}">`)).toBe(true);
    const primed = primedOf(html);
    expect(primed?.locale).toBe(locale);
    expect(Object.keys(primed!.answers).sort()).toEqual([catalogPage, ...filterOptions].sort());
    for (const apiPath of [catalogPage, ...filterOptions]) {
      const api = await call(server, 'GET', `/api/${apiPath}`, {
        cookie,
        headers: { 'accept-language': TAGS[locale] },
      });
      expect(api.status).toBe(200);
      expect(primed!.answers[apiPath].body, apiPath).toEqual(api.body);
      expect(primed!.answers[apiPath].contentRange, apiPath).toBe(api.headers.get('content-range') ?? undefined);
    }
    return { html, rows: primed!.answers[catalogPage].body as Record<string, unknown>[] };
  }

  it('holds what the API answers an anonymous visitor, in the page’s language, and preloads the first photo', async () => {
    for (const locale of ['en', 'lo'] as const) {
      const { html, rows } = await expectPrimedAsTheApiAnswers(locale);
      expect(rows.length).toBeGreaterThan(0);
      const photo = (rows[0][site.catalog.images!] as string[])[0];
      const image = responsiveImage(photo);
      expect(image.srcSet).toBeTruthy();
      const preload = /<link rel="preload" as="image" fetchpriority="high" href="([^"]+)" imagesrcset="([^"]+)"/.exec(
        html,
      );
      expect(preload?.[1]).toBe(image.src);
      expect(preload?.[2]).toBe(image.srcSet);
    }
  });

  it('holds what the API answers a signed-in visitor, with their session', async () => {
    const cookie = await server.login('partner@example.com', 'Partner#2026');
    await expectPrimedAsTheApiAnswers('en', cookie);
  });

  it('a title that closes the script element stays text inside it', async () => {
    const { rows } = await expectPrimedAsTheApiAnswers('en');
    const hostile = '</script><img src=x onerror="alert(1)"><!--';
    await sql`update "services" set "title" = ${JSON.stringify({ en: hostile, lo: hostile })}::jsonb
              where "id" = ${Number(rows[0].id)}`.execute(server.db);
    const page = await call(server, 'GET', '/en');
    const html = String(page.body);
    expect(html).not.toContain('<img src=x');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const primed = primedOf(html)!;
    const first = (primed.answers[catalogPage].body as Record<string, any>[])[0];
    expect(first.title.en).toBe(hostile);
  });

  it('the home with a search, and every other page, is the plain shell', async () => {
    for (const url of ['/en?q=boat', '/en?page=2', '/en/login', '/lo/login']) {
      const page = await call(server, 'GET', url);
      expect(page.status, url).toBe(200);
      expect(primedOf(String(page.body)), url).toBeUndefined();
      expect(String(page.body), url).not.toContain('rel="preload" as="image"');
    }
  });
});

describeEachEngine('the home page within its priming budget', (engine) => {
  const server = suiteServer({ engine, seed: 'small', config: { distDir: dist, primeBudgetMs: 300 } });

  it('a database that holds the catalog up does not hold the page up: it goes out plain', async () => {
    await server.db.transaction().execute(async (trx) => {
      await sql`lock table "services" in access exclusive mode`.execute(trx);
      // Were the page to wait for the catalog, it would wait for this transaction, which waits for the page.
      const page = await call(server, 'GET', '/en');
      expect(page.status).toBe(200);
      expect(String(page.body)).toBe(shellOf('en'));
    });
  });
});
