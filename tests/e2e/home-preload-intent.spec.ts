import { expect, test, type Page } from '@playwright/test';

/**
 * The home fetches the sign-in and service pages' code only when the visitor shows intent (a pointer on, or focus
 * in, a link to them) or once the page has sat idle for a few seconds (src/client/shell/preload-when-idle.ts): a
 * phone on a metered plan that only looks pays for the first screen alone.
 */
const CHUNKS = { login: /\/LoginPage-[\w-]+\.js$/, item: /\/ItemPage-[\w-]+\.js$/ };

function chunksAsked(page: Page) {
  const asked = { login: false, item: false };
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    for (const [name, pattern] of Object.entries(CHUNKS))
      if (pattern.test(path)) asked[name as keyof typeof asked] = true;
  });
  return asked;
}

async function openHome(page: Page) {
  await page.goto('/en');
  await expect(page.getByTestId('catalog-card').first()).toBeVisible();
}

test('a visitor who only looks fetches neither; a pointer or focus on their links fetches each', async ({ page }) => {
  const asked = chunksAsked(page);
  await openHome(page);
  // Longer than the page once waited before preloading (2 s); shorter than its idle wait (5 s). The scrolls keep
  // the page busy, as a visitor who reads it does.
  for (let i = 0; i < 6; i++) {
    await page.mouse.wheel(0, i % 2 ? -200 : 200);
    await page.waitForTimeout(600);
  }
  expect(asked).toEqual({ login: false, item: false });

  await page.getByTestId('link-login').hover();
  await expect.poll(() => asked.login).toBe(true);
  expect(asked.item).toBe(false);

  await page.locator('.lt-card__link').first().focus();
  await expect.poll(() => asked.item).toBe(true);
});

test('a page left idle for a few seconds fetches both', async ({ page }) => {
  const asked = chunksAsked(page);
  await openHome(page);
  await page.waitForTimeout(2_500);
  expect(asked).toEqual({ login: false, item: false });
  await expect.poll(() => asked, { timeout: 15_000 }).toEqual({ login: true, item: true });
});
