import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CARD_IMAGE_SIZES, firstScreenPaths } from '../core/catalog-requests';
import { responsiveImage } from '../core/images';
import { LOCALE_TAGS, type Locale } from '../core/locales';
import { PRIMED_ELEMENT_ID, type PrimedAnswers } from '../core/primed-answers';
import type { PublicSite } from '../core/public-site';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
// Inside <script> only `</script` and `<!--` end or bend the element; no `<` at all means neither can occur.
const escapeScript = (json: string) => json.replace(/</g, '\\u003c');

/**
 * What the home page opened with no search shows first, answered by the server before it sends the page: the
 * catalog's first page and the search filters' options go inside the page (client/home/primed.ts takes them
 * instead of fetching), and the first card's photo, the page's largest paint on a phone, is preloaded from the
 * head. On slow 4G this spares the round trips the script would otherwise wait for before the photo could even
 * start. The answers are the API's own (`inject` runs the route with the visitor's cookie and language), so
 * they hold exactly what the page's own requests would have returned; one that fails is left to the page.
 */
export async function primedHomeHead(
  app: FastifyInstance,
  request: FastifyRequest,
  locale: Locale,
  site: PublicSite,
  budgetMs: number,
): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  // Past the budget the page goes out plain and fetches for itself, as it would without priming; the answers
  // still on their way are dropped when they come.
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(''), budgetMs);
  });
  try {
    return await Promise.race([primedHead(app, request, locale, site), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function primedHead(
  app: FastifyInstance,
  request: FastifyRequest,
  locale: Locale,
  site: PublicSite,
): Promise<string> {
  const { catalogPage, filterOptions } = firstScreenPaths(site);
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': LOCALE_TAGS[locale] };
  if (request.headers.cookie) headers.cookie = request.headers.cookie;
  const primed: PrimedAnswers = { locale, answers: {} };
  await Promise.all(
    [catalogPage, ...filterOptions].map(async (path) => {
      const answer = await app.inject({ method: 'GET', url: `/api/${path}`, headers });
      if (answer.statusCode !== 200) return;
      const contentRange = answer.headers['content-range'];
      primed.answers[path] = {
        body: answer.json(),
        ...(typeof contentRange === 'string' ? { contentRange } : {}),
      };
    }),
  );
  const rows = primed.answers[catalogPage]?.body;
  const firstImage = site.catalog.images && Array.isArray(rows) ? rows[0]?.[site.catalog.images]?.[0] : undefined;
  let head = `<script type="application/json" id="${PRIMED_ELEMENT_ID}">${escapeScript(JSON.stringify(primed))}</script>`;
  if (typeof firstImage === 'string') {
    const image = responsiveImage(firstImage);
    head +=
      `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(image.src)}"` +
      (image.srcSet
        ? ` imagesrcset="${escapeAttribute(image.srcSet)}" imagesizes="${escapeAttribute(CARD_IMAGE_SIZES)}"`
        : '') +
      '>';
  }
  return head;
}
