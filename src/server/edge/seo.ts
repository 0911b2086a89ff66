import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { listPath } from '../../core/catalog-requests';
import { toMajor } from '../../core/format';
import { responsiveImage } from '../../core/images';
import {
  FALLBACK_LOCALE,
  LOCALE_TAGS,
  LOCALES,
  pickLocalized,
  type Locale,
  type LocalizedText,
} from '../../core/locales';
import { valuesAt, type PublicPage } from '../../core/public-page';
import type { PublicSite } from '../../core/public-site';
import { tableName, type AnyResource } from '../../core/resource';
import { PRODUCT_NAME, screenTitle } from '../../core/page-title';
import { AREAS, ITEM_SEGMENT } from '../../core/routes';
import { escapeHtml } from './first-paint';
import { serverText } from './server-text';

type Row = Record<string, unknown>;

/** Search results cut a description near 160 characters: a longer one is cut at a word, and says so. */
const DESCRIPTION_LENGTH = 160;

/** A cover photo in shared links: the rendition nearest this width (previews are drawn up to about 1200 px). */
const SHARED_PHOTO_WIDTH = 1280;

/** Rows one public read asks for while the sitemap is drawn up (the list's largest page). */
const SITEMAP_READ_PAGE = 1_000;

const SCHEMA = 'https://schema.org/';

const homePath = (locale: Locale) => `/${locale}`;
const itemPath = (locale: Locale, id: string | number) => `/${locale}/${ITEM_SEGMENT}/${id}`;

/** `og:locale` spells a language tag with an underscore (`en_US`). */
const openGraphLocale = (locale: Locale) => LOCALE_TAGS[locale].replace('-', '_');

function shortened(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_LENGTH) return flat;
  const cut = flat.slice(0, DESCRIPTION_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  // Scripts written without spaces between words (Lao, Thai, Chinese) are cut where the length says.
  return `${space > DESCRIPTION_LENGTH / 2 ? cut.slice(0, space) : cut}…`;
}

const absolute = (publicUrl: string, url: string) => (/^https?:\/\//.test(url) ? url : `${publicUrl}${url}`);

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

/**
 * The language versions of a page: one `alternate` per locale and the `x-default` a visitor of no listed
 * language lands on.
 */
const alternates = (publicUrl: string, pathOf: (locale: Locale) => string, fallback: string) => [
  ...LOCALES.map((locale): { hreflang: string; href: string } => ({
    hreflang: locale,
    href: `${publicUrl}${pathOf(locale)}`,
  })),
  { hreflang: 'x-default', href: `${publicUrl}${fallback}` },
];

interface Head {
  locale: Locale;
  title: string;
  description: string;
  canonical: string;
  languages: readonly { hreflang: string; href: string }[];
  type: string;
  image?: string;
}

/** The head's own part of a page: its title, description, address, language versions and preview card. */
function headTags({ locale, title, description, canonical, languages, type, image }: Head): string {
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    ...languages.map(
      ({ hreflang, href }) => `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}">`,
    ),
    meta('property', 'og:type', type),
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:locale', openGraphLocale(locale)),
    ...LOCALES.filter((other) => other !== locale).map((other) =>
      meta('property', 'og:locale:alternate', openGraphLocale(other)),
    ),
    ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', title)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
  ].join('');
}

/**
 * A home's head (`/{locale}`), in its language; its `x-default` is the bare `/`, which picks the visitor's. Without
 * a locale, the bare `/`'s own: the fallback language's words, canonical itself, the same language versions (the
 * x-default page names them too, as hreflang asks of every page it lists).
 */
export function homeHead(page: PublicPage, publicUrl: string, locale?: Locale): string {
  const words = locale ?? FALLBACK_LOCALE;
  return headTags({
    locale: words,
    title: screenTitle(serverText(words, page.home.title)),
    description: page.home.description.map((key) => serverText(words, key)).join(' — '),
    canonical: `${publicUrl}${locale ? homePath(locale) : '/'}`,
    languages: alternates(publicUrl, homePath, '/'),
    type: 'website',
  });
}

/** What an item's page says of itself, from its public row as a visitor reads it in the page's language. */
export interface ItemPage {
  id: string;
  row: Row;
  /** Its occurrences (departures) from today on, as the page reads them; undefined: not read. */
  occurrences?: readonly Row[];
  /** Its seller's name (the Product's brand). */
  seller?: string;
}

