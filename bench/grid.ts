/**
 * `npm run bench:grid`: do the admin's lists render and scroll 100 rows without jank?
 *
 *   npm run bench:grid                                # dist/ (built if missing), port 3207, 3 runs per screen
 *   npm run bench:grid -- --dist /tmp/dist-me --port 3208 --runs 5
 *   npm run bench:grid -- --throttle 4                # Chromium's CPU throttling, a slower machine
 *   npm run bench:grid -- --profile                   # also the functions that took the most time
 *
 * The real server (built client, demo data in a fresh PGlite directory) and Debian's Chromium through
 * Playwright. Per screen it signs in once, then per run opens the list with perPage=100 twice: a full page
 * load, and the same list again after a visit to the dashboard, through the browser's Back (inside the app).
 * Printed per screen (median of the runs, worst in brackets):
 * - until 100 rows are in the table, and until the screen is settled (every fetch answered, the references
 *   in the cells included, and no long task for a second);
 * - the long tasks (PerformanceObserver 'longtask', > 50 ms) until settled, and the CPU time of the page's
 *   main thread in that time (Chromium's ThreadTime);
 * - scrolling the list to its end and back at 40 px a frame: frame intervals (p50, p95, max), frames over
 *   50 ms and the long tasks meanwhile.
 * Wall times and long tasks follow the machine's load (printed with them); the CPU time much less.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { launchChromium, ROOT, startServer, type ChildServer } from './support/server';
import { flag, option } from './support/args';

const DIST = path.resolve(option('dist') ?? process.env.DIST_DIR ?? path.join(ROOT, 'dist'));
const PORT = Number(option('port') ?? 3207);
const RUNS = Number(option('runs') ?? 3);
const THROTTLE = Number(option('throttle') ?? 1);
const PROFILE = flag('profile');
const BASE = `http://127.0.0.1:${PORT}`;
const ROWS = 100;
/** Settled: nothing fetched and no long task for this long. */
const QUIET_MS = 1000;

const SCREENS = [
  { name: 'payments history', path: '/en/admin/payments/history' },
  { name: 'orders', path: '/en/admin/orders' },
];

const log = (line: string) => console.error(`[grid] ${line}`);

// ---- server -----------------------------------------------------------------------------------------

