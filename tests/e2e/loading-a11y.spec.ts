import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Route } from '@playwright/test';
import { signInAs } from './list-screens';

// A screen still waiting for its data is a screen too: a slow database or a slow phone shows it for seconds, and
// WCAG 2.1 AA holds for it as for the finished one. The data is held back here until axe has looked.

const ADMIN = { email: 'admin@example.com', password: 'Admin#2026' };
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Holds every API request that `holds` until the returned release is called. */
async function holdApi(page: Page, holds: (url: URL) => boolean) {
  const held: Route[] = [];
  let released = false;
  await page.route('**/api/**', async (route) => {
    if (released || !holds(new URL(route.request().url()))) return route.continue();
    held.push(route);
  });
  return async () => {
    released = true;
    await Promise.all(held.splice(0).map((route) => route.continue().catch(() => {})));
  };
}

async function violations(page: Page) {
  // Contrast is read once colours have settled: a chip turning green as its answer comes (the health card, whose
  // request is not held) passes through colours between for 300 ms, and axe once read it mid-way.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
  const result = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

test('the statistics page’s loading messages are readable (4.5:1) while its figures are on their way', async ({
  page,
}) => {
  await signInAs(page, ADMIN);
  const release = await holdApi(page, (url) => url.pathname.startsWith('/api/stats/'));
  await page.goto('/en/admin/statistics');
  // react-admin shows its message after a second of waiting.
  await expect(page.locator('.RaLoading-message').first()).toBeVisible({ timeout: 20_000 });
  expect(await violations(page)).toEqual([]);
  await release();
});

test('a list wider than its card can be scrolled by keyboard, loading or loaded; one that fits takes no tab stop', async ({
  page,
}) => {
  // Narrower than the audit trail's columns: the table is wider than its card.
  await page.setViewportSize({ width: 700, height: 800 });
  await signInAs(page, ADMIN);
  // Opened from the menu: a page opened by its address comes with the list's first page inside it.
  await page.goto('/en/admin');
  const release = await holdApi(page, (url) => url.pathname === '/api/audit-log');
  await page.locator('a[href$="/admin/system"]').first().click();
  await expect(page.locator('[data-placeholder-rows] table').first()).toBeVisible({ timeout: 20_000 });
  const card = page.locator('.RaList-content').first();
  expect(await card.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
  await expect(card).toHaveAttribute('tabindex', '0');
  expect(await violations(page)).toEqual([]);
  await release();
  await expect(page.locator('[data-placeholder-rows]')).toHaveCount(0, { timeout: 20_000 });
  expect(await violations(page)).toEqual([]);
  // The card is a region named as the list; focused, the arrow keys scroll it to the far columns.
  const region = page.getByRole('region', { name: 'Audit log' });
  await region.focus();
  await expect(region).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((node) => node.scrollLeft)).toBeGreaterThan(0);
  // Wide enough, the table fits its card: nothing to scroll, no tab stop.
  await page.setViewportSize({ width: 2400, height: 800 });
  await expect(card).not.toHaveAttribute('tabindex');
  await expect(page.getByRole('region', { name: 'Audit log' })).toHaveCount(0);
});

test('a row’s link whose title is on its way is named by the record’s id', async ({ page }) => {
  await signInAs(page, ADMIN);
  // The services the schedules' rows name (one `getMany`: filter by ids) are held back.
  const release = await holdApi(
    page,
    (url) => url.pathname === '/api/services' && (url.searchParams.get('filter') ?? '').includes('"id"'),
  );
  await page.goto('/en/admin/schedules');
  const link = page.locator('table tbody [data-testid="record-link"]').first();
  await expect(link).toBeVisible({ timeout: 20_000 });
  await expect(link).toHaveAccessibleName(/^#\d+$/);
  expect(await violations(page)).toEqual([]);
  await release();
  await expect(link).not.toHaveAccessibleName(/^#\d+$/, { timeout: 20_000 });
  await expect(link).toHaveAccessibleName(/\w{3}/);
});
