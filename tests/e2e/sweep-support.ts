import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import resources from '../../resources/index';
import { can } from '../../src/core/access';
import { LOCALES, type Locale } from '../../src/core/locales';
import type { AnyResource, Verb } from '../../src/core/resource';
import type { AdminRole } from '../../src/core/roles';
import { AREA_SCREENS, lookupKeys } from '../../src/core/routes';

/**
 * The screen × locale sweep of issue 8 §7: every route of SPEC §2, derived from the resource configs (so a new
 * resource is swept without editing this file), visited in every locale as the account that owns the screen.
 */

export { LOCALES };
export type { Locale };

export type Account = AdminRole | 'partner';
export const ACCOUNTS: Record<Account, { email: string; password: string }> = {
  super_admin: { email: 'admin@example.com', password: 'Admin#2026' },
  moderator: { email: 'moderator@example.com', password: 'Admin#2026' },
  finance: { email: 'finance@example.com', password: 'Admin#2026' },
  support: { email: 'support@example.com', password: 'Admin#2026' },
  partner: { email: 'partner@example.com', password: 'Partner#2026' },
};

/** Sub-roles before super_admin: a screen is visited by a sub-role that may open it, so role-specific menus are swept. */
const SUB_ROLES: readonly AdminRole[] = ['moderator', 'finance', 'support'];

/** A route below the locale prefix (or, starting with `/`, an absolute path); `{id}` is filled with a record the account can open. */
export interface Visit {
  path: string;
  /** The API resource whose first visible record fills `{id}`. */
  idOf?: string;
  /** Console errors the browser logs for this screen on purpose (a signed-out `me`, the error page's own status). */
  expectedConsole?: RegExp;
  /** The error page's status code when the route is an error on purpose. */
  errorStatus?: number;
}

/**
 * Admin screens per sub-role: fixed screens, every resource path and queue, and its record pages. Each resource
 * goes to the least loaded sub-role allowed to open it (super_admin only when no sub-role may), which spreads
 * the screens over the roles' menus and over the test workers.
 */
export function adminVisits(): Record<AdminRole, Visit[]> {
  const byRole: Record<AdminRole, Visit[]> = { super_admin: [], moderator: [], finance: [], support: [] };
  for (const role of [...SUB_ROLES, 'super_admin'] as const) byRole[role].push({ path: 'admin/dashboard' });
  byRole.finance.push({ path: 'admin/statistics' });
  byRole.super_admin.push({ path: 'admin/statistics' });
  const roleFor = (resource: AnyResource, verb: Verb, prefer?: AdminRole): AdminRole | undefined => {
    if (prefer && can(resource, { kind: 'admin', id: 1, role: prefer }, verb)) return prefer;
    const allowed = SUB_ROLES.filter((role) => can(resource, { kind: 'admin', id: 1, role }, verb));
    if (allowed.length === 0)
      return can(resource, { kind: 'admin', id: 1, role: 'super_admin' }, verb) ? 'super_admin' : undefined;
    return allowed.reduce((least, role) => (byRole[role].length < byRole[least].length ? role : least));
  };
  for (const resource of resources) {
    const base = resource.paths.admin;
    if (!base) continue;
    const reader = roleFor(resource, 'list');
    if (!reader) continue;
    const keys = lookupKeys(resource);
    if (keys) {
      const editor = roleFor(resource, 'update', reader) ?? reader;
      for (const key of keys) byRole[editor].push({ path: `admin/${base}/${key}` });
      continue;
    }
    if (AREA_SCREENS.admin.includes(base)) {
      byRole[reader].push({ path: `admin/${base}` });
      continue;
    }
    byRole[reader].push({ path: `admin/${base}` }, { path: `admin/${base}/{id}/show`, idOf: resource.name });
    for (const queue of resource.queues ?? []) byRole[reader].push({ path: `admin/${queue.path}` });
    const editor = resource.edit === false ? undefined : roleFor(resource, 'update', reader);
    if (editor) byRole[editor].push({ path: `admin/${base}/{id}`, idOf: resource.name });
    const creator = resource.create === false ? undefined : roleFor(resource, 'create', reader);
    if (creator) byRole[creator].push({ path: `admin/${base}/create` });
  }
  return byRole;
}

