/**
 * The primed-page suites' built client: shells that name themselves (so a test can tell which one the server
 * chose), and readers of what the server put into a page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { PRIMED_ELEMENT_ID, type PrimedAnswers } from '../../src/core/primed-answers';

export const shellOf = (name: string) =>
  `<!doctype html><html lang="${name.slice(0, 2)}"><head><title>${name}</title>` +
  '<script type="module" crossorigin src="/assets/app.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/chunk.js"></head>' +
  '<body><div id="root"></div></body></html>';

/** A `dist` folder of the file's own with `index.html` (the Lao home) and these shells; gone after the file. */
export function shellsDist(shells: readonly string[]): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-primed-'));
  fs.mkdirSync(path.join(dist, 'shells'));
  fs.writeFileSync(path.join(dist, 'index.html'), shellOf('lo'));
  for (const name of shells) fs.writeFileSync(path.join(dist, 'shells', `${name}.html`), shellOf(name));
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
  return dist;
}

const PRIMED = new RegExp(`<script type="application/json" id="${PRIMED_ELEMENT_ID}">(.*?)</script>`, 's');
export const primedOf = (html: string): PrimedAnswers | undefined => {
  const json = PRIMED.exec(html)?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as PrimedAnswers);
};
const BODY = /<div id="root">(.*?)<\/div>((?:<div class="lt-first-paint lt-held-paint"[^>]*>.*)?)<\/body>/s;
/** What the server drew inside the app's root. */
export const rootOf = (html: string) => BODY.exec(html)?.[1];
/** The layer the server drew beside the root, above the app while it starts (a list's first rows, a record page's head), or ''. */
export const layerOf = (html: string) => BODY.exec(html)?.[2];
/** The page's requests for scripts (its entry and the chunks it preloads), as written. */
const scriptRequestsOf = (html: string) =>
  (html.match(/<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g) ?? []).join('');
/** The page's inline scripts' sources (not its JSON data). */
export const inlineScriptsOf = (html: string) =>
  [...html.matchAll(/<script>(.*?)<\/script>/gs)].map((match) => match[1]);
/**
 * A page the server has drawn asks for the shell's scripts after its first paint: the shell's entry and
 * preloads are in the page inert, and one inline script asks for them.
 */
export const scriptsAfterFirstPaint = (html: string) =>
  scriptRequestsOf(html) === '' &&
  html.includes(
    '<script type="lantern/after-paint" crossorigin src="/assets/app.js"></script>' +
      `<script>${inlineScriptsOf(html)[0]}</script>` +
      '<link rel="lantern-after-paint" crossorigin href="/assets/chunk.js">',
  ) &&
  inlineScriptsOf(html).length === 1;
/** Any other page asks for them as the shell does, at the browser's own priority. */
export const scriptsAsTheShell = (html: string) => scriptRequestsOf(html) === scriptRequestsOf(shellOf('en'));
export const titleOf = (html: string) => /<title>(.*?)<\/title>/.exec(html)?.[1];
export const TAGS = { en: 'en-US', lo: 'lo-LA' } as const;

/** HTML's text back as it was written (what the server escaped in a page). */
export const unescapeHtml = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
