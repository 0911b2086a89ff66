/**
 * An item's public page goes out with its first screen inside (server/primed-answers.ts): the item, its partner's
 * name and its departures, exactly as the API answers the visitor, who is signed in (`auth/me`, a refusal
 * included), a preload of its first photo, and its title and photo drawn in plain HTML. An item that is not
 * public is the plain shell, with status 404.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import site from '../../resources/public-site';
import { ITEM_PHOTO, itemFollowUpPaths, itemPath, todayIso } from '../../src/core/catalog-requests';
import { responsiveImage } from '../../src/core/images';
import { AREA_FIRST_READ } from '../../src/core/primed-answers';
import { call, describeEachEngine, suiteServer } from './harness';
import { scriptsAfterFirstPaint, primedOf, rootOf, shellOf, shellsDist, TAGS, titleOf } from './primed-shells';

const dist = shellsDist(['en', 'lo']);
describeEachEngine('an item page primed with its first screen', (engine) => {
  const server = suiteServer({ engine, seed: 'small', config: { distDir: dist, primeBudgetMs: 60_000 } });

  async function firstItem() {
    const list = await call(server, 'GET', `/api/${site.catalog.resource}?range=[0,0]`);
    expect(list.status).toBe(200);
    return (list.body as Record<string, unknown>[])[0];
  }

  async function expectPrimedAsTheApiAnswers(locale: 'en' | 'lo', cookie?: string) {
    const row = await firstItem();
    const page = await call(server, 'GET', `/${locale}/item/${row.id}`, { cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    const html = String(page.body);
    // The shell's title gives way to the service's (SPEC §18; its whole head: seo.test.ts).
    expect(titleOf(html)).toBe(`${(row[site.catalog.title] as Record<string, string>)[locale]} · Lantern`);
    const primed = primedOf(html)!;
    expect(primed.locale).toBe(locale);
    const paths = [itemPath(site, String(row.id)), ...itemFollowUpPaths(site, row, todayIso()), AREA_FIRST_READ];
    expect(Object.keys(primed.answers).sort()).toEqual(paths.sort());
    for (const apiPath of paths) {
      const api = await call(server, 'GET', `/api/${apiPath}`, {
        cookie,
        headers: { 'accept-language': TAGS[locale] },
      });
      const answer = primed.answers[apiPath];
      expect(answer.status ?? 200, apiPath).toBe(api.status);
      expect(answer.body, apiPath).toEqual(api.body);
      expect(answer.contentRange, apiPath).toBe(api.headers.get('content-range') ?? undefined);
    }
    return { html, row, primed };
  }

  it('holds what the API answers an anonymous visitor, the refusal of auth/me included, and preloads the photo', async () => {
    for (const locale of ['en', 'lo'] as const) {
      const { html, row, primed } = await expectPrimedAsTheApiAnswers(locale);
      expect(primed.answers[AREA_FIRST_READ].status).toBe(401);
      const image = responsiveImage((row[site.catalog.images!] as string[])[0], ITEM_PHOTO.preferredWidth);
      expect(image.srcSet).toBeTruthy();
      const preload =
        /<link rel="preload" as="image" fetchpriority="high" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="([^"]+)"/.exec(
          html,
        );
      expect(preload?.slice(1)).toEqual([image.src, image.srcSet, ITEM_PHOTO.sizes]);
      // Before any script: the title and the photo, drawn where the page will draw them.
      const root = rootOf(html)!;
      const title = (row[site.catalog.title] as Record<string, string>)[locale];
      expect(root).toContain('<div class="lt-item-first-paint" data-route-chunk="item">');
      expect(root).toContain(`<h1>${title}</h1>`);
      expect(root).toContain(`<img alt="" src="${image.src}" srcset="${image.srcSet}" sizes="${ITEM_PHOTO.sizes}"`);
      expect(scriptsAfterFirstPaint(html)).toBe(true);
    }
  });

  it('holds who is signed in for a signed-in visitor', async () => {
    const cookie = await server.login('user@example.com', 'User#2026');
    const { primed } = await expectPrimedAsTheApiAnswers('en', cookie);
    expect(primed.answers[AREA_FIRST_READ].status).toBeUndefined();
    expect((primed.answers[AREA_FIRST_READ].body as { email: string }).email).toBe('user@example.com');
  });

  it('a title that closes the element stays text inside it', async () => {
    const row = await firstItem();
    const hostile = '</h1><img src=x onerror="alert(1)">';
    await sql`update "services" set "title" = ${JSON.stringify({ en: hostile, lo: hostile })}::jsonb
              where "id" = ${Number(row.id)}`.execute(server.db);
    const html = String((await call(server, 'GET', `/en/item/${row.id}`)).body);
    expect(html).not.toContain('<img src=x');
    expect(rootOf(html)).toContain('<h1>&lt;/h1&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</h1>');
  });

  it('an item that is not there is the plain shell, answered 404 (SPEC §18)', async () => {
    const page = await call(server, 'GET', '/en/item/999999999');
    expect(page.status).toBe(404);
    expect(String(page.body)).toBe(shellOf('en'));
  });
});
