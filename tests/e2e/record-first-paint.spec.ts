import { expect, test } from '@playwright/test';
import { watchFrames, watchLargestPaints } from './held-paint-watch';

// The server draws a record page's head and first section into the page (server/first-paint.ts
// `recordFirstPaint`): on slow 4G the traveller sees their booking's photo, trip and total before the area's
// script has come. It stays until the page draws its own (shell/held-paint.ts), in the same place.

const SCRIPT_DELAY_MS = 1500;
const USER = { email: 'user@example.com', password: 'User#2026' };

for (const device of [
  { name: 'a phone', viewport: { width: 390, height: 844 } },
  { name: 'a desk', viewport: { width: 1440, height: 900 } },
])
  test.describe(`${device.name}`, () => {
    test.use({ viewport: device.viewport });
    test("shows a traveller's booking before the area's script has come, then the page in its place", async ({
      page,
    }) => {
      expect((await page.request.post('/api/auth/login', { data: USER })).status()).toBe(200);
      const [order] = (await (await page.request.get('/api/orders?range=[0,0]&sort=["id","ASC"]')).json()) as {
        id: number;
        code: string;
        total: number;
      }[];
      await page.addInitScript(watchFrames, {
        held: '.lt-first-paint-record img',
        drawn: '[data-testid="record-page-hero"] img',
      });
      await page.addInitScript(watchLargestPaints);
      await page.route(/\/assets\/.*\.(js|woff2)$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
        await route.continue();
      });
      await page.goto(`/en/account/orders/${order.id}`, { waitUntil: 'commit' });
      const held = page.locator('.lt-first-paint-record');
      await expect(held.locator('img')).toBeVisible();
      await expect(page.locator('.lt-first-paint-bar').first()).toHaveText(`Order ${order.code}`);
      await expect(held.locator('section h2')).toHaveText('Your trip');
      const heading = (await held.locator('h1').textContent())!;
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('.lt-first-paint-record img')].every((img) => img.complete),
      );
      // Measured once the page's styles are in force (the layer is fixed above the app): before, the photo is
      // drawn at its own size wherever the text puts it.
      await page.waitForFunction(
        () => getComputedStyle(document.querySelector('.lt-held-paint')!).position === 'fixed',
      );
      const photo = (await held.locator('img').boundingBox())!;
      const title = (await held.locator('h1').boundingBox())!;
      // The page's own head, where the server's was, and the server's gone.
      const hero = page.getByTestId('record-page-hero');
      await expect(hero.locator('img')).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('.lt-held-paint')).toHaveCount(0);
      await expect(hero.locator('h1')).toHaveText(heading);
      for (const [mine, theirs] of [
        [hero.locator('img'), photo],
        [hero.locator('h1'), title],
      ] as const) {
        const box = (await mine.boundingBox())!;
        for (const side of ['x', 'y', 'width', 'height'] as const)
          expect(
            Math.abs(box[side] - theirs[side]),
            `${side}: ${JSON.stringify(box)} against ${JSON.stringify(theirs)}`,
          ).toBeLessThan(1);
      }
      // A photo on the screen in every frame from the server's first to the page's own.
      const frames = await page.evaluate(() => window.__frames);
      const from = frames.findIndex(([server]) => server);
      expect(from).toBeGreaterThanOrEqual(0);
      for (const [server, own] of frames.slice(from)) expect(server || own).toBe(true);
      // The server's photo stays the page's largest paint: the page's own, at the same size, is no larger.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
      expect(await page.evaluate(() => window.__largestPaints)).toEqual(['server']);
    });
  });
