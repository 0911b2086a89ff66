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
    price: string;
    currency: string;
    /** A whole number of days. */
    duration?: string;
    /** Default sort of the cards. */
    sort: readonly [string, 'ASC' | 'DESC'];
    partner?: { field: string; resource: string; display: readonly string[] };
    filters: readonly CatalogFilter[];
    /** Dated occurrences of an item (e.g. departures), searchable by date. */
    occurrences?: {
      resource: string;
      field: string;
      start: string;
      capacity?: string;
      taken?: string;
      priceOverride?: string;
    };
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
