import type { Translate } from './fields';
import type { PublicPage } from './public-page';
/**
 * What the public pages (home catalog, partner sign-up) show, named by resource and field. The
 * product's values live in `resources/public-site.ts`; the home page code reads only this shape,
 * so it stays free of entity names and small (it does not import the resource configs).
 */
export interface CatalogFilter {
  /** i18n key under `app.home.` for the label, and `any…` text via `anyKey`. */
  labelKey: string;
  anyKey: string;
  /** The catalog's ref field and the public resource it points to. */
  field: string;
  resource: string;
  /** The referenced resource's localized display field and sort. */
  display: string;
  sort?: string;
}

export interface PublicSite {
  catalog: {
    resource: string;
    title: string;
    description?: string;
    images?: string;
    /** What the item's page and the homes tell search engines and shared links (a server-only config). */
    page?: PublicPage;
    price: string;
    currency: string;
    /** A whole number of days. */
    duration?: string;
    /** Where travellers meet (localized text). */
    place?: string;
    /**
     * The item's price categories (a list field of rows), the first the default: each a code, a localized name, a
     * price and optional ages. The booking form offers a stepper per category.
     */
    tickets?: { field: string; code: string; name: string; price: string; minAge?: string; maxAge?: string };
    /** Terms the item's page states in words, from one field (the cancellation terms). */
    terms?: { field: string; words: (value: unknown, translate: Translate) => string };
    /** Default sort of the cards. */
    sort: readonly [string, 'ASC' | 'DESC'];
    partner?: { field: string; resource: string; display: readonly string[] };
    filters: readonly CatalogFilter[];
    /** A field holding the item's `{average, count}` of published reviews (cards and the item page show it). */
    rating?: string;
    /**
     * What travellers said of an item, read as a visitor reads it (published ones only) on the item's page: the
     * resource, its reference to the item and the fields of each review.
     */
    reviews?: {
      resource: string;
      field: string;
      rating: string;
      text: string;
      author: string;
      locale: string;
      date: string;
      reply?: string;
    };
    /** Dated occurrences of an item (e.g. departures), searchable by date. */
    occurrences?: {
      resource: string;
      field: string;
      start: string;
      /** The start's hour, `HH:MM`. */
      time?: string;
      /** The occurrence's own meeting place (localized text); empty: the item's `place`. */
      place?: string;
      capacity?: string;
      taken?: string;
      priceOverride?: string;
      /** The occurrence's own price by category code (`{CODE: amount}`); a code not named: the category's price. */
      priceOverrides?: string;
    };
  };
  /**
   * Booking an occurrence on the item's page: `POST /api/{resource}` with the occurrence's id in `occurrence`, the
   * seats in `seats` and the contact fields prefilled from the signed-in account's row (`account.resource`, field
   * by field). The server prices it; the new record opens at `/{locale}/{area}/{path}/{id}`.
   */
  booking?: {
    resource: string;
    occurrence: string;
    seats: string;
    /** Seats by category: `POST` sends `{[field]: [{[type]: code, [quantity]: n}, …]}` (categories with none left out). */
    lines?: { field: string; type: string; quantity: string };
    /** The most seats one booking may ask for. */
    maxSeats: number;
    /** Which accounts book, and where their bookings are: the area and the resource's path there. */
    account: { kind: string; resource: string; area: string; path: string };
    /** Booking field → the account's field it starts from. */
    contact: Readonly<Record<string, { from: string; kind: 'text' | 'email' | 'phone' }>>;
  };
  /**
   * The customer sign-up form (`/{locale}/signup`, `POST /api/auth/signup`): the fields of the account resource
   * whose `account.signUp` the server creates, labelled by that resource.
   */
  accountSignUp?: {
    resource: string;
    fields: readonly { name: string; kind: 'text' | 'email' | 'password' | 'phone'; required?: boolean }[];
  };
  signUp?: {
    /** `POST /api/{resource}/-/{endpoint}`. */
    resource: string;
    endpoint: string;
    fields: readonly { name: string; kind: 'text' | 'email' | 'password' | 'phone'; required?: boolean }[];
  };
}

export function definePublicSite(site: PublicSite): PublicSite {
  return site;
}