function ensureClient() {
  if (fs.existsSync(path.join(DIST, 'index.html'))) return;
  log(`building the client into ${DIST}`);
  const built = spawnSync('npx', ['vite', 'build', '--outDir', DIST, '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('client build failed');
}

// ---- in the page --------------------------------------------------------------------------------------

interface PageLog {
  longTasks: { start: number; duration: number }[];
  fetching: number;
  lastFetchEnd: number;
}

declare global {
  interface Window {
    __grid: PageLog;
  }
}

/** From the document's first script on: every long task, and the fetches in flight. */
function observePage() {
  const state: PageLog = { longTasks: [], fetching: 0, lastFetchEnd: 0 };
  window.__grid = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const fetch = window.fetch.bind(window);
  window.fetch = async (...request) => {
    state.fetching++;
    try {
      return await fetch(...request);
    } finally {
      state.fetching--;
      state.lastFetchEnd = performance.now();
    }
  };
}

async function waitForRows(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    (rows) => (document.querySelectorAll('table tbody tr').length >= rows ? performance.now() : false),
    ROWS,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** Waits until the page is quiet; answers when its last fetch or long task ended (not before `from`). */
async function settled(page: Page, from: number): Promise<number> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const state = await page.evaluate(() => {
      const { longTasks, fetching, lastFetchEnd } = window.__grid;
      const lastTask = longTasks.reduce((end, t) => Math.max(end, t.start + t.duration), 0);
      return { now: performance.now(), fetching, last: Math.max(lastTask, lastFetchEnd) };
    });
    const last = Math.max(from, state.last);
    if (!state.fetching && state.now - last >= QUIET_MS) return last;
    if (Date.now() > deadline) throw new Error('the page never settled');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function longTasksBetween(page: Page, from: number, to: number) {
  const tasks = await page.evaluate(() => window.__grid.longTasks);
  const inside = tasks.filter((t) => t.start + t.duration > from && t.start < to);
  return { count: inside.length, max: Math.max(0, ...inside.map((t) => t.duration)) };
}

/** Scrolls the list's scroll container to the end and back, one step per frame; returns the frame intervals. */
function scrollAndTime(pxPerFrame: number): Promise<{ from: number; to: number; frames: number[] }> {
  let scroller: Element | null = document.querySelector('table');
  while (scroller && scroller !== document.documentElement) {
    const style = getComputedStyle(scroller);
    if (/(auto|scroll)/.test(style.overflowY) && scroller.scrollHeight > scroller.clientHeight + 1) break;
    scroller = scroller.parentElement;
  }
  const target = scroller && scroller !== document.documentElement ? scroller : document.scrollingElement!;
  target.scrollTop = 0;
  return new Promise((resolve) => {
    const frames: number[] = [];
    const from = performance.now();
    let last = from;
    let direction = 1;
    const step = (now: number) => {
      frames.push(now - last);
      last = now;
      const end = target.scrollHeight - target.clientHeight;
      if (direction === 1 && target.scrollTop >= end - 1) direction = -1;
      else if (direction === -1 && target.scrollTop <= 0) return resolve({ from, to: now, frames: frames.slice(1) });
      target.scrollTop += direction * pxPerFrame;
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
}

// ---- measuring ----------------------------------------------------------------------------------------

/** CPU milliseconds of the renderer's main thread in this document so far (Chromium's `ThreadTime`). */
async function cpuMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? 0) * 1000;
}

async function profiled<T>(cdp: CDPSession, label: string, run: () => Promise<T>): Promise<T> {
  if (!PROFILE) return run();
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const result = await run();
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const keyOf = (id: number) => {
    const frame = byId.get(id)!.callFrame;
    const at = `${frame.url.split('/').pop()}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    return `${frame.functionName || '(anonymous)'} ${at}`;
  };
  profile.samples?.forEach((id, i) => {
    const ms = (profile.timeDeltas?.[i] ?? 0) / 1000;
    self.set(keyOf(id), (self.get(keyOf(id)) ?? 0) + ms);
    // Inclusive time: each function on the sample's stack once (recursion counted once).
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) onStack.add(keyOf(at));
    for (const key of onStack) total.set(key, (total.get(key) ?? 0) + ms);
  });
  const print = (title: string, times: Map<string, number>) => {
    const top = [...times].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.GRID_PROFILE_TOP ?? 15));
    console.log(
      `\nprofile: ${label} (${title})\n${top.map(([k, v]) => `  ${v.toFixed(1).padStart(7)}  ${k}`).join('\n')}`,
    );
  };
  print('self ms', self);
  print('total ms', total);
  return result;
}

interface Render {
  rowsMs: number;
  settledMs: number;
  cpuMs: number;
  long: { count: number; max: number };
}

interface Sample {
  load: Render;
  back: Render;
  scrollLong: { count: number; max: number };
  p50: number;
  p95: number;
  maxFrame: number;
  slowFrames: number;
  frames: number;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

/**
 * Runs `open` (which starts the list's render: a page load, or in the same document answering when it started)
 * and measures until the list has its rows and is settled.
 */
async function render(page: Page, cdp: CDPSession, label: string, open: () => Promise<unknown>): Promise<Render> {
  const cpuBefore = await cpuMs(cdp);
  const result = await profiled(cdp, label, async () => {
    const start = await open();
    const startMs = typeof start === 'number' ? start : 0;
    const rowsMs = await waitForRows(page);
    const settledMs = await settled(page, rowsMs);
    return { startMs, rowsMs, settledMs };
  });
  const { startMs, rowsMs, settledMs } = result;
  return {
    rowsMs: rowsMs - startMs,
    settledMs: settledMs - startMs,
    // A new document counts from zero. Includes the quiet second the wait needs (an idle main thread).
    cpuMs: (await cpuMs(cdp)) - (startMs ? cpuBefore : 0),
    long: await longTasksBetween(page, startMs, settledMs),
  };
}

async function measure(page: Page, cdp: CDPSession, screen: (typeof SCREENS)[number], run: number): Promise<Sample> {
  const url = `${BASE}${screen.path}?perPage=${ROWS}`;
  // A full page load: the app boots, checks the session, fetches the page and renders it (time from 0).
  const load = await render(page, cdp, `${screen.name}, run ${run}: page load`, () => page.goto(url));

  // To the dashboard through the menu, then the browser's Back to the list: the same document.
  await page.locator(`a[href$="/admin/dashboard"]`).first().click();
  await page.waitForURL(/\/admin\/dashboard$/);
  // The router keeps the list on screen until the dashboard is ready: wait until it is really gone.
  await page.waitForFunction((rows) => document.querySelectorAll('table tbody tr').length < rows, ROWS, {
    timeout: 60_000,
  });
  await settled(page, 0);
  const back = await render(page, cdp, `${screen.name}, run ${run}: Back`, async () => {
    const start = await page.evaluate(() => performance.now());
    await page.goBack({ waitUntil: 'commit' });
    return start;
  });

  const scroll = await profiled(cdp, `${screen.name}, run ${run}: scrolling`, () => page.evaluate(scrollAndTime, 40));
  const scrollLong = await longTasksBetween(page, scroll.from, scroll.to);
  return {
    load,
    back,
    scrollLong,
    p50: quantile(scroll.frames, 0.5),
    p95: quantile(scroll.frames, 0.95),
    maxFrame: Math.max(0, ...scroll.frames),
    slowFrames: scroll.frames.filter((f) => f > 50).length,
    frames: scroll.frames.length,
  };
}

function summary(name: string, samples: Sample[]): string[] {
  const med = (pick: (s: Sample) => number) => quantile(samples.map(pick), 0.5);
  const worst = (pick: (s: Sample) => number) => Math.max(...samples.map(pick));
  const cell = (pick: (s: Sample) => number, digits = 0) =>
    `${med(pick).toFixed(digits)} (${worst(pick).toFixed(digits)})`;
  const renderRow = (what: string, pick: (s: Sample) => Render) =>
    `| ${name} | ${what} | ${cell((s) => pick(s).rowsMs)} | ${cell((s) => pick(s).settledMs)} | ` +
    `${cell((s) => pick(s).cpuMs)} | ${cell((s) => pick(s).long.count)} | ${cell((s) => pick(s).long.max)} | |`;
  return [
    renderRow('page load', (s) => s.load),
    renderRow('Back from the dashboard', (s) => s.back),
    `| ${name} | scroll to the end and back | | | | ${cell((s) => s.scrollLong.count)} | ` +
      `${cell((s) => s.scrollLong.max)} | p50 ${cell((s) => s.p50, 1)}, p95 ${cell((s) => s.p95, 1)}, ` +
      `max ${cell((s) => s.maxFrame)}; ${cell((s) => s.slowFrames)} of ${med((s) => s.frames)} over 50 ms |`,
  ];
}

async function main() {
  ensureClient();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-grid-'));
  let server: ChildServer | undefined;
  const browser = await launchChromium();
  try {
    log(`starting the server on ${BASE} (demo data in ${dataDir})`);
    server = await startServer({ port: PORT, env: { DATA_DIR: dataDir, DIST_DIR: DIST, DATABASE_URL: '' } });
    const lines: string[] = [];
    for (const screen of SCREENS) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      // tsx keeps function names with a `__name` helper, which the functions sent to the page call.
      await context.addInitScript('window.__name = (fn) => fn');
      await context.addInitScript(observePage);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      if (THROTTLE > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
      await page.goto(`${BASE}/en/admin`);
      await page.locator('input[name="email"]').fill('admin@example.com');
      await page.locator('input[name="password"]').fill('Admin#2026');
      await page.locator('button[type="submit"]').click();
      await page.waitForURL(/\/admin\/dashboard$/);
      const samples: Sample[] = [];
      for (let run = 1; run <= RUNS; run++) {
        log(`${screen.name}: run ${run} of ${RUNS}`);
        samples.push(await measure(page, cdp, screen, run));
      }
      lines.push(...summary(screen.name, samples));
      await context.close();
    }
    console.log(
      `\nLantern admin grid: ${ROWS} rows, median of ${RUNS} runs (worst), CPU throttling ${THROTTLE}×, ` +
        `${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}\n`,
    );
    console.log(
      `| screen | measurement | ms to ${ROWS} rows | ms to settled | main thread CPU ms | long tasks | longest task ms | frames (interval ms) |`,
    );
    console.log('|---|---|---|---|---|---|---|---|');
    console.log(lines.join('\n'));
  } finally {
    await browser.close();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