/** Partner screens: fixed screens, every resource path and its record pages, then an admin route (the 403 page). */
export function partnerVisits(): Visit[] {
  const partner = { kind: 'partner', id: 1 } as const;
  const visits: Visit[] = AREA_SCREENS.partner
    .filter((screen) => screen !== 'register')
    .map((screen) => ({ path: `partner${screen ? `/${screen}` : ''}` }));
  for (const resource of resources) {
    const base = resource.paths.partner;
    if (!base || AREA_SCREENS.partner.includes(base) || !can(resource, partner, 'list')) continue;
    visits.push({ path: `partner/${base}` }, { path: `partner/${base}/{id}/show`, idOf: resource.name });
    if (resource.edit !== false && can(resource, partner, 'update'))
      visits.push({ path: `partner/${base}/{id}`, idOf: resource.name });
    if (resource.create !== false && can(resource, partner, 'create')) visits.push({ path: `partner/${base}/create` });
  }
  visits.push({ path: 'admin/dashboard', errorStatus: 403, expectedConsole: /status of 403/ });
  return visits;
}

const SIGNED_OUT = /status of 401/;

/** Signed-out screens: the home page, sign-in and sign-up, a catalog item, the admin entry and the error pages. */
export function publicVisits(): Visit[] {
  return [
    // The bare `/` (the only unprefixed route) resolves the browser's language, which each sweep context sets.
    { path: '/' },
    { path: '' },
    { path: 'login', expectedConsole: SIGNED_OUT },
    { path: 'partner/register', expectedConsole: SIGNED_OUT },
    { path: 'item/{id}', idOf: 'services' },
    { path: 'admin', expectedConsole: SIGNED_OUT },
    { path: 'no-such-page', errorStatus: 404, expectedConsole: /status of 404/ },
    { path: 'admin/settings/not-a-group', errorStatus: 404, expectedConsole: /status of 404/ },
  ];
}

/** A session per account, written once per run and reused by every context (logins are rate-limited). */
const sessions = new Map<Account, Promise<string>>();

export function storageStateFor(baseURL: string, account: Account): Promise<string> {
  let state = sessions.get(account);
  if (!state) {
    state = (async () => {
      const file = join(tmpdir(), `lantern-sweep-${process.pid}`, `${account}.json`);
      mkdirSync(join(file, '..'), { recursive: true });
      // An empty state: inside a test that sets `storageState`, the context would otherwise send that test's
      // cookie, and signing in ends the session it is sent (another account would be signed out).
      const api = await playwrightRequest.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
      const response = await api.post('/api/auth/login', { data: ACCOUNTS[account] });
      expect(response.status(), `sign-in of ${account}`).toBe(200);
      await api.storageState({ path: file });
      await api.dispose();
      return file;
    })();
    sessions.set(account, state);
  }
  return state;
}

/** The first record of a resource the context's account may open (signed out: a published catalog item). */
export async function firstId(context: BrowserContext, resource: string): Promise<string> {
  const url = `/api/${resource}?range=[0,0]`;
  const response = await context.request.get(url);
  expect(response.ok(), `${url}: ${response.status()}`).toBe(true);
  const rows = (await response.json()) as { id: number }[];
  expect(rows.length, `${url} has a record`).toBeGreaterThan(0);
  return String(rows[0].id);
}

/** The text of a key that reached the screen untranslated (polyglot shows the key itself). */
const RAW_KEY = /\b(ra|app|resources|validation)\.[a-z][\w-]*(\.[\w-]+)*/;

/**
 * Characters of each locale's script, which the bundled fonts must cover. Every page is checked for all of them:
 * people write names, subjects and descriptions in their own script whatever language the reader has chosen.
 */
