/**
 * `npm run bench:lighthouse`: the scores a new user's first visit gets, from Lighthouse driving
 * Debian's Chromium (`/usr/bin/chromium`; nothing is downloaded) against the real server: the built client,
 * demo data in a fresh PGlite directory.
 *
 *   npm run bench:lighthouse                          # every page, mobile and desktop, 3 runs each
 *   npm run bench:lighthouse -- --runs 5 --preset mobile --page home-en
 *   npm run bench:lighthouse -- --preset mobile --page home-lo,account-home   # several pages
 *   npm run bench:lighthouse -- --runs 1 --why      # also what each score is made of (LCP element, shifts, tasks)
 *   npm run bench:lighthouse -- --page admin-list --save /tmp/lh   # and each run's whole report and trace, as JSON
 *
 * Per page and preset it prints the median of the runs: the four category scores, FCP, LCP, TBT, CLS and the
 * bytes transferred, next to Lighthouse's CPU benchmark index of this machine in those runs. The mobile
 * preset is Lighthouse's default (a mid-range phone on slow 4G, simulated throttling); desktop is its desktop
 * config. Signed-in pages get the session cookie of a demo account as a request header. Figures follow the
 * machine's load (the benchmark index says how busy it was): they are printed, never asserted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startServer } from './support/server';
import { flag, option } from './support/args';

const RUNS = Number(option('runs') ?? 3);
const PRESETS = (option('preset') ? [option('preset')] : ['mobile', 'desktop']) as ('mobile' | 'desktop')[];
const WHY = flag('why');
/** A directory where each run's whole Lighthouse report and trace are written (JSON), to read what the summary leaves out. */
const SAVE = option('save');

type Account = 'admin' | 'moderator' | 'partner' | 'user';
const ACCOUNTS: Record<Account, { email: string; password: string }> = {
  admin: { email: 'admin@example.com', password: 'Admin#2026' },
  moderator: { email: 'moderator@example.com', password: 'Admin#2026' },
  partner: { email: 'partner@example.com', password: 'Partner#2026' },
  user: { email: 'user@example.com', password: 'User#2026' },
};

interface AuditedPage {
  name: string;
  /** The page's path, or how to find it on the running server (e.g. a service with departures to book). */
  path: string | ((base: string) => Promise<string>);
  account?: Account;
}

/** The public page of the newest service that has a departure ahead: its booking form is on it. */
async function bookableServicePage(base: string): Promise<string> {
  const today = new Date().toISOString().slice(0, 10);
  const query = `filter=${encodeURIComponent(JSON.stringify({ startDate_gte: today }))}&range=[0,0]&sort=["startDate","ASC"]`;
  const response = await fetch(`${base}/api/schedules?${query}`);
  const [schedule] = (await response.json()) as { serviceId: number }[];
  if (!schedule) throw new Error('no departure ahead in the demo data');
  return `/en/item/${schedule.serviceId}`;
}

/** The demo partner's departure today: its page carries the manifest the guide reads at the door (SPEC §15). */
async function todaysManifestPage(base: string): Promise<string> {
  const cookie = await signIn(base, 'partner');
  const today = new Date().toISOString().slice(0, 10);
  const query = `filter=${encodeURIComponent(JSON.stringify({ startDate: today }))}&range=[0,0]`;
  const response = await fetch(`${base}/api/schedules?${query}`, { headers: { cookie } });
  const [schedule] = (await response.json()) as { id: number }[];
  if (!schedule) throw new Error("no departure today in the demo partner's data");
  return `/en/partner/schedules/${schedule.id}`;
}

/** The demo traveller's first booking: its page is the traveller's ticket (SPEC §13). */
async function travellerOrderPage(base: string): Promise<string> {
  const cookie = await signIn(base, 'user');
  const response = await fetch(`${base}/api/orders?range=[0,0]&sort=["id","ASC"]`, { headers: { cookie } });
  const [order] = (await response.json()) as { id: number }[];
  if (!order) throw new Error("no booking in the demo traveller's data");
  return `/en/account/orders/${order.id}`;
}

