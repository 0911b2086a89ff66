import { expect, test, type Page } from '@playwright/test';
import resources from '../../resources/index';
import { lookupKeys } from '../../src/core/routes';
import { storageStateFor } from './sweep-support';

/**
 * Every admin list (each resource's list and queue, derived from the configs) at a laptop's 1280×720 and a
 * phone's 390×844: the page never scrolls sideways (a wide table scrolls inside the list), the toolbar wraps
 * inside the window, and a phone gets the simple list. Saved queries work at both sizes.
 */
const LISTS: string[] = resources.flatMap((resource) =>
  resource.paths.admin && !lookupKeys(resource)
    ? [resource.paths.admin, ...(resource.queues ?? []).map((queue) => queue.path)]
    : [],
);

const LAPTOP = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844 };

test.use({ storageState: async ({ baseURL }, use) => use(await storageStateFor(baseURL!, 'super_admin')) });

async function openList(page: Page, path: string) {
  await page.goto(`/en/admin/${path}`);
  // An empty list (an account's own notifications) shows its empty page instead of the toolbar.
  await expect(page.locator('[data-testid="saved-queries-button"], [data-testid="list-empty"]').first()).toBeVisible({
    timeout: 20_000,
  });
  const rows = page.locator(
    '.RaList-content table tbody tr, [data-testid="simple-list"] li, [data-testid="list-empty"]',
  );
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  // Totals, tabs and counts arrive after the rows: let them settle before measuring.
  await page.waitForLoadState('networkidle');
}

/** Widths that scroll the page sideways, and toolbar controls that end outside the window. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const outside = [...document.querySelectorAll('.RaList-actions button, .RaList-actions a, .RaList-actions input')]
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
      .map((element) => element.textContent || element.getAttribute('aria-label') || element.tagName);
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, outside };
  });
}

test.describe('admin lists at 1280×720', () => {
  test.use({ viewport: LAPTOP });

  test('no list scrolls the page sideways; the toolbar stays inside the window', async ({ page }) => {
    test.setTimeout(240_000);
    expect(LISTS).toContain('payments/history');
    for (const path of LISTS) {
      await openList(page, path);
      // A list may be empty for this account (its own notifications): the empty page must fit the window too.
      await expect(page.locator('.RaList-content table, [data-testid="list-empty"]').first(), path).toBeVisible();
      const found = await overflow(page);
      expect(found.scrollWidth, `${path}: page width`).toBeLessThanOrEqual(found.clientWidth);
      expect(found.outside, `${path}: toolbar controls outside the window`).toEqual([]);
    }
  });

  test('payments with every filter shown: the filter bar and toolbar wrap, the totals stay', async ({ page }) => {
    const shown = { kind: true, method: true, status: true, partnerId: true, createdAt_gte: true, createdAt_lte: true };
    const query = `displayedFilters=${encodeURIComponent(JSON.stringify(shown))}&filter=${encodeURIComponent(
      JSON.stringify({ kind: 'charge' }),
    )}`;
    await page.goto(`/en/admin/payments/history?${query}`);
    await expect(page.locator('.RaList-content table tbody tr').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('list-totals')).toBeVisible();
    await expect(page.locator('.RaList-actions [data-source="createdAt_lte"]')).toBeVisible();
    const found = await overflow(page);
    expect(found.scrollWidth).toBeLessThanOrEqual(found.clientWidth);
    expect(found.outside).toEqual([]);
  });

  test('a saved query is saved, applied and removed from the toolbar', async ({ page }) => {
    const filter = encodeURIComponent(JSON.stringify({ kind: 'refund' }));
    await page.goto(`/en/admin/payments/history?filter=${filter}`);
    await expect(page.locator('.RaList-content table tbody tr').first()).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('saved-queries-button').click();
    const panel = page.getByTestId('saved-queries');
    await panel.getByRole('button', { name: 'Save current query...' }).click();
    await page.getByLabel('Query name').fill('Refunds only');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByText('Refunds only')).toBeVisible();
    await page.keyboard.press('Escape');

    // A fresh visit has no filter; the saved query brings it back.
    await page.goto('/en/admin/payments/history?filter=%7B%7D');
    await expect(page.locator('.RaList-content table tbody tr').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('tbody td', { hasText: 'Charge' }).first()).toBeVisible();
    await page.getByTestId('saved-queries-button').click();
    await panel.getByText('Refunds only').click();
    await expect(page).toHaveURL(/refund/);
    await expect(page.locator('tbody td', { hasText: 'Charge' })).toHaveCount(0);
    await expect(page.locator('tbody td', { hasText: 'Refund' }).first()).toBeVisible();

    await panel.getByRole('button', { name: 'Remove saved query' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(panel.getByText('Refunds only')).toHaveCount(0);
  });
  test('the app bar slides away as the list scrolls down, the sidebar moving up with it, and both come back', async ({
    page,
  }) => {
    await openList(page, 'orders?perPage=50');
    const bar = page.locator('header.MuiAppBar-root');
    const menu = page.locator('.RaSidebar-fixed');
    const top = (locator: typeof bar) => locator.evaluate((element) => element.getBoundingClientRect().top);
    // The screen opens at its top: the bar in place and the menu right under it.
    expect(await top(bar)).toBe(0);
    const menuTop = await top(menu);
    expect(menuTop).toBeGreaterThanOrEqual(40);
    await page.mouse.move(700, 400);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => top(bar)).toBeLessThan(-40);
    await expect.poll(() => top(menu)).toBeLessThan(menuTop - 40);
    await page.mouse.wheel(0, -200);
    await expect.poll(() => top(bar)).toBe(0);
    await expect.poll(() => top(menu)).toBe(menuTop);
  });
});

test.describe('admin lists on a phone (390×844)', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('every list collapses to a simple list that fits the screen', async ({ page }) => {
    test.setTimeout(240_000);
    for (const path of LISTS) {
      await openList(page, path);
      await expect(page.locator('.RaList-content table'), `${path}: no table on a phone`).toHaveCount(0);
      await expect(
        page.locator('[data-testid="simple-list"] li, [data-testid="list-empty"]').first(),
        path,
      ).toBeVisible();
      const found = await overflow(page);
      expect(found.scrollWidth, `${path}: page width`).toBeLessThanOrEqual(found.clientWidth);
      expect(found.outside, `${path}: toolbar controls outside the window`).toEqual([]);
    }
  });

  test('saved queries are at hand on a phone', async ({ page }) => {
    const filter = encodeURIComponent(JSON.stringify({ status: 'approved' }));
    await page.goto(`/en/admin/payments/refund-request?filter=${filter}`);
    await expect(page.getByTestId('simple-list').locator('li').first()).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Saved queries' }).click();
    await page.getByTestId('saved-queries').getByRole('button', { name: 'Save current query...' }).click();
    await page.getByLabel('Query name').fill('Approved');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('saved-queries').getByText('Approved')).toBeInViewport();
  });
});
