import type { AnyResource } from '../../core/resource';
import type { FieldNameOf, FilterOf, InputOf, RecordOf } from './types';

/** An error answer of the API (SPEC §6): the status, the message and a message per field. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ClientOptions {
  /** Origin of the API; the browser apps use their own (''). */
  baseUrl?: string;
  /** The active language: the server answers its messages in it. */
  locale?: () => string;
  /** Extra headers on every call (e.g. a session cookie outside the browser). */
  headers?: () => Record<string, string>;
}

export interface ListParams<R> {
  sort?: readonly [FieldNameOf<R>, 'ASC' | 'DESC'];
  /** Inclusive row range, as react-admin sends it. */
  range?: readonly [number, number];
  filter?: FilterOf<R>;
}

export async function requestJson<T>(
  options: ClientOptions,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers?.() };
  if (options.locale) headers['Accept-Language'] = options.locale();
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${options.baseUrl ?? ''}/api${path}`, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const data = text ? (JSON.parse(text) as unknown) : undefined;
  if (!response.ok) {
    const error = (data ?? {}) as { message?: string; errors?: Record<string, string> };
    throw new ApiError(response.status, error.message ?? response.statusText, error.errors);
  }
  return { data: data as T, headers: response.headers };
}

/**
 * A typed client of one resource, derived from its config: records, inputs, sort and filter fields are
 * checked by TypeScript (`resourceClient(services).list({ sort: ['price', 'ASC'] })`). The generated
 * screens use react-admin's data provider; custom screens and widgets use this.
 */
export function resourceClient<R extends { name: string }>(resource: R, options: ClientOptions = {}) {
  const base = `/${resource.name}`;
  const call = <T>(method: string, path: string, body?: unknown) =>
    requestJson<T>(options, method, path, body).then((r) => r.data);
  return {
    async list(params: ListParams<R> = {}): Promise<{ data: RecordOf<R>[]; total: number }> {
      const query = new URLSearchParams();
      if (params.sort) query.set('sort', JSON.stringify(params.sort));
      if (params.range) query.set('range', JSON.stringify(params.range));
      if (params.filter) query.set('filter', JSON.stringify(params.filter));
      const { data, headers } = await requestJson<RecordOf<R>[]>(options, 'GET', `${base}?${query}`);
      const total = Number(/\/(\d+)$/.exec(headers.get('Content-Range') ?? '')?.[1] ?? data.length);
      return { data, total };
    },
    get: (id: number | string) => call<RecordOf<R>>('GET', `${base}/${id}`),
    create: (values: InputOf<R>) => call<RecordOf<R>>('POST', base, values),
    update: (id: number | string, values: InputOf<R> & { version: number }) =>
      call<RecordOf<R>>('PUT', `${base}/${id}`, values),
    remove: (id: number | string) => call<RecordOf<R>>('DELETE', `${base}/${id}`),
    /** Transitions the caller may run on the record now. */
    actions: (id: number | string) =>
      call<{ actions: string[] }>('GET', `${base}/${id}/actions`).then((r) => r.actions),
    /** Runs a workflow transition; answers the updated record. */
    run: (id: number | string, action: ActionOf<R>, input: Record<string, unknown> = {}) =>
      call<RecordOf<R>>('POST', `${base}/${id}/actions/${action}`, input),
    /** A custom endpoint of the config: `/api/{name}/{id}/{endpoint}` or `/api/{name}/-/{endpoint}`. */
    endpoint: <T = unknown>(name: EndpointOf<R>, at: { id?: number | string; body?: unknown } = {}) =>
      call<T>(at.body === undefined ? 'GET' : 'POST', `${base}/${at.id ?? '-'}/${name}`, at.body),
  };
}

/** Transition names of a config (any string when the config's type does not keep them). */
export type ActionOf<R> = R extends { workflow?: { transitions: infer T } } ? Extract<keyof T, string> : string;
/** Custom endpoint names of a config. */
export type EndpointOf<R> = R extends { endpoints?: infer E } ? Extract<keyof NonNullable<E>, string> : string;

export type ResourceClient<R extends AnyResource> = ReturnType<typeof resourceClient<R>>;
