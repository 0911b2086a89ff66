import type { Locale } from '../../core/locales';
import { canonicalApiPath, PRIMED_ELEMENT_ID, type PrimedAnswers } from '../../core/primed-answers';

let primed: PrimedAnswers | null | undefined;

function read(): PrimedAnswers | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(PRIMED_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PrimedAnswers;
  } catch {
    return null;
  }
}

/**
 * The server's answer to `GET /api/{path}`, sent inside the page (server/primed-answers.ts) to spare a phone the
 * round trip before the first screen. Each is used once: a later search of the same page asks the server again.
 */
export function takePrimed(
  path: string,
  locale: Locale,
): { body: unknown; headers: Headers; status: number } | undefined {
  if (primed === undefined) primed = read();
  if (!primed || primed.locale !== locale) return undefined;
  // The data provider's library spells a query its own way: the answer is found by the query, not the spelling.
  const key = canonicalApiPath(path);
  const answer = primed.answers[key];
  if (!answer) return undefined;
  delete primed.answers[key];
  const headers = new Headers();
  if (answer.contentRange) headers.set('Content-Range', answer.contentRange);
  return { body: answer.body, headers, status: answer.status ?? 200 };
}
