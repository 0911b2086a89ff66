/**
 * `npm run docs:screenshots`: the README's pictures, taken from the demo data so they stay true. It starts the
 * built server (`npm run build` comes first in the npm script) on a fresh PGlite directory, signs in as the demo
 * accounts, photographs each screen in Debian's Chromium and writes WebP into `docs/images/` (each well under
 * 1.5 MB; the script fails past it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, BrowserContextOptions, Page } from '@playwright/test';
import sharp from 'sharp';
import { launchChromium, ROOT, startServer } from '../bench/support/server';

const OUT = path.join(ROOT, 'docs', 'images');
const MAX_BYTES = 1.5 * 1024 * 1024;
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
const DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 };

interface Shot {
  file: string;
  /** The screen's path, or how to find it in the demo data (with the shot's account signed in). */
  path: string | ((request: APIRequestContext) => Promise<string>);
  device: BrowserContextOptions;
  /** Taller than the screen (CSS pixels from the top of the page): on a phone, the first cards below the search. */
  height?: number;
  account?: { email: string; password: string };
  /** Visible once the screen has drawn what it is for. */
  ready: (page: Page) => Promise<void>;
}

/** The id of the first record of a list the signed-in account reads, with this filter. */
async function firstId(request: APIRequestContext, resource: string, filter: Record<string, unknown>) {
  const query = `filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,0]&sort=["id","ASC"]`;
  const [row] = (await (await request.get(`/api/${resource}?${query}`)).json()) as { id: number }[];
  if (!row) throw new Error(`no ${resource} with ${JSON.stringify(filter)} in the demo data`);
  return row.id;
}

/** A record page on a phone: drawn once its workflow's actions are there (the bar at the bottom of the screen). */
const phoneRecord = (file: string, account: Shot['account'], path: Shot['path']): Shot => ({
  file,
  path,
  device: PHONE,
  account,
  ready: async (page) => {
    await page.locator('[data-action]').first().waitFor();
  },
});

const MODERATOR = { email: 'moderator@example.com', password: 'Admin#2026' };
const PARTNER = { email: 'partner@example.com', password: 'Partner#2026' };
const TRAVELLER = { email: 'user@example.com', password: 'User#2026' };

const SHOTS: Shot[] = [
  {
    file: 'home-phone.webp',
    path: '/en',
    device: PHONE,
    height: 1100,
    ready: async (page) => {
      await page.getByTestId('catalog-card').first().waitFor();
      await page.locator('.lt-card__media').first().waitFor();
    },
  },
  {
    file: 'admin-service-review.webp',
    path: '/en/admin/service-review',
    device: DESKTOP,
    account: { email: 'admin@example.com', password: 'Admin#2026' },
    ready: async (page) => {
      await page.locator('table tbody tr').first().waitFor();
    },
  },
  {
    file: 'partner-dashboard.webp',
    path: '/en/partner',
    device: DESKTOP,
    account: { email: 'partner@example.com', password: 'Partner#2026' },
    ready: async (page) => {
      await page.locator('[data-widget="revenue"] [data-amount="thisMonth"]').getByText(/\d/).waitFor();
      await page.locator('[data-widget="balance"] [data-amount="available"]').getByText(/\d/).waitFor();
    },
  },
  phoneRecord(
    'phone-service-review.webp',
    MODERATOR,
    async (request) => `/en/admin/service-review/${await firstId(request, 'services', { status: 'pending' })}/show`,
  ),
  phoneRecord(
    'phone-partner-order.webp',
    PARTNER,
    async (request) => `/en/partner/orders/${await firstId(request, 'orders', { status: 'paid' })}/show`,
  ),
  // The guide at the door: the scan screen on today's departure, and a departure's page with its travellers first.
  {
    file: 'phone-scan.webp',
    path: '/en/partner/check-in',
    device: PHONE,
    account: PARTNER,
    ready: async (page) => {
      await page.locator('[data-record-table="manifest"] [data-row]').first().waitFor();
    },
  },
  {
    file: 'phone-manifest.webp',
    path: async (request) => {
      const filter = { startDate_gte: new Date().toISOString().slice(0, 10), status: ['open', 'closed'] };
      const query = `filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,0]&sort=["startDate","ASC"]`;
      const [row] = (await (await request.get(`/api/schedules?${query}`)).json()) as { id: number }[];
      if (!row) throw new Error('no departure ahead in the demo data');
      return `/en/partner/schedules/${row.id}`;
    },
    device: PHONE,
    account: PARTNER,
    ready: async (page) => {
      await page.locator('[data-record-table="manifest"] [data-row]').first().waitFor();
    },
  },
  phoneRecord(
    'phone-traveller-order.webp',
    TRAVELLER,
    async (request) => `/en/account/orders/${await firstId(request, 'orders', { status: 'pending_payment' })}`,
  ),
];

const log = (line: string) => console.error(`[screenshots] ${line}`);

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-screenshots-'));
  const server = await startServer({
    entry: ['dist-server/main.js'],
    env: { DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
  });
  log(`server ${server.url} (demo data in ${dataDir})`);
  const browser = await launchChromium();
  try {
    fs.mkdirSync(OUT, { recursive: true });
    for (const shot of SHOTS) {
      const context = await browser.newContext({ ...shot.device, baseURL: server.url, colorScheme: 'light' });
      if (shot.account) {
        const response = await context.request.post('/api/auth/login', {
          data: shot.account,
          headers: { origin: server.url },
        });
        if (!response.ok()) throw new Error(`sign-in as ${shot.account.email}: ${response.status()}`);
      }
      const page = await context.newPage();
      await page.goto(typeof shot.path === 'string' ? shot.path : await shot.path(context.request));
      await shot.ready(page);
      // Everything the screen fetches after its first draw (names, counts, photos, fonts) is in the picture.
      await page.waitForLoadState('networkidle', { timeout: 60_000 });
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(500);
      const png = await page.screenshot({
        animations: 'disabled',
        caret: 'hide',
        ...(shot.height
          ? { fullPage: true, clip: { x: 0, y: 0, width: shot.device.viewport!.width, height: shot.height } }
          : {}),
      });
      const webp = await sharp(png).webp({ quality: 82, effort: 5 }).toBuffer();
      if (webp.length > MAX_BYTES) throw new Error(`${shot.file}: ${webp.length} bytes, over ${MAX_BYTES}`);
      fs.writeFileSync(path.join(OUT, shot.file), webp);
      log(`${shot.file}: ${Math.round(webp.length / 1024)} KB`);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
