/**
 * `npm run bench:bundle`: the bytes the public home and the admin entry transfer, on the wire (SPEC §9).
 *
 *   npm run bench:bundle                          # starts the built server (`npm run build` first), demo data
 *   npm run bench:bundle -- --url http://127.0.0.1:3000   # measures a server that is already running
 *   npm run bench:bundle -- --check               # exits 1 over budget (`npm run test:size`, part of `npm test`)
 *   npm run bench:bundle -- --verbose             # every script of the heaviest load, with its encoding
 *
 * Each page is opened in Debian's Chromium, in a fresh browser context (empty cache), once per locale, and the
 * bytes Chromium received are summed from the DevTools protocol (`Network.loadingFinished.encodedDataLength`:
 * headers and body as they came over the connection). The budgets count the JavaScript the page fetched until
 * its first screen showed (home: the search results; admin entry, signed out: the sign-in form): home ≤ 150 KB
 * (aim 100 KB), admin entry ≤ 370 KB, for the heaviest locale. Beside them, for reference: the same scripts
 * without compression (`Accept-Encoding: identity`, what the wire carried before the server compressed), and
 * everything the page transferred until it was quiet (styles, fonts, API answers, the shell, and the chunks
 * it preloads once idle).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, CDPSession } from '@playwright/test';
import { LOCALES } from '../src/core/locales';
import { launchChromium, ROOT, startServer, type ChildServer } from './support/server';
import { flag, option } from './support/args';

const CHECK = flag('check');
const VERBOSE = flag('verbose');
/** After the first screen, the page counts as quiet once nothing was fetched for this long, and not before… */
const QUIET_MS = 1000;
/** …this long after the first screen: the home page preloads its likely next screens 2 s after it shows. */
const SETTLE_MS = 2500;
const KB = 1024;

const PAGES = [
  { name: '/{locale} (home)', path: '', ready: '[data-testid="result-count"]', budget: 150 * KB },
  { name: '/{locale}/admin', path: '/admin', ready: 'form input[name="password"]', budget: 370 * KB },
];

interface Transfer {
  url: string;
  /** When the request started (ms since the epoch). */
  at: number;
  encoding: string;
  /** Bytes over the connection: headers and (compressed) body. */
  wire: number;
  done: boolean;
}

interface Load {
  /** Scripts fetched until the first screen showed. */
  scripts: Transfer[];
  /** Everything fetched until the page was quiet. */
  all: Transfer[];
}

const isScript = (url: string) => new URL(url).pathname.endsWith('.js');
const sum = (transfers: Transfer[]) => transfers.reduce((total, t) => total + t.wire, 0);
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

function record(cdp: CDPSession): Map<string, Transfer> {
  const transfers = new Map<string, Transfer>();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.url.startsWith('http'))
      transfers.set(event.requestId, {
        url: event.request.url,
        at: event.wallTime * 1000,
        encoding: '',
        wire: 0,
        done: false,
      });
  });
  cdp.on('Network.responseReceived', (event) => {
    const transfer = transfers.get(event.requestId);
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    if (transfer) transfer.encoding = String(headers['content-encoding'] ?? 'identity');
  });
  cdp.on('Network.loadingFinished', (event) => {
    const transfer = transfers.get(event.requestId);
    if (transfer) Object.assign(transfer, { wire: event.encodedDataLength, done: true });
  });
  cdp.on('Network.loadingFailed', (event) => {
    const transfer = transfers.get(event.requestId);
    if (transfer) transfer.done = true;
  });
  return transfers;
}

