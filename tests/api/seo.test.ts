/**
 * SPEC §18: each public page's head as the server writes it, in each language (title, description, canonical,
 * language versions, Open Graph and the Twitter card), the service page's JSON-LD checked offline against Google's
 * rich-result rules (@adobe/structured-data-validator over @marbec/web-auto-extractor), a page that is not public
 * a 404, the signed-in areas `noindex`, `/robots.txt` and `/sitemap.xml` (an index past its limit).
 */
import Validator from '@adobe/structured-data-validator';
import WebAutoExtractor from '@marbec/web-auto-extractor';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import site from '../../resources/public-site';
import { toMajor } from '../../src/core/format';
import { responsiveImage } from '../../src/core/images';
import { LOCALES, LOCALE_TAGS, type Locale } from '../../src/core/locales';
import { loadConfig } from '../../src/server/edge/config';
import { serverText } from '../../src/server/edge/server-text';
import { call, describeEachEngine, suiteServer, type TestServer } from './harness';
import { shellOf, shellsDist, titleOf, unescapeHtml as unescape } from './primed-shells';

const PUBLIC_URL = 'https://lantern.example';
const page = site.catalog.page!;
const dist = shellsDist(LOCALES);
const config = {
  distDir: dist,
  primeBudgetMs: 60_000,
  mail: { ...loadConfig().mail, publicUrl: PUBLIC_URL },
};

type Row = Record<string, unknown>;

