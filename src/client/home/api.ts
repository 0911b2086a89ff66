import { listPath, type ListQuery } from '../../core/catalog-requests';
import { LOCALE_TAGS, type Locale } from '../../core/locales';
import { takePrimed } from '../shell/primed';

export type Row = Record<string, unknown> & { id: number };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

const errorMessageOf = (body: unknown) =>
  body && typeof body === 'object' && 'message' in body ? String(body.message) : '';

async function request<T>(path: string, locale: Locale, init?: RequestInit): Promise<{ body: T; headers: Headers }> {
  const primed = init ? undefined : takePrimed(path, locale);
  if (primed && primed.status !== 200) throw new ApiError(primed.status, errorMessageOf(primed.body));
  if (primed) return { body: primed.body as T, headers: primed.headers };
  const response = await fetch(`/api/${path}`, {
    credentials: 'same-origin',
    ...init,
    headers: { Accept: 'application/json', 'Accept-Language': LOCALE_TAGS[locale], ...init?.headers },
  });
  const text = await response.text();
  const body = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    throw new ApiError(response.status, body?.message ?? response.statusText, body?.errors);
  }
  return { body: body as T, headers: response.headers };
}

function listOf(body: Row[], headers: Headers) {
  const total = Number(headers.get('Content-Range')?.split('/').pop());
  return { data: body, total: Number.isFinite(total) ? total : body.length };
}

/** The simple-REST list protocol of SPEC §6, without react-admin (the home page stays light). */
export async function getList(resource: string, query: ListQuery, locale: Locale) {
  const { body, headers } = await request<Row[]>(listPath(resource, query), locale);
  return listOf(body, headers);
}

/** A list as a visitor reads it, whoever is signed in (no session cookie is sent): the public's view of a resource. */
export async function getPublicList(resource: string, query: ListQuery, locale: Locale) {
  const { body, headers } = await request<Row[]>(listPath(resource, query), locale, { credentials: 'omit' });
  return listOf(body, headers);
}

/** The list the server put inside the page for this request, at once (the first render can draw it). */
export function takePrimedList(resource: string, query: ListQuery, locale: Locale) {
  const primed = takePrimed(listPath(resource, query), locale);
  return primed?.status === 200 && Array.isArray(primed.body)
    ? listOf(primed.body as Row[], primed.headers)
    : undefined;
}

/** The record the server put inside the page for `GET /api/{path}`, at once. */
export function takePrimedOne(path: string, locale: Locale): Row | undefined {
  const primed = takePrimed(path, locale);
  return primed?.status === 200 && primed.body && typeof primed.body === 'object' ? (primed.body as Row) : undefined;
}

export async function getOne(resource: string, id: number | string, locale: Locale) {
  return (await request<Row>(`${resource}/${encodeURIComponent(String(id))}`, locale)).body;
}

/** Told after each `auth/…` request: it may have signed the visitor in or out (home/me.ts forgets its answer). */
const sessionListeners = new Set<() => void>();
export const onSessionChange = (listener: () => void) => void sessionListeners.add(listener);

export async function post<T>(path: string, payload: unknown, locale: Locale) {
  try {
    return (
      await request<T>(path, locale, {
        method: 'POST',
        body: JSON.stringify(payload),
        headers: { 'Content-Type': 'application/json' },
      })
    ).body;
  } finally {
    if (path.startsWith('auth/')) for (const listener of sessionListeners) listener();
  }
}