const ALL_PAGES: AuditedPage[] = [
  { name: 'home-en', path: '/en' },
  { name: 'home-lo', path: '/lo' },
  { name: 'login', path: '/en/login' },
  { name: 'admin-dashboard', path: '/en/admin', account: 'admin' },
  { name: 'admin-list', path: '/en/admin/orders', account: 'admin' },
  // The service review queue, the moderator's everyday list: a queue of the generated list.
  { name: 'admin-review', path: '/en/admin/service-review', account: 'moderator' },
  { name: 'partner-dashboard', path: '/en/partner', account: 'partner' },
  // The partner's orders: the generated list in the portal (cards on a phone).
  { name: 'partner-list', path: '/en/partner/orders', account: 'partner' },
  // A signed-out traveller on a service's page: photos, departures and the booking form (its own chunk).
  { name: 'service-booking', path: bookableServicePage },
  { name: 'partner-manifest', path: todaysManifestPage, account: 'partner' },
  // The guide's scan screen at the door, on today's departure (SPEC §15).
  { name: 'partner-scan', path: '/en/partner/check-in', account: 'partner' },
  { name: 'account-home', path: '/en/account', account: 'user' },
  { name: 'account-order', path: travellerOrderPage, account: 'user' },
];
const PAGES = ALL_PAGES.filter((page) => !option('page') || option('page')!.split(',').includes(page.name));

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  kb: number;
  benchmarkIndex: number;
  /** Audits of accessibility, best practices and SEO that did not pass: what stands between a score and 100. */
  failing: string[];
  /** With `--why`: the largest paint's element and phases, the requests, what shifted, the main thread's time and longest tasks. */
  why: string[];
}