const SCRIPT_CHARS: Partial<Record<Locale, string>> = {
  lo: '[\\u0E80-\\u0EFF]',
  th: '[\\u0E00-\\u0E7F]',
  zh: '[\\u3000-\\u303F\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uFF00-\\uFFEF]',
  vi: '[\\u00C0-\\u024F\\u1EA0-\\u1EFF]',
};

/** What is wrong with the page as it is now: raw keys, text no loaded font covers, wrong `lang`, axe findings. */
export async function inspect(page: Page, locale: Locale): Promise<string[]> {
  const problems: string[] = [];
  const found = await page.evaluate(
    async ({ rawKey, script }) => {
      await document.fonts.ready;
      const keyPattern = new RegExp(rawKey);
      const scriptPattern = script ? new RegExp(script, 'g') : undefined;
      const out = { keys: [] as string[], glyphs: [] as string[], lang: document.documentElement.lang };
      const text = document.body.innerText;
      for (const line of text.split('\n')) if (keyPattern.test(line)) out.keys.push(line.trim().slice(0, 120));
      for (const element of document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')) {
        for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
          const value = element.getAttribute(name);
          if (value && keyPattern.test(value)) out.keys.push(`${name}="${value.slice(0, 120)}"`);
        }
      }
      if (!scriptPattern) return out;

      // A face covers a code point when it is loaded and its unicode-range includes it.
      const ranges = (face: FontFace) =>
        face.unicodeRange.split(',').map((part) => {
          const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
          const low = parseInt(from.replace(/\?/g, '0'), 16);
          const high = to ? parseInt(to, 16) : parseInt(from.replace(/\?/g, 'F'), 16);
          return [low, high] as const;
        });
      const faces = [...document.fonts]
        .filter((face) => face.status === 'loaded')
        .map((face) => ({ family: face.family.replace(/^["']|["']$/g, ''), ranges: ranges(face) }));
      const covered = (families: string[], codePoint: number) =>
        families.some((family) =>
          faces.some(
            (face) =>
              face.family === family && face.ranges.some(([low, high]) => codePoint >= low && codePoint <= high),
          ),
        );
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const seen = new Set<string>();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const chars = (node.textContent ?? '').match(scriptPattern);
        const element = node.parentElement;
        if (!chars || !element || !element.checkVisibility()) continue;
        const families = getComputedStyle(element)
          .fontFamily.split(',')
          .map((family) => family.trim().replace(/^["']|["']$/g, ''));
        for (const char of new Set(chars)) {
          if (seen.has(char) || covered(families, char.codePointAt(0)!)) continue;
          seen.add(char);
          out.glyphs.push(
            `"${char}" in "${node.textContent!.trim().slice(0, 40)}" (font-family: ${families.join(', ')})`,
          );
        }
      }
      return out;
    },
    { rawKey: RAW_KEY.source, script: Object.values(SCRIPT_CHARS).join('|') },
  );
  for (const key of new Set(found.keys)) problems.push(`untranslated key: ${key}`);
  for (const glyph of found.glyphs) problems.push(`no bundled font covers ${glyph}`);
  if (!found.lang.startsWith(locale)) problems.push(`<html lang="${found.lang}">`);

  // Only violations are reported: passes and incomplete results would cost most of axe's time on large grids.
  const axe = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  for (const violation of axe.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    const targets = violation.nodes.slice(0, 3).map((node) => {
      // Contrast findings name their colours, so the fix can be found from the report alone.
      const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
      const colours = data?.fgColor ? ` ${data.fgColor} on ${data.bgColor} = ${data.contrastRatio}` : '';
      return node.target.join(' ') + colours;
    });
    problems.push(`axe ${violation.impact} ${violation.id} (${violation.nodes.length}×): ${targets.join(' | ')}`);
  }
  return problems;
}

/**
 * Counts the page's requests in flight. Playwright's `networkidle` is a page-load state that a client-side
 * navigation does not reset, so the sweep keeps its own count.
 */
function trackNetwork(page: Page) {
  let inFlight = 0;
  let changedAt = Date.now();
  const change = (delta: number) => {
    inFlight += delta;
    changedAt = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return {
    touch: () => (changedAt = Date.now()),
    async quiet(page: Page, ms = 300, timeout = 15_000) {
      const deadline = Date.now() + timeout;
      while (Date.now() < deadline && (inFlight > 0 || Date.now() - changedAt < ms)) await page.waitForTimeout(50);
    },
  };
}

/** Waits until the screen has stopped loading: network quiet, no progress indicator. */
async function settle(page: Page, network: ReturnType<typeof trackNetwork>) {
  await network.quiet(page);
  await page
    .locator('[role="progressbar"], .MuiSkeleton-root')
    .first()
    .waitFor({ state: 'hidden', timeout: 15_000 })
    .catch(() => {});
  await network.quiet(page);
}

export interface SweepResult {
  visited: string[];
  /** Screens that took more than 5 s to settle and inspect, with their time. */
  slow: string[];
  problems: string[];
  axeFindings: number;
}

/**
 * Visits every route in one locale in one page (one context per account), collecting every problem instead of
 * stopping at the first, so a run reports all that needs fixing.
 */
export async function sweep(
  browser: Browser,
  baseURL: string,
  account: Account | 'public',
  locale: Locale,
  visits: Visit[],
): Promise<SweepResult> {
  const storageState = account === 'public' ? undefined : await storageStateFor(baseURL, account);
  const context = await browser.newContext({ baseURL, storageState, locale: locale });
  const page = await context.newPage();
  const console: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') console.push(message.text());
    else if (/missing translation/i.test(message.text())) console.push(`missing translation: ${message.text()}`);
  });
  page.on('pageerror', (error) => console.push(`uncaught: ${error.message}`));
  const network = trackNetwork(page);

  const result: SweepResult = { visited: [], slow: [], problems: [], axeFindings: 0 };
  const ids = new Map<string, string>();
  // The app the page has loaded (first path segment): the next screen of the same app is reached without a reload.
  let current: string | undefined;
  for (const visit of visits) {
    let path = visit.path.startsWith('/') ? visit.path : `/${locale}${visit.path ? `/${visit.path}` : ''}`;
    if (visit.idOf) {
      if (!ids.has(visit.idOf)) ids.set(visit.idOf, await firstId(context, visit.idOf));
      path = path.replace('{id}', ids.get(visit.idOf)!);
    }
    console.length = 0;
    network.touch();
    const started = Date.now();
    const problems: string[] = [];
    const area = visit.path.split('/')[0];
    if (visit.errorStatus || area !== current || process.env.SWEEP_FULL_LOADS) {
      await page.goto(path);
      current = visit.errorStatus ? undefined : area;
    } else {
      // Within one app, move the way its own links do (history + popstate): the app is not booted again.
      await page.evaluate((target) => {
        window.history.pushState(null, '', target);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.waitForURL(`**${path}`);
    }
    await settle(page, network);
    const errorPage = page.getByTestId('error-page');
    if (visit.errorStatus) {
      await expect(page.getByTestId('error-status')).toHaveText(String(visit.errorStatus));
    } else if (await errorPage.count()) {
      problems.push(`error page: ${(await errorPage.innerText()).replace(/\s+/g, ' ').slice(0, 200)}`);
    }
    const landed = new URL(page.url()).pathname;
    if (account !== 'public' && (landed === `/${locale}/admin` || landed === `/${locale}/login`))
      problems.push(`sent to sign-in: ${landed}`);
    const inspected = await inspect(page, locale);
    result.axeFindings += inspected.filter((problem) => problem.startsWith('axe ')).length;
    problems.push(...inspected);
    problems.push(
      ...console.filter((text) => !visit.expectedConsole?.test(text)).map((text) => `console: ${text.slice(0, 300)}`),
    );
    result.visited.push(path);
    if (Date.now() - started > 5_000) result.slow.push(`${path} ${Date.now() - started} ms`);
    result.problems.push(...problems.map((problem) => `${path} [${account}] ${problem}`));
  }
  await context.close();
  return result;
}
