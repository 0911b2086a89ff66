import type { Locale } from './locales';

/** The element of a page that carries the server's primed answers (JSON). */
export const PRIMED_ELEMENT_ID = 'lt-primed';

/**
 * Answers to `GET /api/{path}` the server ran for a page before sending it, in the page's locale. `status` only
 * when it is not 200: a refusal the page expects (`auth/me` of a visitor who is not signed in).
 */
export interface PrimedAnswers {
  locale: Locale;
  answers: Record<string, { body: unknown; contentRange?: string; status?: number }>;
}

/** What every signed-in area asks first, below `/api`: the account and what it may do (SPEC §6). */
export const AREA_FIRST_READ = 'auth/me';

/**
 * One spelling of a read below `/api`: its parameters in name order, encoded alike. The data provider's library
 * and the server's own paths encode the same query differently; a primed answer is found by this form.
 */
export function canonicalApiPath(path: string): string {
  const at = path.indexOf('?');
  if (at === -1) return path;
  const params = [...new URLSearchParams(path.slice(at + 1))].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${path.slice(0, at)}?${new URLSearchParams(params)}`;
}
