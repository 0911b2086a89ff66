import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { platformDay } from '../support/platform-day';
import { pastTripToRefund } from './customer-helpers';

// A customer working the area by keyboard alone (WCAG 2.1.1, 2.4.7): no click, no mouse: Tab, Shift+Tab, Enter,
// Space, Escape and typing. Every focus stop on the way is visible and shows where the focus is.

const USER = { email: 'user@example.com', password: 'User#2026' };

/** Where the focus is, and whether a sighted keyboard user can see it there. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return {
      tag: element.tagName.toLowerCase(),
      text: (element.textContent ?? '').trim().slice(0, 60),
      href: element.getAttribute('href'),
      inDialog: Boolean(element.closest('[role="dialog"]')),
      visible: box.width > 0 && box.height > 0 && style.visibility !== 'hidden',
      // An outline or ring of its own, or MUI's focus state on it or the field around it.
      indicated:
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
        style.boxShadow !== 'none' ||
        Boolean(element.closest('.Mui-focusVisible, .Mui-focused')),
    };
  });

/**
 * Presses Tab (or Shift+Tab) until the focused element matches; every stop on the way must be visible and show
 * its focus. Fails after `max` presses.
 */
async function tabTo(
  page: Page,
  describe: string,
  matches: (element: Element, arg: string) => boolean,
  arg = '',
  backwards = false,
) {
  // The area's menu gained entries (reviews): room for the longest way to a booking on the home.
  const max = 120;
  for (let press = 0; press < max; press++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (now.tag !== 'body') {
      expect(now.visible, `${describe}: focus on an invisible ${now.tag} "${now.text}"`).toBe(true);
      expect(now.indicated, `${describe}: no visible focus on ${now.tag} "${now.text}" (${now.href ?? ''})`).toBe(true);
    }
    if (await page.evaluate(`(${matches.toString()})(document.activeElement, ${JSON.stringify(arg)})`)) return;
  }
  throw new Error(`${describe}: not reached in ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
}

async function signedIn(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/auth/login', { data: account });
  expect(response.status()).toBe(200);
}

/** A booking of one seat for the signed-in customer, on a departure ahead with a seat free. */
async function book(request: APIRequestContext): Promise<{ id: number; code: string; total: number }> {
  const today = platformDay(1);
  const filter = encodeURIComponent(JSON.stringify({ startDate_gte: today }));
  const schedules = (await (
    await request.get(`/api/schedules?filter=${filter}&range=[0,49]&sort=["startDate","ASC"]`)
  ).json()) as { id: number; capacity: number; seatsBooked: number }[];
  for (const schedule of schedules.filter((s) => s.capacity - s.seatsBooked >= 1)) {
    const placed = await request.post('/api/orders', { data: { scheduleId: schedule.id, quantity: 1 } });
    if (placed.status() === 201) return placed.json();
  }
  throw new Error('no departure took a booking');
}

test('a customer reaches their bookings, opens the unpaid one and cancels it, by keyboard only', async ({ page }) => {
  await signedIn(page.request, USER);
  const order = await book(page.request);
  await page.goto('/en/account');
  await expect(page.locator('[data-widget="upcomingBookings"]')).toBeVisible();

  // The bookings, through the area's menu.
  await tabTo(page, 'bookings in the menu', (element) => element.matches('a[href$="/en/account/orders"]'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/account\/orders(\?.*)?$/);
  await expect(page.locator(`a[href*="/account/orders/${order.id}"]`).first()).toBeVisible();
  // The tabs' counts and the rows' references arrive after the rows: the keys are pressed once nothing loads (the
  // app bar's spinner is gone).
  await expect(page.getByRole('tab', { name: /^All \(\d+\)$/ })).toBeVisible();
  await expect(page.locator('header .MuiCircularProgress-root')).toHaveCount(0);

  // The unpaid booking's own link, opened with Enter.
  await tabTo(
    page,
    'the unpaid booking',
    (element, id) => new RegExp(`/account/orders/${id}(/show)?$`).test(element.getAttribute('href') ?? ''),
    String(order.id),
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/en/account/orders/${order.id}(/show)?$`));
  // The address changes before the list leaves the screen (its cards count down too): the keys are pressed on the
  // booking's page once it is there alone.
  await expect(page.locator('.list-page')).toHaveCount(0);
  await expect(page.getByTestId('record-page').locator('[data-countdown]')).toBeVisible();

  // Cancel asks for an optional reason: its dialog takes the focus; Escape closes it and gives the focus back.
  await tabTo(page, 'cancel', (element) => element.getAttribute('data-action') === 'cancel');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => page.evaluate(() => document.activeElement?.getAttribute('data-action')))
    .toBe('cancel');
  expect((await (await page.request.get(`/api/orders/${order.id}`)).json()).status).toBe('pending_payment');
  // Space opens it again; the reason is typed, and the dialog's own Cancel booking button is pressed with Enter.
  await page.keyboard.press('Space');
  await expect(dialog).toBeVisible();
  await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
  await page.keyboard.type('Booked the wrong day');
  await tabTo(page, 'confirm in the dialog', (element) =>
    Boolean(element.closest('[role="dialog"]') && element.matches('button[type="submit"]')),
  );
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // The result arrives on the open page, and in the API.
  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-action="cancel"]')).toHaveCount(0);
  expect((await (await page.request.get(`/api/orders/${order.id}`)).json()).status).toBe('cancelled');
});

