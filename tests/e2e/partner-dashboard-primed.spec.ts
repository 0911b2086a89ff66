import { expect, test } from '@playwright/test';
import portal from '../../resources/partner-portal';
import { screenFirstReads } from '../../src/core/portal-reads';
import { AREA_FIRST_READ } from '../../src/core/primed-answers';
import { signInPartner } from './partner-helpers';

/**
 * A partner on a phone opens the portal's home: the page comes with its top drawn and the account and first
 * widgets' answers inside (server/primed-answers.ts), so none of those requests goes out; the lists further down
 * load only when scrolled near.
 */
test.use({ viewport: { width: 360, height: 740 } });

const home = portal.screens.find((screen) => screen.path === '')!;

test("the portal's home draws from the page's answers; its lists below the fold wait to be scrolled to", async ({
  page,
}) => {
  const me = await signInPartner(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname.slice('/api/'.length)}${url.search}`);
  });
  const html = await (await page.request.get('/en/partner')).text();
  // Before any script: the app bar and the greeting.
  expect(html).toMatch(/<div id="root"><div class="lt-first-paint">.*<h1>Welcome, [^<]+<\/h1>/);

  await page.goto('/en/partner');
  await expect(page.locator('h1[data-screen="dashboard"]')).toContainText('Welcome');
  await expect(page.locator('[data-widget="revenue"] [data-amount="thisMonth"]')).toContainText(/\d/);
  await expect(page.locator('[data-widget="balance"] [data-amount="available"]')).toContainText(/\d/);
  await expect(page.getByTestId('decision-partners')).toBeVisible();
  const reads = screenFirstReads(home, { resource: 'partners', id: me.id });
  const primed = [AREA_FIRST_READ, ...reads.first];
  expect(asked.filter((path) => primed.includes(path))).toEqual([]);

  // The last list sits far below a phone's first screen: neither its code nor its rows have been asked for.
  const last = home.widgets.at(-1)!;
  expect(last.kind).toBe('list');
  const pending = page.locator(`[data-widget-pending="${last.name}"]`);
  await expect(pending).toHaveCount(1);
  const ownList = (path: string) =>
    last.kind === 'list' &&
    path.startsWith(`${last.resource}?`) &&
    decodeURIComponent(path).includes(JSON.stringify(last.filter));
  expect(asked.some(ownList)).toBe(false);
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.locator(`[data-widget="${last.name}"]`)).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  // Scrolled near, the widget mounts and then asks for its rows (the request follows the mount).
  await expect.poll(() => asked.some(ownList)).toBe(true);
});
