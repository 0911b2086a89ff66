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
