import { expect, test } from '@playwright/test';
import site from '../../resources/public-site';
import { firstScreenPaths } from '../../src/core/catalog-requests';

/**
 * The home opened with no search draws its first screen from the answers inside the page (server/primed-
 * answers.ts): no request for them goes out, and a search asks the server as before. (The first card's photo
 * preload is checked by tests/api/primed-home.test.ts: the first card here may be another suite's, without one.)
 */
const { catalogPage, filterOptions } = firstScreenPaths(site);

test('the first screen comes with the page; a search asks the server', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname.slice('/api/'.length)}${url.search}`);
  });
  await page.goto('/en');
  const cards = page.getByTestId('catalog-card');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByTestId('result-count')).toBeVisible();
  // The filters' options came with the page too: the search bar offers them.
  expect(await page.locator('select').first().locator('option').count()).toBeGreaterThan(1);
  expect(asked.filter((path) => path === catalogPage || filterOptions.includes(path))).toEqual([]);
  // The partner names and departures of the cards are still asked for: the page primes only what it draws first.
  expect(asked.some((path) => path.startsWith(`${site.catalog.partner!.resource}?`))).toBe(true);

  const titles = await page.getByTestId('card-title').allTextContents();
  const search = page.getByRole('searchbox');
  await search.fill(titles[0].split(' ')[0]);
  const searched = page.waitForRequest(
    (request) => new URL(request.url()).pathname === `/api/${site.catalog.resource}`,
  );
  await search.press('Enter');
  expect(new URL((await searched).url()).searchParams.get('filter')).toContain('"q"');
  await expect(cards.first()).toBeVisible();
});
