import { fetchUtils, HttpError, type DataProvider, type Identifier } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import type { Locale } from '../../core/locales';
import { takePrimed } from '../shell/primed';
import { faultOfAnswer, recordFault } from './faults';
import { noteOwnWrite } from './live-events';

export const API_URL = '/api';

/**
 * react-admin's `fetchJson` (same answer, same `HttpError`), with the session cookie and the active language (the
 * server localizes its messages by it), and the answers to a sick database turned into retryable faults
 * (faults.ts): telling a busy 409 from a stale-version 409 takes the response's headers, which `fetchJson` drops.
 */
export function createHttpClient(getLocale: () => Locale) {
  const http = async (
    url: string,
    options: fetchUtils.Options = {},
  ): Promise<{ status: number; headers: Headers; body: string; json: any }> => {
    const headers = fetchUtils.createHeadersFromOptions({ ...options, headers: new Headers(options.headers) });
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    headers.set('Accept-Language', getLocale());
    const method = (options.method ?? 'GET').toUpperCase();
    // The server ran the page's first reads before sending it (server/primed-answers.ts): each is used once.
    const primed =
      method === 'GET' && url.startsWith(`${API_URL}/`)
        ? takePrimed(url.slice(API_URL.length + 1), getLocale())
        : undefined;
    if (primed?.status === 200)
      return { status: 200, headers: primed.headers, body: JSON.stringify(primed.body), json: primed.body };
    // A write is sent again by the toast's Retry; a read is fetched again by the refresh that follows it.
    const replay = method === 'GET' ? undefined : () => http(url, options);
    let response: Response;
    try {
      response = await fetch(url, { ...options, headers, credentials: 'include' });
    } catch {
      throw recordFault({ kind: 'unavailable', replay }, 0, null);
    }
    const body = await response.text();
    let json: any;
    try {
      json = JSON.parse(body);
    } catch {
      // Not JSON (a proxy's error page): the status says enough.
    }
    if (response.status >= 200 && response.status < 300) {
      if (method !== 'GET') noteOwnWrite(url, json);
      return { status: response.status, headers: response.headers, body, json };
    }
    const fault = faultOfAnswer(response.status, response.headers);
    if (fault) throw recordFault({ kind: fault, replay }, response.status, json);
    throw new HttpError(json?.message || response.statusText, response.status, json);
  };
  return http;
}

export type HttpClient = ReturnType<typeof createHttpClient>;

/** The workflow and custom calls the generated views make beside react-admin's own methods. */
/** A transition that needs several signatures on this record (SPEC §8), as `GET …/actions` describes it. */
export interface SignatureState {
  required: number;
  signed: { adminId: number; at: string; name: string }[];
  /** The signed-in admin has signed already. */
  mine: boolean;
}

export interface ActionsAnswer {
  actions: string[];
  signatures: Record<string, SignatureState>;
}

export interface LanternDataProvider extends DataProvider {
  /** Transitions the current user may run on the record now, and the signatures of those that need several. */
  getActions(resource: string, id: Identifier): Promise<ActionsAnswer>;
  runAction(resource: string, id: Identifier, action: string, body?: Record<string, unknown>): Promise<any>;
  /** A GET below `/api` (custom endpoints, settings, balances). */
  getJson<T = unknown>(path: string): Promise<T>;
  sendJson<T = unknown>(method: 'POST' | 'PUT', path: string, body: unknown): Promise<T>;
  /** A multipart POST below `/api` (a file for an endpoint). */
  sendForm<T = unknown>(path: string, form: FormData): Promise<T>;
}

const RA_METHODS = [
  'getList',
  'getOne',
  'getMany',
  'getManyReference',
  'update',
  'updateMany',
  'create',
  'delete',
  'deleteMany',
] as const;

/**
 * The `meta` a generated list gives its reads: its own order, the config's `list.sort`. react-admin always asks a
 * sort; a search in the list's own order is asked without it, so the API puts the records whose title holds every
 * word first, each group in that order (SPEC §17). A sort the user chose is asked as it is.
 */
export type ListMeta = Record<string, unknown> & { ownSort?: readonly [string, string] };

export const listMeta = (config: { list: { sort: readonly [string, string] } }): ListMeta => ({
  ownSort: config.list.sort,
});

/**
 * A `q` with a letter or a digit: punctuation alone is no word. The same test as the home's (`searchesWords`,
 * core/catalog-requests.ts), written here again: importing it splits a chunk out of what the home and the areas share,
 * one more script on every page (+1.3 KB on the admin's wire, over its budget).
 */
const searchesWords = (filter: unknown) => {
  const q = filter && typeof filter === 'object' ? (filter as Record<string, unknown>).q : undefined;
  return (typeof q === 'string' || typeof q === 'number') && /[\p{L}\p{N}]/u.test(String(q));
};

function withoutSort(url: string): string {
  const [path, query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  params.delete('sort');
  return `${path}?${params}`;
}

/**
 * `ra-data-simple-rest` used as is; only the resource name changes on the way in, because the admin's
 * react-admin resources are named by their URL path (`accounts/user`) and the API by its name (`users`).
 */
export function createDataProvider(options: {
  getLocale: () => Locale;
  toApi?: (resource: string) => string;
}): LanternDataProvider {
  const http = createHttpClient(options.getLocale);
  const rest = simpleRestProvider(API_URL, http);
  // The same reads, a list's URL written without its sort (a search in the list's own order: ListMeta).
  const unsorted = simpleRestProvider(API_URL, (url, init) => http(withoutSort(url), init));
  const toApi = options.toApi ?? ((name: string) => name);
  const mapped = Object.fromEntries(
    RA_METHODS.map((method) => [
      method,
      (resource: string, params: unknown) =>
        (rest[method] as (r: string, p: unknown) => Promise<unknown>)(toApi(resource), params),
    ]),
  ) as unknown as DataProvider;
  const url = (resource: string, id: Identifier, ...rest: string[]) =>
    [API_URL, toApi(resource), encodeURIComponent(String(id)), ...rest.map(encodeURIComponent)].join('/');
  return {
    ...mapped,
    getList: (resource, params) => {
      const own = (params.meta as ListMeta | undefined)?.ownSort;
      const ranked =
        own && searchesWords(params.filter) && params.sort?.field === own[0] && params.sort?.order === own[1];
      return (ranked ? unsorted : rest).getList(toApi(resource), params);
    },
    getActions: async (resource, id) => {
      const { json } = await http(url(resource, id, 'actions'));
      return { actions: Array.isArray(json?.actions) ? json.actions : [], signatures: json?.signatures ?? {} };
    },
    runAction: async (resource, id, action, body = {}) => {
      const { json } = await http(url(resource, id, 'actions', action), {
        method: 'POST',
        body: JSON.stringify(body),
      });
      return json;
    },
    getJson: async (path) => (await http(`${API_URL}${path}`)).json,
    sendJson: async (method, path, body) =>
      (await http(`${API_URL}${path}`, { method, body: JSON.stringify(body) })).json,
    sendForm: async (path, form) => (await http(`${API_URL}${path}`, { method: 'POST', body: form })).json,
  };
}
