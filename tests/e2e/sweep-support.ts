import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  request as playwrightRequest,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
} from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import en from '../../i18n/en';
import lo from '../../i18n/lo';
import th from '../../i18n/th';
import vi from '../../i18n/vi';
import zh from '../../i18n/zh';
import resources from '../../resources/index';
import areas from '../../resources/areas';
import publicSite from '../../resources/public-site';
import { humanize, labels } from '../../src/core/labels';
import { recordTitle } from '../../src/core/record-title';
import { createTranslate, type Translate } from '../../src/client/i18n/translate';
import { can } from '../../src/core/access';
import { LOCALES, pickLocalized, type Locale, type LocalizedText } from '../../src/core/locales';
import type { AnyResource, Verb } from '../../src/core/resource';
import type { AdminRole } from '../../src/core/roles';
import { AREA_SCREENS, lookupKeys } from '../../src/core/routes';

/**
 * The screen × locale sweep: every route of SPEC §2, derived from the resource configs (so a new
 * resource is swept without editing this file), visited in every locale as the account that owns the screen.
 */

export { LOCALES };
export type { Locale };

export type Account = AdminRole | 'partner' | 'user';
export const ACCOUNTS: Record<Account, { email: string; password: string }> = {
  super_admin: { email: 'admin@example.com', password: 'Admin#2026' },
  moderator: { email: 'moderator@example.com', password: 'Admin#2026' },
  finance: { email: 'finance@example.com', password: 'Admin#2026' },
  support: { email: 'support@example.com', password: 'Admin#2026' },
  partner: { email: 'partner@example.com', password: 'Partner#2026' },
  user: { email: 'user@example.com', password: 'User#2026' },
};

/** Sub-roles before super_admin: a screen is visited by a sub-role that may open it, so role-specific menus are swept. */
const SUB_ROLES: readonly AdminRole[] = ['moderator', 'finance', 'support'];

/**
 * The screen's name in the tab title (SPEC §9: `{screen} · Lantern`), in the visit's language: the label its menu
 * entry or app bar shows, or for a record page the record's title. `record` is the record of `idOf`.
 */
export type ScreenTitle = (t: Translate, locale: Locale, record: Record<string, unknown>) => string;

const MESSAGES: Record<Locale, unknown> = { lo, en, vi, th, zh };

const key =
  (k: string, options?: Record<string, unknown>): ScreenTitle =>
  (t) =>
    t(k, options);
const plural = (resource: AnyResource) => key(labels.name(resource), { smart_count: 2 });
const singular = (t: Translate, resource: AnyResource) => t(labels.name(resource), { smart_count: 1 });
/** Record pages name the kind of record, then the record (its `recordTitle` field, else its id). */
const recordPage =
  (resource: AnyResource): ScreenTitle =>
  (t, locale, record) =>
    `${singular(t, resource)} ${recordTitle(resource, record, locale)}`;
const createPage =
  (resource: AnyResource): ScreenTitle =>
  (t) =>
    t('ra.page.create', { name: singular(t, resource) });
const NOT_FOUND = key('app.error.notFoundTitle');

