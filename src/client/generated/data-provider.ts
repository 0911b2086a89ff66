import { fetchUtils, type DataProvider, type Identifier } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import type { Locale } from '../../core/locales';

export const API_URL = '/api';

/** `fetchJson` with the session cookie and the active language (the server localizes its messages by it). */
export function createHttpClient(getLocale: () => Locale) {
  return (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    headers.set('Accept-Language', getLocale());
    return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'include' });
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

/** The workflow and custom calls the generated views make beside react-admin's own methods. */
export interface LanternDataProvider extends DataProvider {
  /** Transitions the current user may run on the record now. */
  getActions(resource: string, id: Identifier): Promise<string[]>;
  runAction(resource: string, id: Identifier, action: string, body?: Record<string, unknown>): Promise<any>;
  /** A GET below `/api` (custom endpoints, settings, balances). */
  getJson<T = unknown>(path: string): Promise<T>;
  sendJson<T = unknown>(method: 'POST' | 'PUT', path: string, body: unknown): Promise<T>;
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
 * `ra-data-simple-rest` used as is; only the resource name changes on the way in, because the admin's
 * react-admin resources are named by their URL path (`accounts/user`) and the API by its name (`users`).
 */
export function createDataProvider(options: {
  getLocale: () => Locale;
  toApi?: (resource: string) => string;
}): LanternDataProvider {
  const http = createHttpClient(options.getLocale);
  const rest = simpleRestProvider(API_URL, http);
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
    getActions: async (resource, id) => {
      const { json } = await http(url(resource, id, 'actions'));
      return Array.isArray(json?.actions) ? json.actions : [];
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
  };
}
