import { expect, test, type Page } from '@playwright/test';
import { watchFrames, watchLargestPaints } from './held-paint-watch';
import { PARTNER } from './partner-helpers';
import { PLATFORM_ZONE, platformDay } from '../support/platform-day';

// The guide's two screens at the door, on a phone with one bar of signal (SPEC §15): the server draws a
// departure's manifest, and the scan screen with the departure it opens on (server/first-paint.ts
// `screenFirstPaint`), before the area's script has come; the screen's own replaces it in the same place
// (shell/held-paint.ts), and the server's stays the page's largest paint.

const SCRIPT_DELAY_MS = 1500;
test.use({ viewport: { width: 390, height: 844 }, timezoneId: PLATFORM_ZONE });

/** The demo partner's departure of today with the most travellers on its manifest. */
async function todaysDeparture(page: Page): Promise<{ id: number; codes: string[] }> {
  const filter = encodeURIComponent(JSON.stringify({ startDate: platformDay(0) }));
  const departures = (await (await page.request.get(`/api/schedules?filter=${filter}&range=[0,9]`)).json()) as {
    id: number;
  }[];
  let best = { id: 0, codes: [] as string[] };
  for (const { id } of departures) {
    const manifest = (await (await page.request.get(`/api/schedules/${id}/manifest`)).json()) as {
      rows: { code: string }[];
    };
    if (manifest.rows.length > best.codes.length) best = { id, codes: manifest.rows.map((row) => row.code) };
  }
  expect(best.codes.length, 'a departure today with travellers').toBeGreaterThan(0);
  return best;
}

/** Delays the area's script, and watches what is on screen frame by frame and where the largest paints were. */
async function slowScript(page: Page) {
  await page.addInitScript(watchFrames, {
    held: '.lt-first-paint-sheet li',
    drawn: '[data-record-table] [data-cards] li',
  });
  await page.addInitScript(watchLargestPaints);
  await page.route(/\/assets\/.*\.(js|woff2)$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
    await route.continue();
  });
}

/** The server's first card and heading are where the screen draws its own, to the pixel; the server's is gone. */
async function expectReplacedInPlace(page: Page, firstCode: string) {
  const held = page.locator('.lt-first-paint-sheet');
  await expect(held.locator('li h3').first()).toHaveText(firstCode);
  const heldBoxes = [
    (await held.locator('> p').boundingBox())!,
    (await held.locator('li').first().boundingBox())!,
    (await held.locator('li h3').first().boundingBox())!,
  ];
  const table = page.locator('[data-record-table="manifest"]');
  await expect(table.locator('[data-cards] li').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.lt-held-paint')).toHaveCount(0);
  const ownBoxes = [
    (await table.locator('[data-table-heading]').boundingBox())!,
    (await table.locator('[data-cards] li').first().boundingBox())!,
    (await table.locator('[data-cards] li h3').first().boundingBox())!,
  ];
  ownBoxes.forEach((box, index) => {
    for (const side of ['x', 'y', 'width', 'height'] as const)
      expect(Math.abs(box[side] - heldBoxes[index][side]), `${side} of part ${index}`).toBeLessThan(1);
  });
  await expect(table.locator('[data-cards] li h3').first()).toHaveText(firstCode);
  // The travellers are on the screen in every frame from the server's first to the screen's own.
  const frames = await page.evaluate(() => window.__frames);
  const from = frames.findIndex(([server]) => server);
  expect(from).toBeGreaterThanOrEqual(0);
  for (const [server, own] of frames.slice(from)) expect(server || own).toBe(true);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  expect(await page.evaluate(() => window.__largestPaints)).toEqual(['server']);
}

test("a departure's manifest is on the guide's phone before the script, then the page's own in its place", async ({
  page,
}) => {
  expect((await page.request.post('/api/auth/login', { data: PARTNER })).status()).toBe(200);
  const { id, codes } = await todaysDeparture(page);
  await slowScript(page);
  await page.goto(`/en/partner/schedules/${id}`, { waitUntil: 'commit' });
  const held = page.locator('.lt-first-paint-screen');
  await expect(held.locator('h2')).toHaveText('Manifest');
  await expect(held.locator('li h3')).toHaveText(codes.slice(0, 4));
  await expectReplacedInPlace(page, codes[0]);
});

test('the scan screen opens drawn on the departure in its address, with its manifest, then the screen in its place', async ({
  page,
}) => {
  expect((await page.request.post('/api/auth/login', { data: PARTNER })).status()).toBe(200);
  const { id, codes } = await todaysDeparture(page);
  await slowScript(page);
  await page.goto(`/en/partner/check-in?pick=${id}`, { waitUntil: 'commit' });
  const held = page.locator('.lt-first-paint-screen');
  await expect(held.locator('h1')).toHaveText('Check-in');
  const chosen = (await held.locator('[data-pick]').textContent())!.replace(/^Departure/, '');
  await expect(held.locator('.lt-first-paint-sheet li h3').first()).toHaveText(codes[0]);
  await expectReplacedInPlace(page, codes[0]);
  // The picker reads what the server drew.
  await expect(page.getByRole('combobox')).toHaveText(chosen);
});

test('on a desk the bar alone is drawn first: the phone’s cards are not left over the table', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  expect((await page.request.post('/api/auth/login', { data: PARTNER })).status()).toBe(200);
  const { id } = await todaysDeparture(page);
  await page.goto(`/en/partner/schedules/${id}`);
  await expect(page.locator('[data-record-table="manifest"] table tbody tr').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.lt-held-paint')).toHaveCount(0);
});