function itemFacts(site: PublicSite, page: PublicPage, publicUrl: string, locale: Locale, item: ItemPage) {
  const text = (field: string) => pickLocalized(item.row[field] as LocalizedText, locale);
  const title = text(page.title);
  const images = item.row[page.image];
  const cover = Array.isArray(images) && typeof images[0] === 'string' ? images[0] : undefined;
  return {
    title,
    description: text(page.description).replace(/\s+/g, ' ').trim() || title,
    canonical: `${publicUrl}${itemPath(locale, item.id)}`,
    image: cover
      ? absolute(publicUrl, responsiveImage(cover, SHARED_PHOTO_WIDTH).src)
      : page.fallbackImage && absolute(publicUrl, page.fallbackImage),
    availability: availability(site, item.occurrences),
  };
}

/**
 * Whether a place can be booked: a departure ahead with a seat left is in stock; departures ahead that are all
 * full are sold out; none ahead, out of stock. A catalog without occurrences sells at any time.
 */
function availability(site: PublicSite, occurrences: readonly Row[] | undefined): string {
  const occ = site.catalog.occurrences;
  if (!occ || !occurrences) return `${SCHEMA}InStock`;
  if (!occurrences.length) return `${SCHEMA}OutOfStock`;
  const open = occurrences.some((row) => {
    const capacity = occ.capacity ? Number(row[occ.capacity]) : NaN;
    const taken = occ.taken ? Number(row[occ.taken] ?? 0) : 0;
    return !Number.isFinite(capacity) || capacity - taken > 0;
  });
  return `${SCHEMA}${open ? 'InStock' : 'SoldOut'}`;
}

/** The item's JSON-LD object (schema.org), as the page's script carries it. */
export function itemStructuredData(
  site: PublicSite,
  page: PublicPage,
  publicUrl: string,
  locale: Locale,
  item: ItemPage,
): Row {
  const facts = itemFacts(site, page, publicUrl, locale, item);
  const { type, offer, rating, bestRating } = page.structuredData;
  const data: Row = {
    '@context': 'https://schema.org',
    '@type': type,
    '@id': facts.canonical,
    name: facts.title,
    description: facts.description,
    url: facts.canonical,
    sku: item.id,
  };
  if (facts.image) data.image = [facts.image];
  if (item.seller) data.brand = { '@type': 'Brand', name: item.seller };
  if (offer) {
    const currency = String(item.row[offer.currency] ?? '');
    const prices = offer.prices
      .flatMap((path) => valuesAt(item.row, path))
      .filter((value): value is number | string => value !== null && value !== '' && Number.isFinite(Number(value)))
      .map(Number);
    if (currency && prices.length)
      data.offers = {
        '@type': 'Offer',
        price: toMajor(Math.min(...prices), currency),
        priceCurrency: currency,
        availability: facts.availability,
        url: facts.canonical,
      };
  }
  if (rating) {
    const held = item.row[rating.field] as Row | null | undefined;
    const value = Number(held?.[rating.value]);
    const count = Number(held?.[rating.count]);
    if (held?.[rating.value] !== null && Number.isFinite(value) && Number.isInteger(count) && count > 0)
      data.aggregateRating = {
        '@type': 'AggregateRating',
        ratingValue: value,
        reviewCount: count,
        ...(bestRating ? { bestRating, worstRating: 1 } : {}),
      };
  }
  return data;
}

// Inside <script> only `</script` and `<!--` end or bend the element; no `<` at all means neither can occur.
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * An item's page (`/{locale}/item/{id}`): `head` goes where the shell's title was (its title, description,
 * address, language versions and preview card); `data` is its JSON-LD, for the end of the head.
 */
export function itemHead(
  site: PublicSite,
  page: PublicPage,
  publicUrl: string,
  locale: Locale,
  item: ItemPage,
): { head: string; data: string } {
  const facts = itemFacts(site, page, publicUrl, locale, item);
  return {
    head: headTags({
      locale,
      title: screenTitle(facts.title),
      description: shortened(facts.description),
      canonical: facts.canonical,
      languages: alternates(publicUrl, (other) => itemPath(other, item.id), itemPath(FALLBACK_LOCALE, item.id)),
      type: page.openGraphType,
      image: facts.image,
    }),
    data:
      `<script type="application/ld+json">` +
      `${scriptJson(itemStructuredData(site, page, publicUrl, locale, item))}</script>`,
  };
}

/** The shell's own title and description (index.html's), which a page that writes its head replaces. */
const SHELL_TITLE = /<title>[^<]*<\/title>/;
const SHELL_DESCRIPTION = /\s*<meta name="description"[^>]*>/;

/** The shell with the page's own head where its title was (early, where crawlers and previews read first). */
export function withHead(html: string, head: string): string {
  if (!head) return html;
  const stripped = html.replace(SHELL_DESCRIPTION, '');
  return SHELL_TITLE.test(stripped)
    ? stripped.replace(SHELL_TITLE, head)
    : stripped.replace('</head>', `${head}</head>`);
}