/** A route below the locale prefix (or, starting with `/`, an absolute path); `{id}` is filled with a record the account can open. */
export interface Visit {
  path: string;
  title: ScreenTitle;
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
  const dashboard = key('app.dashboard.title');
  for (const role of [...SUB_ROLES, 'super_admin'] as const)
    byRole[role].push({ path: 'admin/dashboard', title: dashboard });
  byRole.finance.push({ path: 'admin/statistics', title: key('app.statistics.title') });
  byRole.super_admin.push({ path: 'admin/statistics', title: key('app.statistics.title') });
  // The profile screen (two-step sign-in) is every admin's; one role's sweep covers it.
  byRole.moderator.push({ path: 'admin/profile', title: key('app.auth.profile') });
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
      // A keyed screen (a settings group) is titled by its resource and its key, as its menu groups them.
      for (const value of keys)
        byRole[editor].push({
          path: `admin/${base}/${value}`,
          title: (t) =>
            `${t(labels.name(resource), { smart_count: 2 })}: ` +
            t(labels.enumValue(resource, resource.lookupField!, value), { _: humanize(value) }),
        });
      continue;
    }
    if (AREA_SCREENS.admin.includes(base)) {
      byRole[reader].push({ path: `admin/${base}`, title: plural(resource) });
      continue;
    }
    byRole[reader].push(
      { path: `admin/${base}`, title: plural(resource) },
      { path: `admin/${base}/{id}/show`, idOf: resource.name, title: recordPage(resource) },
    );
    for (const queue of resource.queues ?? [])
      byRole[reader].push({ path: `admin/${queue.path}`, title: key(labels.queue(resource, queue.name)) });
    const editor = resource.edit === false ? undefined : roleFor(resource, 'update', reader);
    if (editor) byRole[editor].push({ path: `admin/${base}/{id}`, idOf: resource.name, title: recordPage(resource) });
    const creator = resource.create === false ? undefined : roleFor(resource, 'create', reader);
    if (creator) byRole[creator].push({ path: `admin/${base}/create`, title: createPage(resource) });
  }
  return byRole;
}

/** Partner screens: fixed screens, every resource path and its record pages, then an admin route (the 403 page). */
export function partnerVisits(): Visit[] {
  return ownerAreaVisits('partner');
}

/** The customer's area, and the 403 page of an admin route. */
export function customerVisits(): Visit[] {
  return ownerAreaVisits('account');
}

/** An owner's area: its fixed screens, and each resource's list, record page and forms there. */
function ownerAreaVisits(area: 'partner' | 'account'): Visit[] {
  const owner = { kind: area === 'partner' ? 'partner' : 'user', id: 1 } as const;
  const portal = areas[area]!;
  const visits: Visit[] = AREA_SCREENS[area]
    .filter((screen) => screen !== 'register')
    .map((screen) => {
      const fixed = portal.screens.find((candidate) => candidate.path === screen);
      if (!fixed) throw new Error(`no screen at ${area}/${screen}`);
      return { path: `${area}${screen ? `/${screen}` : ''}`, title: key(`app.portal.screens.${fixed.name}`) };
    });
  for (const resource of resources) {
    const base = resource.paths[area];
    if (!base || AREA_SCREENS[area].includes(base) || !can(resource, owner, 'list')) continue;
    visits.push(
      { path: `${area}/${base}`, title: plural(resource) },
      { path: `${area}/${base}/{id}/show`, idOf: resource.name, title: recordPage(resource) },
    );
    if ((resource.edit !== false && can(resource, owner, 'update')) || portal.recordPage === 'show')
      visits.push({ path: `${area}/${base}/{id}`, idOf: resource.name, title: recordPage(resource) });
    if (resource.create !== false && can(resource, owner, 'create'))
      visits.push({ path: `${area}/${base}/create`, title: createPage(resource) });
  }
  visits.push({
    path: 'admin/dashboard',
    errorStatus: 403,
    expectedConsole: /status of 403/,
    title: key('app.error.forbiddenTitle'),
  });
  return visits;
}

const SIGNED_OUT = /status of 401/;

