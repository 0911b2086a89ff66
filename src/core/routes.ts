import type { Field } from './fields';
import { isLocale, type Locale } from './locales';
import type { AnyResource } from './resource';
import type { AccountKind } from './roles';

/**
 * The route table of SPEC §2 and the not-found distinction of SPEC §3, as pure data so the
 * server (HTTP status of the SPA page) and the client (which screen or error to render) agree.
 */

/** The signed-in areas, each the URL segment under `/{locale}/` and the key of its resources' `paths`. */
export const AREAS = ['admin', 'partner', 'account'] as const;
export type Area = (typeof AREAS)[number];

/** The kind of account each area is for: another kind signed in there gets the 403 page. */
export const AREA_KIND: Readonly<Record<Area, AccountKind>> = { admin: 'admin', partner: 'partner', account: 'user' };

export const isArea = (segment: string | undefined): segment is Area => AREAS.includes(segment as Area);

export type RouteKind = 'home' | 'login' | 'item' | Area | 'notFound';

export type RecordView = 'list' | 'edit' | 'show' | 'create';

export interface RouteMatch {
  kind: RouteKind;
  /** The locale of the URL prefix (absent on the bare `/` and on errors without a valid locale). */
  locale?: Locale;
  status: 200 | 404;
  /** SPEC §3: `Page not found: {path}` (nothing matches) or `Page Not Found: {path}` (parameters fail). */
  error?: string;
  /** Admin/partner: the path below the area's basename ('' for the entry screen). */
  subpath?: string;
  /** A fixed screen of an area (`dashboard`, `statistics`, `system`, `revenue`, `register`, `profile`). */
  screen?: string;
  /** The resource whose screen this is. */
  resource?: string;
  view?: RecordView;
  /** The resource's pre-filtered list (moderation queue) this screen belongs to. */
  queue?: string;
  /** A record id (numeric) or, for keyed resources, the key (e.g. a settings group). */
  id?: string;
}

export interface RouteOptions {
  resources: readonly AnyResource[];
}

/** Fixed (non-resource) screens of each area; '' is the area's entry. */
export const AREA_SCREENS: Readonly<Record<Area, readonly string[]>> = {
  admin: ['', 'dashboard', 'statistics', 'system', 'profile'],
  partner: ['', 'revenue', 'register', 'profile', 'check-in'],
  account: ['', 'profile'],
};

/**
 * Screens react-admin itself opens inside an area: `access-denied` when the account may not open a screen (its
 * `canAccess` said no; the area shows the 403 page there), `authentication-error` when that check failed.
 */
const FRAMEWORK_SCREENS: readonly string[] = ['access-denied', 'authentication-error'];

/**
 * The public account screens beside the sign-in (`/{locale}/{screen}`): they match as the login family, in the
 * light public shell.
 */
export const ACCOUNT_SCREENS: readonly string[] = ['signup', 'verify-email', 'password-reset'];

/** URL segment of the public detail page of a catalog item (`/{locale}/item/{id}`). */
export const ITEM_SEGMENT = 'item';

export const notFoundMessage = (path: string) => `Page not found: ${path}`;
export const invalidParamsMessage = (path: string) => `Page Not Found: ${path}`;

/** A first segment that has the shape of a language tag is read as a (possibly unknown) locale. */
const LOCALE_SHAPE = /^[a-z]{2}(?:[-_][a-z0-9]{2,4})?$/i;
const RECORD_ID = /^[1-9][0-9]{0,17}$/;
const FORM_TAB = /^[1-9][0-9]?$/;
const SHOW_TAB = /^[a-z][a-zA-Z0-9-]{0,39}$/;

/**
 * A resource opened by a key instead of a numeric id (e.g. settings by group): its `lookupField`,
 * when that field is an enum, lists the only valid keys.
 */
export function lookupKeys(resource: AnyResource): readonly string[] | undefined {
  const field = resource.lookupField;
  if (!field) return undefined;
  const config = resource.fields[field] as Field | undefined;
  return config && config.kind === 'enum' ? config.values : [];
}

type Outcome = { ok: true; match: Omit<RouteMatch, 'status' | 'locale' | 'kind'> } | { ok: false; params: boolean };

const miss: Outcome = { ok: false, params: false };
const badParams: Outcome = { ok: false, params: true };

function splitPath(path: string | null | undefined): string[] {
  return path ? path.split('/').filter(Boolean) : [];
}

function startsWith(segments: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= segments.length && prefix.every((part, i) => segments[i] === part);
}

