import { expect, test, type Page } from '@playwright/test';

/**
 * The home comes with its first screen drawn in plain HTML (server/first-paint.ts), so that on a phone the first
 * card's photo, the page's largest paint, shows before the script has run. React then draws the page over it: each
 * thing must be where the server drew it, or the page would jump and its largest paint move to the later photo.
 */
test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

/** Where the bar, the hero's title, the search bar and the first card's photo and title are, fonts loaded. */
async function layout(page: Page, scope: string) {
  await page.evaluate(() => document.fonts.ready);
  const box = async (selector: string) => {
    const found = await page.locator(`${scope} ${selector}`).first().boundingBox();
    expect(found, selector).not.toBeNull();
    return found!;
  };
  return {
    bar: await box('.lt-appbar'),
    hero: await box('.lt-hero__title'),
    search: await box('.lt-search'),
    media: await box('.lt-card__media'),
    title: await box('.lt-card__title'),
  };
}

for (const locale of ['lo', 'en'] as const) {
  test(`${locale}: the page draws its first screen where the server drew it`, async ({ browser }) => {
    // Without the script: what the server drew, and only that.
    const plain = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 412, height: 823 },
      isMobile: true,
    });
    const before = await plain.newPage();
    await before.goto(`/${locale}`);
    const drawn = before.locator('#root > [data-first-paint="home"]');
    await expect(drawn).toBeVisible();
    await expect(drawn.locator('.lt-card')).toHaveCount(1);
    const drawnTitle = await drawn.locator('.lt-card__title').textContent();
    const server = await layout(before, '#root > [data-first-paint="home"]');
    // The first card's photo is on a phone's first screen.
    expect(server.media.y).toBeLessThan(823);
    await plain.close();

    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true });
    await page.goto(`/${locale}`);
    await expect(page.getByTestId('catalog-card').first()).toBeVisible();
    await expect(page.locator('[data-first-paint]')).toHaveCount(0);
    expect(await page.getByTestId('card-title').first().textContent()).toBe(drawnTitle);
    const app = await layout(page, '[data-testid="home-page"]');
    for (const key of Object.keys(server) as (keyof typeof server)[]) {
      for (const side of ['x', 'y', 'width', 'height'] as const)
        expect(Math.abs(app[key][side] - server[key][side]), `${key}.${side}`).toBeLessThanOrEqual(1);
    }
    // Nothing on the screen moved while the page replaced what the server drew.
    const shifts = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 500);
        }),
    );
    expect(shifts).toBeLessThan(0.01);
    await page.close();
  });
}

test('the drawn page asks for the app’s scripts only once it is painted', async ({ page }) => {
  // The stylesheet, which the first paint waits for, is held a while: no script may be asked for meanwhile.
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/[^/]+\.js$/.test(new URL(request.url()).pathname)) asked.push('script');
  });
  await page.route(/\/assets\/[^/]+\.css$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    asked.push('stylesheet');
    await route.continue();
  });
  await page.goto('/lo');
  await expect(page.getByTestId('catalog-card').first()).toBeVisible();
  expect(asked[0]).toBe('stylesheet');
  expect(asked.filter((what) => what === 'script').length).toBeGreaterThan(0);
});