/** The `content` of every `<meta {attribute}="{key}">` of the page. */
const metaOf = (html: string, attribute: 'name' | 'property', key: string) =>
  [...html.matchAll(new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`, 'g'))].map(
    (match) => unescape(match[1]),
  );
const canonicalOf = (html: string) => [...html.matchAll(/<link rel="canonical" href="([^"]*)">/g)].map((m) => m[1]);
const alternatesOf = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)">/g)].map((m) => [m[1], m[2]]),
  );
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]) as Row,
  );

/** Google's rich-result rules, offline: the issues the validator finds in what the extractor reads of the page. */
async function richResultIssues(html: string) {
  const extracted = new WebAutoExtractor({ addLocation: true, embedSource: ['rdfa', 'microdata'] }).parse(html);
  return { extracted, issues: await new Validator().validate(extracted) };
}

/** Every public service, as a visitor's read lists it. */
async function publicServices(server: TestServer): Promise<Row[]> {
  const rows: Row[] = [];
  for (let from = 0; ; from += 1000) {
    const answer = await call(server, 'GET', `/api/${site.catalog.resource}?range=[${from},${from + 999}]`);
    expect(answer.status).toBe(200);
    rows.push(...(answer.body as Row[]));
    if ((answer.body as Row[]).length < 1000) return rows;
  }
}

/** The addresses of a sitemap file: each with its `lastmod` and language versions. */
function sitemapUrls(xml: string) {
  return [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?(.*?)<\/url>/g)].map((m) => ({
    loc: m[1],
    lastmod: m[2],
    languages: Object.fromEntries(
      [...m[3].matchAll(/<xhtml:link rel="alternate" hreflang="([^"]*)" href="([^"]*)"\/>/g)].map((l) => [l[1], l[2]]),
    ),
  }));
}

const itemVersions = (id: unknown) => ({
  ...Object.fromEntries(LOCALES.map((locale) => [locale, `${PUBLIC_URL}/${locale}/item/${id}`])),
  'x-default': `${PUBLIC_URL}/en/item/${id}`,
});
const homeVersions = {
  ...Object.fromEntries(LOCALES.map((locale) => [locale, `${PUBLIC_URL}/${locale}`])),
  'x-default': `${PUBLIC_URL}/`,
};

/** Every address the sitemap must hold for these services: each page in each language, and the homes. */
const expectedAddresses = (services: readonly Row[]) =>
  [
    ...LOCALES.map((locale) => `${PUBLIC_URL}/${locale}`),
    ...services.flatMap((row) => LOCALES.map((locale) => `${PUBLIC_URL}/${locale}/item/${row.id}`)),
  ].sort();

describeEachEngine('found on the web (SPEC §18)', (engine) => {
  const server = suiteServer({ engine, seed: 'small', config });

  async function featuredService(): Promise<Row> {
    const [row] = await publicServices(server);
    // Two prices, the cheaper one second, and published reviews: the offer is the lowest, the rating the public one.
    await sql`update "services" set
        "ticketTypes" = ${JSON.stringify([
          { code: 'ADULT', name: { en: 'Adult', lo: 'ຜູ້ໃຫຍ່' }, price: 45_000_000 },
          { code: 'CHILD', name: { en: 'Child', lo: 'ເດັກນ້ອຍ' }, price: 22_550_000 },
        ])}::jsonb,
        "price" = 45000000,
        "rating" = ${JSON.stringify({ average: 4.6, count: 5 })}::jsonb
      where "id" = ${Number(row.id)}`.execute(server.db);
    const answer = await call(server, 'GET', `/api/${site.catalog.resource}/${row.id}`);
    expect(answer.status).toBe(200);
    return answer.body as Row;
  }

  it('writes a service page’s head in each of its languages, absolute below PUBLIC_URL', async () => {
    const row = await featuredService();
    const cover = `${PUBLIC_URL}${responsiveImage((row.images as string[])[0], 1280).src}`;
    for (const locale of LOCALES) {
      const answer = await call(server, 'GET', `/${locale}/item/${row.id}`);
      expect(answer.status).toBe(200);
      const html = String(answer.body);
      expect(html.startsWith(`<!doctype html><html lang="${locale}">`)).toBe(true);
      const title = (row.title as Record<Locale, string>)[locale] || (row.title as Record<Locale, string>).en;
      const description = (row.description as Record<Locale, string>)[locale] || (row.description as Row).en;
      // One title, the service's, in place of the shell's.
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(unescape(titleOf(html)!)).toBe(`${title} · Lantern`);
      const [summary] = metaOf(html, 'name', 'description');
      expect(metaOf(html, 'name', 'description')).toHaveLength(1);
      const flat = String(description).replace(/\s+/g, ' ').trim();
      expect(flat.startsWith(summary.replace(/…$/, ''))).toBe(true);
      expect(summary.length).toBeGreaterThan(20);
      const canonical = `${PUBLIC_URL}/${locale}/item/${row.id}`;
      expect(canonicalOf(html)).toEqual([canonical]);
      expect(alternatesOf(html)).toEqual(itemVersions(row.id));
      expect(metaOf(html, 'property', 'og:title')).toEqual([`${title} · Lantern`]);
      expect(metaOf(html, 'property', 'og:description')).toEqual([summary]);
      expect(metaOf(html, 'property', 'og:url')).toEqual([canonical]);
      expect(metaOf(html, 'property', 'og:type')).toEqual([page.openGraphType]);
      expect(metaOf(html, 'property', 'og:locale')).toEqual([LOCALE_TAGS[locale].replace('-', '_')]);
      expect(metaOf(html, 'property', 'og:image')).toEqual([cover]);
      expect(metaOf(html, 'name', 'twitter:card')).toEqual(['summary_large_image']);
      expect(metaOf(html, 'name', 'twitter:image')).toEqual([cover]);
      // The head's own part comes before the app's first request: what a preview reads first.
      expect(html.indexOf('<link rel="canonical"')).toBeLessThan(html.indexOf('<script'));
    }
    // The cover answers an image (the demo's photos are stored files).
    const photo = await fetch(`${server.baseUrl}${cover.slice(PUBLIC_URL.length)}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toMatch(/^image\//);
  });

  it('carries a Product with its lowest price, availability and public rating, without a rich-result error', async () => {
    const row = await featuredService();
    for (const locale of LOCALES) {
      const html = String((await call(server, 'GET', `/${locale}/item/${row.id}`)).body);
      const [data] = jsonLdOf(html);
      expect(jsonLdOf(html)).toHaveLength(1);
      const url = `${PUBLIC_URL}/${locale}/item/${row.id}`;
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: (row.title as Record<Locale, string>)[locale] || (row.title as Row).en,
        url,
        image: [`${PUBLIC_URL}${responsiveImage((row.images as string[])[0], 1280).src}`],
        offers: {
          '@type': 'Offer',
          price: toMajor(22_550_000, String(row.currency)),
          priceCurrency: row.currency,
          url,
        },
        aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.6, reviewCount: 5 },
      });
      expect(String((data.description as string) ?? '')).toBe(
        String((row.description as Row)[locale] || (row.description as Row).en)
          .replace(/\s+/g, ' ')
          .trim(),
      );
      expect(String((data.offers as Row).availability)).toMatch(
        /^https:\/\/schema\.org\/(InStock|SoldOut|OutOfStock)$/,
      );
      const { extracted, issues } = await richResultIssues(html);
      expect(Object.keys(extracted.jsonld)).toEqual(['Product']);
      expect(issues.filter((issue) => issue.severity === 'ERROR')).toEqual([]);
    }
  });

  it('says a service is out of stock with no departure ahead, sold out when every one ahead is full, in stock while one has a seat', async () => {
    const [, row] = await publicServices(server);
    const id = Number(row.id);
    const availability = async () => {
      const seen = new Set<unknown>();
      for (const locale of LOCALES) {
        const html = String((await call(server, 'GET', `/${locale}/item/${id}`)).body);
        seen.add((jsonLdOf(html)[0].offers as Row).availability);
        const { issues } = await richResultIssues(html);
        expect(
          issues.filter((issue) => issue.severity === 'ERROR'),
          locale,
        ).toEqual([]);
      }
      expect(seen.size).toBe(1);
      return [...seen][0];
    };
    // Its departures all in the past: none ahead.
    await sql`update "schedules" set "startDate" = '2020-01-06', "endDate" = '2020-01-06'
      where "serviceId" = ${id}`.execute(server.db);
    expect(await availability()).toBe('https://schema.org/OutOfStock');
    // One ahead, every seat taken.
    const ahead = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const [departure] = (
      await sql<{ id: number }>`insert into "schedules"
          ("serviceId", "partnerId", "startDate", "endDate", "capacity", "seatsBooked", "currency", "status")
        select "id", "partnerId", ${ahead}, ${ahead}, 10, 10, "currency", 'open' from "services" where "id" = ${id}
        returning "id"`.execute(server.db)
    ).rows;
    expect(await availability()).toBe('https://schema.org/SoldOut');
    // A seat left on it.
    await sql`update "schedules" set "seatsBooked" = 9 where "id" = ${departure.id}`.execute(server.db);
    expect(await availability()).toBe('https://schema.org/InStock');
  });

  it('leaves out a rating no review has given', async () => {
    const [, row] = await publicServices(server);
    await sql`update "services" set "rating" = ${JSON.stringify({ average: null, count: 0 })}::jsonb
      where "id" = ${Number(row.id)}`.execute(server.db);
    const html = String((await call(server, 'GET', `/th/item/${row.id}`)).body);
    const [data] = jsonLdOf(html);
    expect(data.aggregateRating).toBeUndefined();
    expect(data.offers).toBeDefined();
    const { issues } = await richResultIssues(html);
    expect(issues.filter((issue) => issue.severity === 'ERROR')).toEqual([]);
  });

  it('gives a service without photos the page config’s picture, so its Product still has no rich-result error', async () => {
    const rows = await publicServices(server);
    expect(rows.length).toBeGreaterThan(3);
    const row = rows[rows.length - 1];
    await sql`update "services" set "images" = ${JSON.stringify([])}::jsonb where "id" = ${Number(row.id)}`.execute(
      server.db,
    );
    expect(page.fallbackImage).toMatch(/^\//);
    const picture = `${PUBLIC_URL}${page.fallbackImage}`;
    let html = '';
    for (const locale of LOCALES) {
      html = String((await call(server, 'GET', `/${locale}/item/${row.id}`)).body);
      expect(metaOf(html, 'property', 'og:image'), locale).toEqual([picture]);
      expect(metaOf(html, 'name', 'twitter:image'), locale).toEqual([picture]);
      const [data] = jsonLdOf(html);
      expect(data.image, locale).toEqual([picture]);
      const { issues } = await richResultIssues(html);
      expect(
        issues.filter((issue) => issue.severity === 'ERROR'),
        locale,
      ).toEqual([]);
    }
    // The checker is not blind: the same Product without an image is an error under Google's rules.
    const [data] = jsonLdOf(html);
    const bare = html.replace(
      JSON.stringify(data).replace(/</g, '\\u003c'),
      JSON.stringify({ ...data, image: undefined }),
    );
    expect(bare).not.toBe(html);
    const { issues } = await richResultIssues(bare);
    expect(issues.filter((issue) => issue.severity === 'ERROR').map((issue) => issue.fieldNames)).toContainEqual([
      'image',
    ]);
    // The picture is the site's own file (public/, copied into the build), a PNG of the size link previews draw.
    const file = await sharp(path.join('public', page.fallbackImage!)).metadata();
    expect(file).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });

  it('writes each home’s own title, description, canonical and language versions', async () => {
    const seen = new Set<string>();
    for (const locale of LOCALES) {
      const answer = await call(server, 'GET', `/${locale}`);
      expect(answer.status).toBe(200);
      const html = String(answer.body);
      const title = `${serverText(locale, 'app.tagline')} · Lantern`;
      expect(unescape(titleOf(html)!)).toBe(title);
      const [description] = metaOf(html, 'name', 'description');
      expect(description).toBe(page.home.description.map((key) => serverText(locale, key)).join(' — '));
      seen.add(`${title}|${description}`);
      expect(canonicalOf(html)).toEqual([`${PUBLIC_URL}/${locale}`]);
      expect(alternatesOf(html)).toEqual(homeVersions);
      expect(metaOf(html, 'property', 'og:url')).toEqual([`${PUBLIC_URL}/${locale}`]);
      expect(metaOf(html, 'property', 'og:locale')).toEqual([LOCALE_TAGS[locale].replace('-', '_')]);
    }
    // Five languages, five titles and descriptions.
    expect(seen.size).toBe(LOCALES.length);
  });

  it('writes a home’s head when its address carries a query (a shared link’s tracking, a search), canonical the bare home', async () => {
    for (const locale of LOCALES)
      for (const query of ['?utm_source=share&utm_medium=social', '?fbclid=abc123', '?q=boat']) {
        const url = `/${locale}${query}`;
        const answer = await call(server, 'GET', url);
        expect(answer.status, url).toBe(200);
        const html = String(answer.body);
        expect(unescape(titleOf(html)!), url).toBe(`${serverText(locale, 'app.tagline')} · Lantern`);
        expect(metaOf(html, 'name', 'description'), url).toEqual([
          page.home.description.map((key) => serverText(locale, key)).join(' — '),
        ]);
        expect(canonicalOf(html), url).toEqual([`${PUBLIC_URL}/${locale}`]);
        expect(alternatesOf(html), url).toEqual(homeVersions);
        expect(metaOf(html, 'property', 'og:url'), url).toEqual([`${PUBLIC_URL}/${locale}`]);
      }
  });

  it('writes the bare address’s head: the homes’ x-default, canonical itself, naming the five language versions', async () => {
    for (const url of ['/', '/?utm_source=share']) {
      const answer = await call(server, 'GET', url);
      expect(answer.status, url).toBe(200);
      const html = String(answer.body);
      expect(unescape(titleOf(html)!), url).toBe(`${serverText('en', 'app.tagline')} · Lantern`);
      expect(canonicalOf(html), url).toEqual([`${PUBLIC_URL}/`]);
      expect(alternatesOf(html), url).toEqual(homeVersions);
      expect(metaOf(html, 'property', 'og:url'), url).toEqual([`${PUBLIC_URL}/`]);
    }
  });

  it('answers 404 with the not-found page for a service that is not public', async () => {
    for (const locale of LOCALES) {
      const unknown = await call(server, 'GET', `/${locale}/item/987654321`);
      expect(unknown.status, locale).toBe(404);
      expect(String(unknown.body)).toBe(shellOf(locale));
    }
    const [, , row] = await publicServices(server);
    for (const status of ['pending', 'rejected']) {
      await sql`update "services" set "status" = ${status} where "id" = ${Number(row.id)}`.execute(server.db);
      for (const locale of LOCALES) {
        const answer = await call(server, 'GET', `/${locale}/item/${row.id}`);
        expect(answer.status, `${status} ${locale}`).toBe(404);
        expect(String(answer.body)).toBe(shellOf(locale));
      }
      // The sitemap does not name it.
      const xml = String((await call(server, 'GET', '/sitemap.xml')).body);
      expect(xml).not.toContain(`/item/${row.id}<`);
    }
    await sql`update "services" set "status" = 'approved' where "id" = ${Number(row.id)}`.execute(server.db);
    expect((await call(server, 'GET', `/en/item/${row.id}`)).status).toBe(200);
  });

  it('says noindex on the signed-in areas, signed in or not', async () => {
    const partner = await server.login('partner@example.com', 'Partner#2026');
    const pages: [string, string | undefined][] = [
      ...LOCALES.flatMap((locale) =>
        ['admin', 'partner', 'account', 'admin/orders', 'partner/orders', 'account/orders'].map(
          (area): [string, undefined] => [`/${locale}/${area}`, undefined],
        ),
      ),
      ['/en/partner', partner],
      ['/th/partner/orders', partner],
    ];
    for (const [url, cookie] of pages) {
      const answer = await call(server, 'GET', url, { cookie });
      expect(answer.status, url).toBe(200);
      expect(answer.headers.get('x-robots-tag'), url).toMatch(/noindex/);
    }
    // The public pages are for indexing.
    const [service] = await publicServices(server);
    for (const locale of LOCALES)
      for (const url of [`/${locale}`, `/${locale}/item/${service.id}`])
        expect((await call(server, 'GET', url)).headers.get('x-robots-tag'), url).toBeNull();
  });

  it('robots.txt names the sitemap and keeps crawlers out of the API and the signed-in areas', async () => {
    const answer = await call(server, 'GET', '/robots.txt');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = String(answer.body).split('\n');
    expect(lines).toContain('User-agent: *');
    for (const rule of ['Disallow: /api/', 'Disallow: /*/admin', 'Disallow: /*/partner', 'Disallow: /*/account'])
      expect(lines).toContain(rule);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('lists every public service page in every language with its versions, and the homes, with lastmod', async () => {
    const answer = await call(server, 'GET', '/sitemap.xml');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = String(answer.body);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9"/,
    );
    const urls = sitemapUrls(xml);
    const services = await publicServices(server);
    expect(services.length).toBeGreaterThan(1);
    expect(urls.map((url) => url.loc).sort()).toEqual(expectedAddresses(services));
    for (const url of urls) {
      expect(url.lastmod, url.loc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
      const id = /\/item\/(\d+)$/.exec(url.loc)?.[1];
      expect(url.languages, url.loc).toEqual(id ? itemVersions(id) : homeVersions);
    }
    // A service's lastmod is when it last changed.
    const [first] = services;
    const changed = await sql<{ updatedAt: Date | string }>`select "updatedAt" from "services"
      where "id" = ${Number(first.id)}`.execute(server.db);
    const lastmod = new Date(changed.rows[0].updatedAt).toISOString();
    expect(urls.find((url) => url.loc === `${PUBLIC_URL}/en/item/${first.id}`)?.lastmod).toBe(lastmod);
  });

  // A low limit stands for the protocol's 50,000: the same code splits the addresses past it.
  const small = suiteServer({ engine, seed: 'small', config: { ...config, sitemapUrlLimit: 7 } });

  it('is an index of sitemap files past its limit of addresses, together listing them all', async () => {
    // The limit a server starts with is the protocol's.
    expect(loadConfig({}).sitemapUrlLimit).toBe(50_000);
    const index = String((await call(small, 'GET', '/sitemap.xml')).body);
    expect(index).toMatch(/<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const files = [...index.matchAll(/<sitemap><loc>([^<]*)<\/loc>(?:<lastmod>[^<]*<\/lastmod>)?<\/sitemap>/g)].map(
      (m) => m[1],
    );
    const services = await publicServices(small);
    const expected = expectedAddresses(services);
    expect(files).toHaveLength(Math.ceil(expected.length / 7));
    const listed: string[] = [];
    for (const file of files) {
      expect(file.startsWith(`${PUBLIC_URL}/sitemaps/`)).toBe(true);
      const answer = await call(small, 'GET', file.slice(PUBLIC_URL.length));
      expect(answer.status).toBe(200);
      const urls = sitemapUrls(String(answer.body));
      expect(urls.length).toBeLessThanOrEqual(7);
      listed.push(...urls.map((url) => url.loc));
    }
    expect(listed.sort()).toEqual(expected);
    expect((await call(small, 'GET', `/sitemaps/${files.length + 1}.xml`)).status).toBe(404);
  });
});

// The protocol's own limit, not a stand-in: enough public services that their pages and the homes pass 50,000.
describeEachEngine('the sitemap past 50,000 addresses (SPEC §18)', (engine) => {
  const server = suiteServer({ engine, seed: 'small', config });
  const LIMIT = 50_000;

  it('is an index of files of at most 50,000 addresses, together listing every public page once', async () => {
    const before = await publicServices(server);
    const [model] = before;
    const wanted = Math.ceil((LIMIT + 1 - LOCALES.length) / LOCALES.length);
    const columns = (
      await sql<{ column_name: string }>`select column_name from information_schema.columns
        where table_name = 'services' and table_schema = current_schema() and column_name <> 'id'
          and is_generated = 'NEVER' and is_identity = 'NO'`.execute(server.db)
    ).rows.map((row) => sql.ref(row.column_name));
    // Copies of a public service, and 50 not public, which no file may name. A thousand rows a statement: each
    // well inside the statement timeout, and the server (in this process, over PGlite) answers between them.
    for (let left = wanted - before.length + 50; left > 0; left -= 1000)
      await sql`insert into "services" (${sql.join(columns)})
        select ${sql.join(columns)} from "services", generate_series(1, ${Math.min(left, 1000)})
        where "id" = ${Number(model.id)}`.execute(server.db);
    const hidden = await sql<{ id: number }>`update "services" set "status" = 'pending'
      where "id" in (select "id" from "services" order by "id" desc limit 50) returning "id"`.execute(server.db);
    const services = await publicServices(server);
    expect(services).toHaveLength(wanted);
    const expected = expectedAddresses(services);
    expect(expected.length).toBeGreaterThan(LIMIT);

    const index = await call(server, 'GET', '/sitemap.xml');
    expect(index.status).toBe(200);
    const files = [
      ...String(index.body).matchAll(/<sitemap><loc>([^<]*)<\/loc>(?:<lastmod>[^<]*<\/lastmod>)?<\/sitemap>/g),
    ].map((m) => m[1]);
    expect(String(index.body)).toMatch(/<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(files).toEqual([`${PUBLIC_URL}/sitemaps/1.xml`, `${PUBLIC_URL}/sitemaps/2.xml`]);
    const listed: string[] = [];
    for (const file of files) {
      const answer = await call(server, 'GET', file.slice(PUBLIC_URL.length));
      expect(answer.status).toBe(200);
      const body = String(answer.body);
      // The protocol's other bound: 50 MB a file, uncompressed.
      expect(Buffer.byteLength(body)).toBeLessThan(50 * 1024 * 1024);
      const locs = [...body.matchAll(/<url><loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
      expect(locs.length).toBeLessThanOrEqual(LIMIT);
      listed.push(...locs);
    }
    expect(listed.length).toBe(expected.length);
    expect(listed.sort()).toEqual(expected);
    const named = new Set(listed);
    for (const { id } of hidden.rows)
      for (const locale of LOCALES) expect(named.has(`${PUBLIC_URL}/${locale}/item/${id}`)).toBe(false);
  }, 600_000);
});