/** `{path}`, `{path}/create`, `{path}/:id`, `{path}/:id/show`; a keyed resource: `{path}/:key` only. */
function matchResource(resource: AnyResource, rest: string[]): Outcome {
  const keys = lookupKeys(resource);
  if (keys) {
    if (rest.length === 0) return { ok: true, match: { resource: resource.name, view: 'list' } };
    if (rest.length === 1) {
      return keys.includes(rest[0])
        ? { ok: true, match: { resource: resource.name, view: 'edit', id: rest[0] } }
        : badParams;
    }
    return miss;
  }
  if (rest.length === 0) return { ok: true, match: { resource: resource.name, view: 'list' } };
  // Tabbed forms keep their tab index in the URL (`create/1`, `42/2`), tabbed show pages the tab's path
  // (`42/show/history`): they are the same screens.
  const formTab = (segment: string | undefined) => segment === undefined || FORM_TAB.test(segment);
  const showTab = (segment: string | undefined) => segment === undefined || SHOW_TAB.test(segment);
  if (
    rest[0] === 'create' &&
    rest.length <= 2 &&
    formTab(rest[1]) &&
    resource.create !== false &&
    !resource.serverOnly
  ) {
    return { ok: true, match: { resource: resource.name, view: 'create' } };
  }
  const show = rest[1] === 'show';
  if (
    rest.length === 1 ||
    (rest.length === 2 && (show || formTab(rest[1]))) ||
    (rest.length === 3 && show && showTab(rest[2]))
  ) {
    if (!RECORD_ID.test(rest[0])) return badParams;
    return { ok: true, match: { resource: resource.name, view: show ? 'show' : 'edit', id: rest[0] } };
  }
  return miss;
}

/**
 * Parametric families: master-data lists share the folder of their paths (`master-data/{id}`);
 * an unknown `{id}` there is a parameter failure, not an unmatched path.
 */
function masterDataFolders(resources: readonly AnyResource[]): string[][] {
  const folders = new Map<string, string[]>();
  for (const resource of resources) {
    const path = splitPath(resource.paths.admin);
    if (resource.masterData && path.length > 1) folders.set(path.slice(0, -1).join('/'), path.slice(0, -1));
  }
  return [...folders.values()];
}

function matchArea(area: Area, segments: string[], options: RouteOptions): Outcome {
  const joined = segments.join('/');
  if (AREA_SCREENS[area].includes(joined) || FRAMEWORK_SCREENS.includes(joined))
    return { ok: true, match: { screen: joined } };

  // The longest declared path wins, so `accounts/user` is not read as `accounts` + id.
  const candidates = options.resources
    .flatMap((resource) => [
      { resource, path: splitPath(resource.paths[area]), queue: undefined as string | undefined },
      ...(area === 'admin' ? (resource.queues ?? []) : []).map((queue) => ({
        resource,
        path: splitPath(queue.path),
        queue: queue.name,
      })),
    ])
    .filter((entry) => entry.path.length > 0 && startsWith(segments, entry.path))
    .sort((a, b) => b.path.length - a.path.length);
  let outcome: Outcome = miss;
  for (const { resource, path, queue } of candidates) {
    const result = matchResource(resource, segments.slice(path.length));
    if (result.ok) return queue ? { ok: true, match: { ...result.match, queue } } : result;
    if (result.params) outcome = badParams;
  }
  if (outcome !== miss) return outcome;

  if (area === 'admin') {
    for (const folder of masterDataFolders(options.resources)) {
      // `master-data/{id}` and its record pages, with an id that names no master-data list.
      const rest = segments.slice(folder.length);
      if (startsWith(segments, folder) && rest.length >= 1 && rest.length <= 3) return badParams;
    }
  }
  return miss;
}

function matchLocalized(segments: string[], options: RouteOptions): Outcome {
  const [first, ...rest] = segments;
  if (first === undefined) return { ok: true, match: {} };
  if ((first === 'login' || ACCOUNT_SCREENS.includes(first)) && rest.length === 0)
    return { ok: true, match: { screen: first } };
  if (first === ITEM_SEGMENT && rest.length === 1) {
    return RECORD_ID.test(rest[0]) ? { ok: true, match: { screen: ITEM_SEGMENT, id: rest[0] } } : badParams;
  }
  if (isArea(first)) return matchArea(first, rest, options);
  return miss;
}

function kindOf(segments: string[]): RouteKind {
  const [first] = segments;
  if (first === undefined) return 'home';
  if (first === 'login' || ACCOUNT_SCREENS.includes(first)) return 'login';
  if (first === ITEM_SEGMENT) return 'item';
  return first as RouteKind;
}

/** Matches a pathname (no query, no hash) against the route table of SPEC §2. */
export function matchRoute(pathname: string, options: RouteOptions): RouteMatch {
  const path = pathname || '/';
  const segments = splitPath(path);
  if (segments.length === 0) return { kind: 'home', status: 200 };

  const [prefix, ...rest] = segments;
  const result = matchLocalized(rest, options);
  if (isLocale(prefix)) {
    if (result.ok) {
      const kind = kindOf(rest);
      const match: RouteMatch = { kind, locale: prefix, status: 200, ...result.match };
      if (isArea(kind)) match.subpath = rest.slice(1).join('/');
      return match;
    }
    return {
      kind: 'notFound',
      locale: prefix,
      status: 404,
      error: result.params ? invalidParamsMessage(path) : notFoundMessage(path),
    };
  }
  // An unknown locale in front of a route that would otherwise match is a parameter failure.
  if (LOCALE_SHAPE.test(prefix) && (result.ok || result.params)) {
    return { kind: 'notFound', status: 404, error: invalidParamsMessage(path) };
  }
  return { kind: 'notFound', status: 404, error: notFoundMessage(path) };
}

/** The same path under another locale prefix (the bare `/` becomes `/{locale}`). */
export function withLocale(pathname: string, locale: Locale): string {
  const segments = splitPath(pathname);
  const rest = segments.length > 0 && isLocale(segments[0]) ? segments.slice(1) : segments;
  return '/' + [locale, ...rest].join('/');
}