async function quiet(transfers: Map<string, Transfer>, settleUntil: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  let seen = -1;
  let changedAt = Date.now();
  for (;;) {
    const pending = [...transfers.values()].some((t) => !t.done);
    if (transfers.size !== seen) [seen, changedAt] = [transfers.size, Date.now()];
    if (!pending && Date.now() - changedAt >= QUIET_MS && Date.now() >= settleUntil) return;
    if (Date.now() > deadline) throw new Error('the page never went quiet');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Notes in the page when an element matching `selector` first appears (ms since the epoch, on the clock of the
 * requests' `wallTime`): a test's wait for it may answer seconds later on a loaded machine, and chunks the page
 * fetched after its first screen must not count.
 */
const firstScreenWatch = (selector: string) => `
  new MutationObserver((_, observer) => {
    if (!document.querySelector(${JSON.stringify(selector)})) return;
    window.__firstScreen = performance.timeOrigin + performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });`;

async function load(browser: Browser, url: string, ready: string, compressed: boolean): Promise<Load> {
  const context = await browser.newContext();
  try {
    await context.addInitScript(firstScreenWatch(ready));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (!compressed) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
    const transfers = record(cdp);
    await page.goto(url);
    await page.locator(ready).first().waitFor({ state: 'visible', timeout: 60_000 });
    const shownAt = await page.evaluate(() => (window as unknown as { __firstScreen: number }).__firstScreen);
    await quiet(transfers, Date.now() + SETTLE_MS);
    const all = [...transfers.values()];
    return { scripts: all.filter((t) => t.at <= shownAt && isScript(t.url)), all };
  } finally {
    await context.close();
  }
}

async function measure(browser: Browser, base: string) {
  const rows: string[] = [];
  const worst = PAGES.map(() => ({ bytes: 0, locale: '', load: undefined as Load | undefined }));
  for (const [index, page] of PAGES.entries()) {
    for (const locale of LOCALES) {
      const url = `${base}/${locale}${page.path}`;
      const started = Date.now();
      const wire = await load(browser, url, page.ready, true);
      const identity = CHECK ? undefined : await load(browser, url, page.ready, false);
      const bytes = sum(wire.scripts);
      console.error(`[bundle] ${url}: ${kb(bytes)} of JS on the wire (${Date.now() - started} ms)`);
      if (bytes > worst[index].bytes) worst[index] = { bytes, locale, load: wire };
      const uncompressed = wire.scripts.filter((t) => t.encoding === 'identity').length;
      rows.push(
        `| ${page.name} | ${locale} | ${kb(bytes)} | ${wire.scripts.length}` +
          `${uncompressed ? ` (${uncompressed} uncompressed)` : ''} | ${identity ? kb(sum(identity.scripts)) : '-'} | ` +
          `${kb(sum(wire.all))} | ${wire.all.length} |`,
      );
    }
  }
  console.log(
    `\nLantern bundle on the wire: ${base}, Chromium, fresh cache per load, ${os.cpus().length} CPUs, ` +
      `load average ${os.loadavg()[0].toFixed(1)}\n`,
  );
  console.log(
    '| page | locale | JS to first screen, on the wire | scripts | same JS uncompressed | everything until quiet, on the wire | requests |',
  );
  console.log('|---|---|---|---|---|---|---|');
  console.log(rows.join('\n'));
  console.log('');
  let over = false;
  for (const [index, page] of PAGES.entries()) {
    const { bytes, locale } = worst[index];
    over ||= bytes > page.budget;
    console.log(
      `${page.name.padEnd(18)} heaviest ${locale}: ${kb(bytes).padStart(9)} of JS on the wire, budget ${kb(page.budget)}  ` +
        (bytes <= page.budget ? 'ok' : 'OVER'),
    );
  }
  if (VERBOSE)
    for (const [index, page] of PAGES.entries()) {
      console.log(`\n${page.name} (${worst[index].locale}):`);
      for (const t of [...worst[index].load!.scripts].sort((a, b) => b.wire - a.wire))
        console.log(`  ${kb(t.wire).padStart(9)}  ${t.encoding.padEnd(8)} ${new URL(t.url).pathname}`);
    }
  return over;
}

async function main() {
  let server: ChildServer | undefined;
  let dataDir: string | undefined;
  let base = option('url');
  if (!base) {
    const bundle = path.join(ROOT, 'dist-server', 'main.js');
    if (!fs.existsSync(path.join(ROOT, 'dist', 'index.html')) || !fs.existsSync(bundle))
      throw new Error('no build: run `npm run build` first');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bundle-'));
    server = await startServer({ entry: [bundle], env: { DATA_DIR: dataDir, DATABASE_URL: '' } });
    base = server.url;
  }
  const browser = await launchChromium();
  try {
    if (await measure(browser, base)) process.exitCode = 1;
  } finally {
    await browser.close();
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