test('on a past trip a customer asks for a refund and sends it, by keyboard only', async ({ page }) => {
  await signedIn(page.request, USER);
  // A customer asks once the trip has left (before it, they cancel under the terms: SPEC §21).
  const order = await pastTripToRefund(page.request, 1);

  await page.goto(`/en/account/orders/${order.id}`);
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
  await tabTo(page, 'request a refund', (element) => element.getAttribute('data-follow-up') === 'requestRefund');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/account\/refunds\/create\?source=/);
  // The address changes before the booking's page leaves the screen: the keys go to the form once it is there.
  await expect(page.locator('textarea[name="reason"], input[name="reason"]').first()).toBeVisible();
  await expect(page.getByTestId('record-page')).toHaveCount(0);

  // The reason, typed; then Save, reached by Tab and pressed with Enter.
  await tabTo(page, 'reason', (element) => element.matches('textarea[name="reason"], input[name="reason"]'));
  await page.keyboard.type('The trip was moved to a day I cannot travel');
  await tabTo(page, 'save', (element) => element.matches('button[type="submit"]'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/account\/refunds\/\d+(\/show)?$/);
  const refundId = Number(/refunds\/(\d+)/.exec(page.url())![1]);
  const refund = await (await page.request.get(`/api/refunds/${refundId}`)).json();
  expect(refund).toMatchObject({ orderId: order.id, status: 'pending', amount: order.total });
  await expect(page.getByText('The trip was moved to a day I cannot travel')).toBeVisible();
});

test('each booking on the account’s home opens its page by keyboard', async ({ page }) => {
  await signedIn(page.request, USER);
  await book(page.request);
  await page.goto('/en/account');
  // The home lists the soonest few; other suites' bookings of this account may come before this one, so the first
  // listed is the one opened.
  const row = page.locator('[data-widget="upcomingBookings"] [data-record]').first();
  await expect(row).toBeVisible();
  const id = (await row.getAttribute('data-record'))!;
  await tabTo(
    page,
    'the booking on the home',
    (element, id) =>
      Boolean(element.closest(`[data-widget="upcomingBookings"]`)) &&
      new RegExp(`/account/orders/${id}(/show)?$`).test(element.getAttribute('href') ?? ''),
    id,
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/en/account/orders/${id}(/show)?$`));
  const order = await (await page.request.get(`/api/orders/${id}`)).json();
  await expect(page.getByText(order.code).first()).toBeVisible();
});
