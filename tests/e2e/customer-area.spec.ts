import { expect, test, type Page } from '@playwright/test';
import { platformDay } from '../support/platform-day';
import { pastTripToRefund } from './customer-helpers';

const USER = { email: 'user@example.com', password: 'User#2026' };
const FINANCE = { email: 'finance@example.com', password: 'Admin#2026' };

async function signIn(page: Page, account: { email: string; password: string }) {
  const response = await page.request.post('/api/auth/login', { data: account });
  expect(response.status()).toBe(200);
}

/** A service with a departure ahead that has seats: the booking form is on its page. */
async function bookableService(page: Page): Promise<{ serviceId: number; scheduleId: number }> {
  const today = platformDay(1);
  const filter = encodeURIComponent(JSON.stringify({ startDate_gte: today }));
  const rows = (await (
    await page.request.get(`/api/schedules?filter=${filter}&range=[0,49]&sort=["startDate","ASC"]`)
  ).json()) as { id: number; serviceId: number; capacity: number; seatsBooked: number }[];
  const row = rows.find((schedule) => schedule.capacity - schedule.seatsBooked >= 2);
  if (!row) throw new Error('no departure with two free seats');
  return { serviceId: row.serviceId, scheduleId: row.id };
}

test('a signed-out traveller chooses a departure, signs in, comes back to the same choice, books and sees the hold; finance pays and the page turns paid live; then a refund request and a complaint', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { serviceId, scheduleId } = await bookableService(page);
  await page.goto(`/en/item/${serviceId}?departure=${scheduleId}&seats=2`);
  await expect(page.getByTestId('booking')).toBeVisible();
  await page.getByTestId('booking-sign-in').click();
  await expect(page).toHaveURL(/\/en\/login\?redirect=/);
  // The fields are reached by name, as the other login flows do: their labels carry the required mark.
  const form = page.getByTestId('login-form');
  await form.locator('input[name="email"]').fill(USER.email);
  await form.locator('input[name="password"]').fill(USER.password);
  await form.locator('input[name="password"]').press('Enter');
  // Back on the service page with the same departure and seats, the contact prefilled from the account.
  await expect(page).toHaveURL(new RegExp(`/en/item/${serviceId}\\?.*departure=${scheduleId}.*seats=2`));
  await expect(page.getByTestId('booking-seats')).toHaveValue('2');
  await expect(page.getByTestId('booking-contactEmail')).toHaveValue(USER.email);
  await page.getByTestId('booking-submit').click();

  // The order's page in the customer's area: awaiting payment, its hold counting down.
  await expect(page).toHaveURL(/\/en\/account\/orders\/\d+$/);
  const orderId = Number(page.url().split('/').pop());
  await expect(page.locator('[data-countdown]')).toContainText('left');
  await expect(page.getByText('Awaiting payment').first()).toBeVisible();
  await expect(page.locator('[data-action="cancel"]')).toBeVisible();
  // How to pay: the bank transfer's details with the order's code as the reference, while it is unpaid.
  const howToPay = page.getByTestId('instructions-how-to-pay');
  await expect(howToPay).toBeVisible();
  const order = await page.request.get(`/api/orders/${orderId}`);
  expect(order.status()).toBe(200);
  await expect(howToPay).toContainText(String(((await order.json()) as { code: string }).code));

  // Finance records the payment by hand; the open page turns paid without a reload.
  const finance = await browser.newContext({ baseURL });
  const login = await finance.request.post('/api/auth/login', { data: FINANCE });
  expect(login.status()).toBe(200);
  const paid = await finance.request.post(`/api/orders/${orderId}/actions/pay`, {
    data: { paymentMethod: 'bank_transfer', reference: 'E2E-TRANSFER' },
    headers: { origin: baseURL! },
  });
  expect(paid.status()).toBe(200);
  await finance.close();
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible({ timeout: 15_000 });
  await expect(howToPay).toHaveCount(0);
  await expect(page.locator('[data-countdown]')).toHaveCount(0);

  // Paid and still ahead, it is cancelled under its terms, not refunded on request (SPEC §21): the page offers
  // Cancel and no refund request. A past trip takes one, from its page.
  await expect(page.locator('[data-action="cancel"]')).toBeVisible();
  await expect(page.locator('[data-follow-up="requestRefund"]')).toHaveCount(0);
  const trip = await pastTripToRefund(page.request, 0);
  await page.goto(`/en/account/orders/${trip.id}`);
  await page.locator('[data-follow-up="requestRefund"]').click();
  await expect(page).toHaveURL(/\/en\/account\/refunds\/create\?source=/);
  await page.getByLabel(/reason/i).fill('Plans changed');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/en\/account\/refunds\/\d+/);

  // A complaint about it.
  await page.goto(`/en/account/orders/${orderId}`);
  await page.locator('[data-follow-up="reportProblem"]').click();
  await expect(page).toHaveURL(/\/en\/account\/complaints\/create\?source=/);
  await page.getByLabel(/subject/i).fill('Pick-up was late');
  await page.getByLabel(/message/i).fill('We waited an hour at the hotel.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/en\/account\/complaints\/\d+/);

  const refunds = await (await page.request.get('/api/refunds?range=[0,9]&sort=["id","DESC"]')).json();
  expect(refunds[0]).toMatchObject({ orderId: trip.id, status: 'pending', source: 'customer' });
  const complaints = await (await page.request.get('/api/complaints?range=[0,9]&sort=["id","DESC"]')).json();
  expect(complaints[0]).toMatchObject({ orderId, subject: 'Pick-up was late' });
});

test('the home lists upcoming bookings first; signed out it goes to the sign-in and back', async ({ page }) => {
  await page.goto('/en/account');
  await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen%2Faccount/);
  await signIn(page, USER);
  await page.goto('/en/account');
  await expect(page).toHaveTitle('My account · Lantern');
  await expect(page.locator('[data-widget="upcomingBookings"]')).toBeVisible();
});

for (const account of [
  { email: 'admin@example.com', password: 'Admin#2026' },
  { email: 'partner@example.com', password: 'Partner#2026' },
]) {
  test(`${account.email} on /en/account gets the 403 page`, async ({ page }) => {
    await signIn(page, account);
    await page.goto('/en/account');
    await expect(page.getByText('403')).toBeVisible();
  });
}

test('/lo shows no English date or amount in the customer area', async ({ page }) => {
  await signIn(page, USER);
  await page.goto('/lo/account/orders');
  await expect(page.locator('table tbody tr, [data-record]').first()).toBeVisible();
  const text = await page.locator('main, #main-content, body').first().innerText();
  expect(text).not.toMatch(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/);
  expect(text).not.toMatch(/LAK\s?[0-9]|[0-9],[0-9]{3}\s?LAK/);
});