/** `robots.txt` (SPEC §18): the API and the signed-in areas are not for crawlers; the sitemap is named. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    ...AREAS.map((area) => `Disallow: /*/${area}`),
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** One address of the sitemap with its language versions. */
interface SitemapUrl {
  loc: string;
  lastmod?: string;
  languages: readonly { hreflang: string; href: string }[];
}

const xml = (text: string) => escapeHtml(text).replace(/'/g, '&apos;');

function urlset(urls: readonly SitemapUrl[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls
      .map(
        ({ loc, lastmod, languages }) =>
          `<url><loc>${xml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}` +
          languages
            .map(({ hreflang, href }) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${xml(href)}"/>`)
            .join('') +
          '</url>\n',
      )
      .join('') +
    '</urlset>\n'
  );
}

function sitemapIndex(publicUrl: string, files: number, lastmod: string | undefined): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    Array.from(
      { length: files },
      (_, i) =>
        `<sitemap><loc>${xml(`${publicUrl}/sitemaps/${i + 1}.xml`)}</loc>` +
        `${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>\n`,
    ).join('') +
    '</sitemapindex>\n'
  );
}

/**
 * Every public item, as a visitor's read lists it (`GET /api/{resource}` without a session, page by page): what
 * that read does not list is not public and never named. Each with when it last changed, read for those ids only.
 */
async function publicItems(
  app: FastifyInstance,
  db: Kysely<any>,
  site: PublicSite,
  resource: AnyResource | undefined,
  page: PublicPage,
): Promise<{ id: string; modified?: string }[]> {
  const ids: string[] = [];
  for (let from = 0; ; from += SITEMAP_READ_PAGE) {
    const answer = await app.inject({
      method: 'GET',
      url: `/api/${listPath(site.catalog.resource, { sort: ['id', 'ASC'], range: [from, from + SITEMAP_READ_PAGE - 1] })}`,
      headers: { accept: 'application/json' },
    });
    if (answer.statusCode !== 200) throw new Error(`the public read answered ${answer.statusCode}`);
    const rows = answer.json() as Row[];
    ids.push(...rows.map((row) => String(row.id)));
    if (rows.length < SITEMAP_READ_PAGE) break;
  }
  const modified = new Map<string, string>();
  if (resource)
    for (let at = 0; at < ids.length; at += SITEMAP_READ_PAGE) {
      const chunk = ids.slice(at, at + SITEMAP_READ_PAGE).map(Number);
      const rows = (await db
        .selectFrom(tableName(resource))
        .select(['id', page.modified])
        .where('id', 'in', chunk)
        .execute()) as Row[];
      for (const row of rows) {
        const value = row[page.modified];
        const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
        if (date && !Number.isNaN(date.getTime())) modified.set(String(row.id), date.toISOString());
      }
    }
  return ids.map((id) => ({ id, modified: modified.get(id) }));
}

/**
 * The sitemap's files (SPEC §18): each public item's page in every language with its language versions, and the
 * homes, absolute, with `lastmod`. Up to `limit` addresses one file; past it, file 0 is the index of the others.
 */
export async function sitemapFiles(
  app: FastifyInstance,
  db: Kysely<any>,
  site: PublicSite,
  resources: readonly AnyResource[],
  publicUrl: string,
  limit: number,
): Promise<(file: number) => string | undefined> {
  const page = site.catalog.page!;
  const resource = resources.find((candidate) => candidate.name === site.catalog.resource);
  const items = await publicItems(app, db, site, resource, page);
  const newest = items.reduce<string | undefined>(
    (latest, item) => (item.modified && (!latest || item.modified > latest) ? item.modified : latest),
    undefined,
  );
  const homes = alternates(publicUrl, homePath, '/');
  const urls: SitemapUrl[] = [
    ...LOCALES.map((locale) => ({
      loc: `${publicUrl}${homePath(locale)}`,
      lastmod: newest ?? new Date().toISOString(),
      languages: homes,
    })),
    ...items.flatMap(({ id, modified }) => {
      const languages = alternates(publicUrl, (locale) => itemPath(locale, id), itemPath(FALLBACK_LOCALE, id));
      return LOCALES.map((locale) => ({ loc: `${publicUrl}${itemPath(locale, id)}`, lastmod: modified, languages }));
    }),
  ];
  if (urls.length <= limit) return (file) => (file === 0 ? urlset(urls) : undefined);
  const files = Math.ceil(urls.length / limit);
  return (file) =>
    file === 0
      ? sitemapIndex(publicUrl, files, newest)
      : file <= files
        ? urlset(urls.slice((file - 1) * limit, file * limit))
        : undefined;
}