const log = (line: string) => console.error(`[lighthouse] ${line}`);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function signIn(base: string, account: Account): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(ACCOUNTS[account]),
  });
  if (!response.ok) throw new Error(`sign-in as ${account}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

type Items = { items?: Record<string, unknown>[] } | undefined;

/** What a performance score is made of, read from one run's audits (printed with `--why`). */
function why(lhr: { audits: Record<string, { details?: unknown; displayValue?: string }> }): string[] {
  const items = (id: string) => ((lhr.audits[id]?.details as Items)?.items ?? []) as Record<string, any>[];
  const lines: string[] = [];
  // The run as it happened on this machine, unthrottled: the simulation stretches it onto a phone on slow 4G.
  const observed = items('metrics')[0];
  if (observed)
    lines.push(
      `observed unthrottled: FCP ${Math.round(observed.observedFirstContentfulPaint)} ms, LCP ${Math.round(
        observed.observedLargestContentfulPaint,
      )} ms, load ${Math.round(observed.observedLoad)} ms`,
    );
  const lcp = items('largest-contentful-paint-element')[0]?.items?.[0]?.node;
  if (lcp) lines.push(`LCP element: ${lcp.selector} "${String(lcp.snippet).slice(0, 100)}"`);
  const phases = items('largest-contentful-paint-element')[1]?.items as Record<string, any>[] | undefined;
  if (phases)
    lines.push(`LCP phases: ${phases.map((phase) => `${phase.phase} ${Math.round(phase.timing)} ms`).join(', ')}`);
  const requests = items('network-requests').filter((request) => request.transferSize > 2048);
  for (const request of requests.slice(0, 25))
    lines.push(
      `request ${Math.round(request.networkRequestTime)}-${Math.round(request.networkEndTime)} ms ${Math.round(request.transferSize / 1024)} KB ${request.priority}: ${request.url}`,
    );
  const work = items('mainthread-work-breakdown');
  if (work.length)
    lines.push(
      `main thread: ${work.map((group) => `${group.groupLabel} ${Math.round(group.duration)} ms`).join(', ')}`,
    );
  for (const shift of items('layout-shifts').slice(0, 5))
    lines.push(`layout shift ${Number(shift.score).toFixed(3)}: ${shift.node?.selector ?? '?'}`);
  for (const task of items('long-tasks').slice(0, 5))
    lines.push(
      `long task ${Math.round(Number(task.duration))} ms at ${Math.round(Number(task.startTime))} ms: ${task.url}`,
    );
  for (const script of items('bootup-time').slice(0, 5))
    lines.push(
      `script ${Math.round(Number(script.total))} ms (${Math.round(Number(script.scripting))} ms running): ${script.url}`,
    );
  return lines;
}

async function audit(url: string, preset: 'mobile' | 'desktop', cookie: string | undefined): Promise<Figures> {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', extraHeaders: cookie ? { Cookie: cookie } : undefined },
      preset === 'desktop' ? (desktopConfig as Config) : undefined,
    );
    if (!result) throw new Error(`no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    if (SAVE) {
      fs.mkdirSync(SAVE, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '-')}-${preset}-${Date.now()}.json`;
      fs.writeFileSync(path.join(SAVE, name), JSON.stringify(lhr));
      const trace = (result.artifacts as { Trace?: unknown }).Trace;
      if (trace) fs.writeFileSync(path.join(SAVE, name.replace(/\.json$/, '.trace.json')), JSON.stringify(trace));
    }
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const value = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: value('first-contentful-paint'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      kb: value('total-byte-weight') / 1024,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      why: WHY ? why(lhr) : [],
      failing: ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
        (lhr.categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]!.score! < 1)
          .map((ref) => {
            const details = lhr.audits[ref.id]!.details as { items?: { node?: { selector?: string } }[] } | undefined;
            const nodes = (details?.items ?? []).flatMap((item) => (item.node?.selector ? [item.node.selector] : []));
            return `${category}: ${ref.id} (${lhr.audits[ref.id]!.title})${nodes.length ? ` at ${nodes.slice(0, 3).join(', ')}` : ''}`;
          }),
      ),
    };
  } finally {
    await chrome.kill();
  }
}

/** Lighthouse now and then loses a trace (NO_NAVSTART) on a busy machine: such a run is made again, twice at most. */
async function auditRetried(url: string, preset: 'mobile' | 'desktop', cookie: string | undefined): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, preset, cookie);
    } catch (error) {
      if (attempt === 3) throw error;
      log(`${url} ${preset}: ${(error as Error).message}; running it again`);
    }
  }
}

async function main() {
  if (!fs.existsSync(path.resolve('dist/index.html'))) throw new Error('run `npm run build` first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-lighthouse-'));
  const server = await startServer({
    entry: ['dist-server/main.js'],
    env: { DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
  });
  log(`server ${server.url} (demo data in ${dataDir}), ${RUNS} runs per page and preset`);
  const rows: string[][] = [];
  const failing = new Map<string, Set<string>>();
  try {
    const cookies = new Map<Account, string>();
    for (const page of PAGES) {
      if (page.account && !cookies.has(page.account)) cookies.set(page.account, await signIn(server.url, page.account));
      const pagePath = typeof page.path === 'string' ? page.path : await page.path(server.url);
      for (const preset of PRESETS) {
        const runs: Figures[] = [];
        for (let run = 0; run < RUNS; run++) {
          runs.push(await auditRetried(`${server.url}${pagePath}`, preset, page.account && cookies.get(page.account)));
          log(`${page.name} ${preset} run ${run + 1}: performance ${runs.at(-1)!.performance}`);
        }
        const m = (key: Exclude<keyof Figures, 'failing' | 'why'>) => median(runs.map((figures) => figures[key]));
        if (WHY) for (const line of runs.at(-1)!.why) log(`${page.name} ${preset}: ${line}`);
        const failed = new Set(runs.flatMap((figures) => figures.failing));
        if (failed.size) failing.set(`${page.name} ${preset}`, failed);
        rows.push([
          page.name,
          preset,
          String(m('performance')),
          String(m('accessibility')),
          String(m('bestPractices')),
          String(m('seo')),
          `${(m('fcpMs') / 1000).toFixed(2)} s`,
          `${(m('lcpMs') / 1000).toFixed(2)} s`,
          `${Math.round(m('tbtMs'))} ms`,
          m('cls').toFixed(3),
          `${Math.round(m('kb'))} KB`,
          `${Math.round(m('benchmarkIndex'))} (${runs.map((figures) => Math.round(figures.benchmarkIndex)).join(', ')})`,
        ]);
      }
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const header = [
    'page',
    'preset',
    'perf',
    'a11y',
    'best pr.',
    'SEO',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
    'bytes',
    'CPU index',
  ];
  console.log(`Lighthouse 12, median of ${RUNS} runs. This machine is shared and noisy: read each row with`);
  console.log("Lighthouse's CPU benchmark index of its runs (higher is a faster machine at that moment).");
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  for (const [where, audits] of failing) console.log(`\n${where} did not pass: ${[...audits].join('; ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
