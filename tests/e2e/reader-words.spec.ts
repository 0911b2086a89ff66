import { expect, test, type Page } from '@playwright/test';
import { toMajor } from '../../src/core/format';
import { platformDay } from '../support/platform-day';
import { pastTripToRefund } from './customer-helpers';

/**
 * SPEC §13 on a phone (390 px): the apps say what happened in the traveller's words, a refund request starts at what
 * is still refundable, a dialog's close button is drawn, the customer area's menu starts closed, and the home page's
 * search brings its results into view.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const USER = { email: 'user@example.com', password: 'User#2026' };

/** The demo traveller, signed in in this page's context. */
async function signIn(page: Page) {
  const login = await page.request.post('/api/auth/login', { data: USER });
  expect(login.status()).toBe(200);
}

/** A new booking of the demo traveller from a service's page: its page in the customer's area. */
async function book(page: Page): Promise<number> {
  const today = platformDay(1);
  const filter = encodeURIComponent(JSON.stringify({ startDate_gte: today }));
  const rows = (await (
    await page.request.get(`/api/schedules?filter=${filter}&range=[0,49]&sort=["startDate","ASC"]`)
  ).json()) as { id: number; serviceId: number; capacity: number; seatsBooked: number }[];
  const row = rows.find((schedule) => schedule.capacity - schedule.seatsBooked >= 1)!;
  await page.goto(`/en/item/${row.serviceId}?departure=${row.id}&seats=1`);
  await page.getByTestId('booking-submit').click();
  await expect(page).toHaveURL(/\/en\/account\/orders\/\d+$/);
  return Number(page.url().split('/').pop());
}

test('a refund request starts at what is refundable and, sent, reads "Refund requested"', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  // A customer asks once the trip has left (before it, they cancel under the terms: SPEC §21).
  const order = await pastTripToRefund(page.request, 2);
  const orderId = order.id;

  await page.goto(`/en/account/orders/${orderId}`);
  const request = page.locator('[data-follow-up="requestRefund"]');
  await expect(request).toBeVisible({ timeout: 15_000 });
  await request.click();
  await expect(page).toHaveURL(/\/en\/account\/refunds\/create\?source=/);
  // The amount starts at the order's total (nothing refunded yet), not at 0.
  const amount = page.locator('input[name="amount"]');
  await expect(amount).toBeVisible();
  await expect
    .poll(async () => Number((await amount.inputValue()).replace(/[^\d.]/g, '')))
    .toBe(toMajor(order.total, order.currency));
  await page.getByLabel(/reason/i).fill('Plans changed');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Refund requested', { exact: true })).toBeVisible();
  await expect(page.getByText('Element created')).toHaveCount(0);
  await expect(page).toHaveURL(/\/en\/account\/refunds\/\d+/);
});

test("a dialog's close button is drawn with its text and closes it", async ({ page }) => {
  await signIn(page);
  const orderId = await book(page);
  await page.goto(`/en/account/orders/${orderId}`);
  await page.locator('[data-action="cancel"]').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const close = dialog.locator('[data-dialog-close]');
  await expect(close).toBeVisible();
  // The traveller's own words: keep the booking (not a bare "Cancel" beside "Cancel order").
  await expect(close).toHaveText('Keep my booking');
  const box = (await close.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(40);
  expect(box.height).toBeGreaterThanOrEqual(40);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await close.click();
  await expect(dialog).toHaveCount(0);
});

test("the customer area's menu is closed when a page loads on a phone", async ({ page }) => {
  await signIn(page);
  for (const path of ['/en/account', '/en/account/orders', '/en/account']) {
    await page.goto(path);
    await expect(page.locator('#react-admin-title')).toBeVisible();
    // The drawer is a modal over the page when open: none is there.
    await expect(page.locator('.MuiDrawer-modal')).toHaveCount(0);
    await expect(page.locator('a[href$="/en/account/profile"]')).toBeHidden();
  }
});

test('the home page’s search scrolls its results into view', async ({ page }) => {
  await page.goto('/en');
  await expect(page.getByTestId('result-count')).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.getByTestId('search-q').fill('a');
  await page.getByTestId('search-q').press('Enter');
  await expect(page.getByTestId('home-results')).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(page.getByTestId('result-count')).toBeInViewport();
});
