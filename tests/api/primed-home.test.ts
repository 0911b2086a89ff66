/**
 * The home page opened with no search goes out with its first screen inside (server/primed-answers.ts): the
 * catalog's first page and the filters' options, exactly as the API answers the visitor, a preload of the first
 * card's photo, and the first screen down to that card drawn in plain HTML in the page's language (first-paint.ts).
 * Any other page, or the home with a search, is the plain shell.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import site from '../../resources/public-site';
import { CARD_IMAGE_SIZES, firstScreenPaths } from '../../src/core/catalog-requests';
import { AREA_FIRST_READ } from '../../src/core/primed-answers';
import { formatMoney } from '../../src/core/format';
import { responsiveImage } from '../../src/core/images';
import { loadConfig } from '../../src/server/edge/config';
import { homeHead, withHead } from '../../src/server/edge/seo';
import { serverText } from '../../src/server/edge/server-text';
import { call, describeEachEngine, suiteServer } from './harness';
import {
  inlineScriptsOf,
  scriptsAfterFirstPaint,
  scriptsAsTheShell,
  primedOf,
  rootOf,
  shellOf,
  shellsDist,
  TAGS,
} from './primed-shells';

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
    // The page's one inline script (what asks for the app after the first paint) runs under its own policy.
    const [loader] = inlineScriptsOf(html);
    const scriptSrc = /script-src ([^;]*)/.exec(page.headers.get('content-security-policy') ?? '')?.[1];
    expect(scriptSrc?.split(' ')).toEqual([
      "'self'",
      `'sha256-${createHash('sha256').update(loader).digest('base64')}'`,
    ]);
    const primed = primedOf(html);
    expect(primed?.locale).toBe(locale);
    // Who is signed in comes too, a visitor's refusal included: the header names the account or offers the sign-in.
    expect(Object.keys(primed!.answers).sort()).toEqual([catalogPage, ...filterOptions, AREA_FIRST_READ].sort());
    expect(primed!.answers[AREA_FIRST_READ].status ?? 200).toBe(cookie ? 200 : 401);
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
      // Asked before the app's script, so that its request starts first.
      expect(html.indexOf(preload![0])).toBeLessThan(html.indexOf('<script '));
      // The first screen is drawn: the photo, the stylesheet and the fonts go before the app's scripts.
      expect(scriptsAfterFirstPaint(html)).toBe(true);
    }
  });

  it('draws the first screen and the first card in the page’s language, its photo as the card shows it', async () => {
    const { html, rows } = await expectPrimedAsTheApiAnswers('lo');
    const root = rootOf(html)!;
    expect(root.startsWith('<div class="lt-page" data-first-paint="home">')).toBe(true);
    expect(root).toContain(`<h1 class="lt-hero__title">${serverText('lo', 'app.home.heroTitle')}</h1>`);
    expect(root).toContain('ຄົ້ນພົບລາວ');
    // The one card drawn is the catalog's first, in Lao, linking to its page.
    expect(root.match(/<article class="lt-card">/g)).toHaveLength(1);
    const first = rows[0];
    const title = (first[site.catalog.title] as Record<string, string>).lo;
    expect(title).toMatch(/[\u0E80-\u0EFF]/);
    expect(root).toContain(`<a href="/lo/item/${first.id}" class="lt-card__link">`);
    expect(root).toContain(`<h2 class="lt-card__title">${title}</h2>`);
    const price = formatMoney(Number(first[site.catalog.price]), String(first[site.catalog.currency]), 'lo');
    expect(root).toContain(serverText('lo', 'app.home.priceFrom', { price }));
    // The photo with ItemCard's very src, srcset and sizes: the page's card takes it from the cache.
    const image = responsiveImage((first[site.catalog.images!] as string[])[0]);
    const img = /<img class="lt-card__media"([^>]*)>/.exec(root)?.[1] ?? '';
    const attributes = Object.fromEntries([...img.matchAll(/ ([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    expect(attributes).toMatchObject({
      src: image.src,
      srcset: image.srcSet,
      sizes: CARD_IMAGE_SIZES,
      width: String(image.width),
      height: String(image.height),
      fetchpriority: 'high',
    });

    // In English, the same card in English.
    const english = rootOf(String((await call(server, 'GET', '/en')).body))!;
    expect(english).toContain(
      `<h2 class="lt-card__title">${(first[site.catalog.title] as Record<string, string>).en}</h2>`,
    );
    expect(english).toContain(`<h1 class="lt-hero__title">${serverText('en', 'app.home.heroTitle')}</h1>`);
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
    // The shell's own script element, its loader after the first paint and the primed answers' one: no other.
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    const primed = primedOf(html)!;
    const first = (primed.answers[catalogPage].body as Record<string, any>[])[0];
    expect(first.title.en).toBe(hostile);
    // Drawn in the first card, it stays text too.
    expect(rootOf(html)).toContain(
      '<h2 class="lt-card__title">&lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;!--</h2>',
    );
  });

  it('the home with a search, and every other page, carries no first answers: the shell’s scripts as built', async () => {
    for (const url of ['/en?q=boat', '/en?page=2', '/en/login', '/lo/login']) {
      const page = await call(server, 'GET', url);
      expect(page.status, url).toBe(200);
      expect(primedOf(String(page.body)), url).toBeUndefined();
      expect(String(page.body), url).not.toContain('rel="preload" as="image"');
      expect(rootOf(String(page.body)), url).toBe('');
      expect(scriptsAsTheShell(String(page.body)), url).toBe(true);
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
      // Only its head is written, which needs no database (SPEC §18).
      const head = homeHead(site.catalog.page!, loadConfig().mail.publicUrl, 'en');
      expect(String(page.body)).toBe(withHead(shellOf('en'), head));
    });
  });
});
