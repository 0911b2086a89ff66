/**
 * What a catalog item's public page (`/{locale}/item/{id}`) and the homes tell search engines and shared links of
 * themselves (SPEC §18): the head's title, description and photo, the schema.org type and how the public row's
 * fields fill it, and the column the sitemap dates each page by. The product's values live in the resource's
 * config (a `.server.ts` file: the browser never writes a head, so none of this is shipped to it); the server
 * (server/seo.ts) reads only this shape.
 */
export interface PublicPage {
  /** The public row's localized fields of the page's title and description. */
  title: string;
  description: string;
  /** The public row's photos (a list of stored URLs): the first is the cover of shared links and search results. */
  image: string;
  /**
   * The site's picture (a path below `PUBLIC_URL`, a file of `public/`) for a row without photos: shared links show
   * it, and Google's Product rich result requires an image.
   */
  fallbackImage?: string;
  /**
   * A column of the resource holding when a row last changed: the sitemap's `lastmod`. Read for the rows the
   * public read listed, and only those (it need not be a public field).
   */
  modified: string;
  /** Open Graph's `og:type` of an item's page. */
  openGraphType: string;
  /** Each home's title and description, as i18n keys (several keys: their texts joined). */
  home: { title: string; description: readonly string[] };
  /**
   * The page's JSON-LD: `@type` (one schema.org type or several, e.g. `['Product', 'TouristTrip']`); name,
   * description, image and url come from the fields above.
   */
  structuredData: {
    type: string | readonly string[];
    /**
     * One `Offer`: its price the lowest of the values these paths reach in the row (`field`, or `list.field`
     * through each row of a list), in the currency's major units, and the currency's field. Its availability comes
     * from the item's occurrences (departures) from today on, when the catalog has them.
     */
    offer?: { prices: readonly string[]; currency: string };
    /** An `aggregateRating` from a field holding the average and the count of published reviews (none: left out). */
    rating?: { field: string; value: string; count: string };
    /** The best rating a review can give (schema.org's `bestRating`). */
    bestRating?: number;
  };
}

export function definePublicPage(page: PublicPage): PublicPage {
  return page;
}

/** The values a path (`field` or `list.field`) reaches in a row. */
export function valuesAt(row: Record<string, unknown>, path: string): unknown[] {
  const [head, ...rest] = path.split('.');
  const value = row[head];
  if (!rest.length) return [value];
  const rows = Array.isArray(value) ? value : [value];
  return rows.flatMap((item) =>
    item && typeof item === 'object' ? valuesAt(item as Record<string, unknown>, rest.join('.')) : [],
  );
}