/** Signed-out screens: the home page, sign-in and sign-up, a catalog item, the admin entry and the error pages. */
export function publicVisits(): Visit[] {
  return [
    // The bare `/` (the only unprefixed route) resolves the browser's language, which each sweep context sets. It
    // carries no answers inside: its header asks who is signed in, and a visitor is answered 401.
    { path: '/', expectedConsole: SIGNED_OUT, title: key('app.tagline') },
    { path: '', title: key('app.tagline') },
    { path: 'login', expectedConsole: SIGNED_OUT, title: key('app.auth.login') },
    { path: 'partner/register', expectedConsole: SIGNED_OUT, title: key('app.register.title') },
    { path: 'signup', expectedConsole: SIGNED_OUT, title: key('app.signup.title') },
    { path: 'password-reset', expectedConsole: SIGNED_OUT, title: key('app.passwordReset.title') },
    { path: 'password-reset?token=not-a-token', expectedConsole: SIGNED_OUT, title: key('app.passwordReset.newTitle') },
    // A link that does not work says so (the server's 400), with the way on.
    {
      path: 'verify-email?token=not-a-token',
      expectedConsole: /status of (400|401)/,
      title: key('app.verifyEmail.title'),
    },
    {
      path: 'item/{id}',
      idOf: publicSite.catalog.resource,
      title: (_t, locale, record) => pickLocalized(record[publicSite.catalog.title] as LocalizedText, locale),
    },
    { path: 'admin', expectedConsole: SIGNED_OUT, title: key('app.auth.login') },
    { path: 'no-such-page', errorStatus: 404, expectedConsole: /status of 404/, title: NOT_FOUND },
    { path: 'admin/settings/not-a-group', errorStatus: 404, expectedConsole: /status of 404/, title: NOT_FOUND },
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
export async function firstRecord(context: BrowserContext, resource: string): Promise<Record<string, unknown>> {
  const url = `/api/${resource}?range=[0,0]`;
  const response = await context.request.get(url);
  expect(response.ok(), `${url}: ${response.status()}`).toBe(true);
  const rows = (await response.json()) as Record<string, unknown>[];
  expect(rows.length, `${url} has a record`).toBeGreaterThan(0);
  return rows[0];
}

/** What is wrong with the tab title, after a short wait for it (a record's title follows its record). */
export async function titleProblem(page: Page, expected: string): Promise<string | undefined> {
  const deadline = Date.now() + 5_000;
  let title = await page.title();
  while (title !== expected && Date.now() < deadline) {
    await page.waitForTimeout(100);
    title = await page.title();
  }
  return title === expected ? undefined : `tab title "${title}", expected "${expected}"`;
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

/** axe-core's tags for the rules of WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** What is wrong with the page as it is now: raw keys, text no loaded font covers, wrong `lang`, axe findings. */
export async function inspect(page: Page, locale: Locale): Promise<string[]> {
  const problems: string[] = [];
  const found = await page.evaluate(
    async ({ rawKey, script }) => {
      // A script's faces are registered when its text appears; laying the page out now starts their downloads,
      // so `ready` waits for them.
      document.body.getBoundingClientRect();
      await new Promise(requestAnimationFrame);
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

      // Text that arrived after `ready` (a list refreshed by another tab's change) may still be waiting for its
      // face: load what each visible run of script text asks for, so only a face that no bundled font has is found.
      const asked: Promise<unknown>[] = [];
      const scan = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = scan.nextNode(); node; node = scan.nextNode()) {
        const chars = (node.textContent ?? '').match(scriptPattern);
        if (chars && node.parentElement)
          asked.push(document.fonts.load(getComputedStyle(node.parentElement).font, chars.join('')));
      }
      await Promise.all(asked);

      // A face covers a code point when it is loaded and its unicode-range includes it.
      const ranges = (face: FontFace) =>
        face.unicodeRange.split(',').map((part) => {
          const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
          const low = parseInt(from.replace(/\?/g, '0'), 16);
          const high = to ? parseInt(to, 16) : parseInt(from.replace(/\?/g, 'F'), 16);
          return [low, high] as const;
        });
      const uncovered = () => {
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
        const found: { char: string; text: string; font: string; families: string[] }[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        const seen = new Set<string>();
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const chars = (node.textContent ?? '').match(scriptPattern);
          const element = node.parentElement;
          if (!chars || !element || !element.checkVisibility()) continue;
          const style = getComputedStyle(element);
          const families = style.fontFamily.split(',').map((family) => family.trim().replace(/^["']|["']$/g, ''));
          for (const char of new Set(chars)) {
            if (seen.has(char) || covered(families, char.codePointAt(0)!)) continue;
            seen.add(char);
            found.push({ char, text: node.textContent!.trim().slice(0, 40), font: style.font, families });
          }
        }
        return found;
      };
      // Text that came between the loads above and this look (a row another session's change brought in) is given
      // its face's load once before it counts as uncovered.
      let missing = uncovered();
      if (missing.length) {
        await Promise.all(missing.map(({ font, char }) => document.fonts.load(font, char)));
        missing = uncovered();
      }
      for (const { char, text, families } of missing)
        out.glyphs.push(`"${char}" in "${text}" (font-family: ${families.join(', ')})`);
      return out;
    },
    { rawKey: RAW_KEY.source, script: Object.values(SCRIPT_CHARS).join('|') },
  );
  for (const key of new Set(found.keys)) problems.push(`untranslated key: ${key}`);
  for (const glyph of found.glyphs) problems.push(`no bundled font covers ${glyph}`);
  if (!found.lang.startsWith(locale)) problems.push(`<html lang="${found.lang}">`);

  // Every WCAG 2.1 A and AA rule, whatever axe calls its impact; only violations are reported (passes and
  // incomplete results would cost most of axe's time on large grids).
  const axe = await new AxeBuilder({ page })
    .options({ runOnly: { type: 'tag', values: WCAG_21_AA }, resultTypes: ['violations'] })
    .analyze();
  for (const violation of axe.violations) {
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

/** The apps' live event stream (`GET /api/events`), open as long as the page. */
export const isEventStream = (request: Request) => new URL(request.url()).pathname === '/api/events';

/**
 * Counts the page's requests in flight. Playwright's `networkidle` is a page-load state that a client-side
 * navigation does not reset, so the sweep keeps its own count.
 */
export function trackNetwork(page: Page) {
  // Each request with the time it began; a screen waits only for its own (begun since `touch`): one left over
  // from an earlier screen whose end Playwright never reports would otherwise hold up every later screen.
  const open = new Map<Request, number>();
  let screenStart = Date.now();
  let changedAt = Date.now();
  // Images and fonts are not the screen's data: a lazy photo whose screen is left, or a script's font face
  // fetched for text the next screen replaces, can end without a finished or failed event (the glyph check waits
  // for document.fonts itself). The live event stream stays open for the page's life: it is not a request that ends.
  // The apps' background health check is not the screen's either: Chromium reports some of them begun and never
  // ended (never reaching the server), which held screens for the whole timeout.
  const counted = (request: Request) =>
    request.resourceType() !== 'image' &&
    request.resourceType() !== 'font' &&
    !isEventStream(request) &&
    new URL(request.url()).pathname !== '/api/health';
  const begin = (request: Request) => {
    if (!counted(request)) return;
    open.set(request, Date.now());
    changedAt = Date.now();
  };
  const end = (request: Request) => {
    if (!open.delete(request)) return;
    changedAt = Date.now();
  };
  page.on('request', begin);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  const busy = () => [...open.values()].some((began) => began >= screenStart);
  return {
    touch: () => (screenStart = changedAt = Date.now()),
    async quiet(page: Page, ms = 300, timeout = 15_000) {
      const deadline = Date.now() + timeout;
      while (Date.now() < deadline && (busy() || Date.now() - changedAt < ms)) await page.waitForTimeout(50);
      // Said, not failed: the screen's own checks decide; this names what held it up.
      if (busy())
        console.warn(
          `still loading after ${timeout} ms: ${[...open.entries()]
            .filter(([, began]) => began >= screenStart)
            .map(([request]) => `${request.resourceType()} ${request.url()}`)
            .join(', ')}`,
        );
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
  const records = new Map<string, Record<string, unknown>>();
  const t = createTranslate(MESSAGES[locale]);
  // The app the page has loaded (first path segment): the next screen of the same app is reached without a reload.
  let current: string | undefined;
  for (const visit of visits) {
    let path = visit.path.startsWith('/') ? visit.path : `/${locale}${visit.path ? `/${visit.path}` : ''}`;
    if (visit.idOf) {
      if (!records.has(visit.idOf)) records.set(visit.idOf, await firstRecord(context, visit.idOf));
      path = path.replace('{id}', String(records.get(visit.idOf)!.id));
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
    // SPEC §9: the tab names the screen in this language, then the product.
    const expectedTitle = `${visit.title(t, locale, visit.idOf ? records.get(visit.idOf)! : {})} · Lantern`;
    const wrongTitle = await titleProblem(page, expectedTitle);
    if (wrongTitle) problems.push(wrongTitle);
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
