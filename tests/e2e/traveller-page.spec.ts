import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { placeUnpaidBooking } from './customer-helpers';
import { PNG } from 'pngjs';

// The traveller's phone, held upright and touched.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const USER = { email: 'user@example.com', password: 'User#2026' };

interface Order {
  id: number;
  code: string;
  status: string;
  serviceId: number;
}

async function signIn(page: Page) {
  expect((await page.request.post('/api/auth/login', { data: USER })).status()).toBe(200);
}

/** A booking the demo traveller holds paid (a ticket), and one they place now and leave unpaid. */
async function demoBooking(page: Page): Promise<Order> {
  const orders = (await (await page.request.get('/api/orders?range=[0,199]&sort=["id","ASC"]')).json()) as Order[];
  const paid = orders.find((order) => order.status === 'paid' || order.status === 'confirmed');
  expect(paid).toBeTruthy();
  return paid!;
}

/** Every row the page draws has a value: its text is not empty. */
async function expectNoEmptyRows(page: Page) {
  const rows = page.getByTestId('record-page').locator('[data-line]');
  expect(await rows.count()).toBeGreaterThan(3);
  for (const row of await rows.all()) {
    const text = await row.innerText();
    // A line its section's title names has no label of its own: all its text is the value.
    const labelled = (await row.locator(':scope > .MuiTypography-caption').count()) > 0;
    const [, ...value] = text.split('\n').filter((line) => line.trim());
    expect(labelled ? value.join(' ').trim() : text.trim(), text).not.toBe('');
  }
}

/** The page fits the phone's width: nothing to scroll sideways. */
async function expectFitsTheWidth(page: Page) {
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
}

test("a traveller's booking reads as a ticket: the trip, the code as text and as a QR code, the organiser", async ({
  page,
}) => {
  await signIn(page);
  const order = await demoBooking(page);
  await page.goto(`/en/account/orders/${order.id}`);
  const ticket = page.getByTestId('record-page');
  await expect(page.getByTestId('record-code')).toHaveText(order.code);
  // The service's title on top, the departure as a day and a time, never as the database writes it.
  await expect(page.getByTestId('record-page-hero')).not.toBeEmpty();
  const departure = ticket.locator('[data-section="trip"] [data-line="departureDate"]');
  await expect(departure).toContainText(/\d{4} · \d{2}:\d{2}/);
  await expect(departure).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  await expect(ticket.locator('[data-line="organizer.phone"] a[href^="tel:"]')).toBeVisible();
  await expect(ticket.locator('[data-line="organizer.name"]')).not.toBeEmpty();
  // What the platform keeps and the back-office's stamps are not the traveller's business.
  const body = await page.locator('body').innerText();
  expect(body).not.toMatch(/Commission/);
  expect(body).not.toMatch(/Updated at|Version/);
  await expectNoEmptyRows(page);
  await expectFitsTheWidth(page);
  // The terms are named once: the section's title, not again as its one line's label.
  const terms = page.locator('[data-section="terms"]');
  await expect(terms).toBeVisible();
  expect((await terms.innerText()).match(/Cancellation terms/g)).toHaveLength(1);

  // The QR code says the order's code to a scanner.
  const qr = page.getByTestId('record-qr');
  await qr.scrollIntoViewIfNeeded();
  const png = PNG.sync.read(await qr.screenshot());
  const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(read?.data).toBe(order.code);
});

test('the ticket is drawn only for a paid or confirmed booking, with the trip beside its QR code', async ({ page }) => {
  await signIn(page);
  const orders = (await (await page.request.get('/api/orders?range=[0,199]&sort=["id","ASC"]')).json()) as Order[];
  // A paid booking's ticket carries the departure's day and time, the meeting point and the seats.
  const paid = await demoBooking(page);
  await page.goto(`/en/account/orders/${paid.id}`);
  const ticket = page.locator('[data-section="ticket"]');
  await expect(ticket.getByTestId('record-qr')).toBeVisible();
  await expect(ticket.getByTestId('record-code')).toHaveText(paid.code);
  await expect(ticket.locator('[data-line="departureDate"]')).toContainText(/\d{4} · \d{2}:\d{2}/);
  await expect(ticket.locator('[data-line="meetingPoint"]')).not.toBeEmpty();
  await expect(ticket.locator('[data-line="lines"]')).toContainText(/\d/);
  await expectFitsTheWidth(page);

  // No ticket on a booking that takes no one on board: unpaid, cancelled, or any other state past it.
  const unpaid = await placeUnpaidBooking(page);
  const cancelled = await page.request.post(`/api/orders/${unpaid.id}/actions/cancel`, { data: {} });
  expect(cancelled.status()).toBe(200);
  const others = orders.filter((order) => !['paid', 'confirmed', 'pending_payment'].includes(order.status));
  for (const order of [{ ...unpaid, status: 'cancelled' }, ...others.slice(0, 3)]) {
    await page.goto(`/en/account/orders/${order.id}`);
    await expect(page.locator('[data-line="code"]'), order.status).toContainText(order.code);
    await expect(page.getByTestId('record-qr'), order.status).toHaveCount(0);
    await expect(page.locator('[data-section="ticket"]'), order.status).toHaveCount(0);
  }
});

test('an unpaid booking says how to pay and how long the seats are held, with its actions at hand', async ({
  page,
}) => {
  await signIn(page);
  const order = await placeUnpaidBooking(page);
  await page.goto(`/en/account/orders/${order.id}`);
  // The order code as text (the transfer's reference), but no ticket to scan before it is paid.
  await expect(page.locator('[data-line="code"]')).toContainText(order.code);
  await expect(page.getByTestId('record-qr')).toHaveCount(0);
  await expect(page.locator('[data-section="ticket"]')).toHaveCount(0);
  const payment = page.locator('[data-section="payment"]');
  const howToPay = payment.getByTestId('instructions-how-to-pay');
  await expect(howToPay).toContainText(order.code);
  // The account number and the order code are typed into a banking app: each whole on one line, with a copy button.
  for (const name of ['bankAccountNumber', 'reference']) {
    const value = howToPay.locator(`[data-value="${name}"]`);
    await expect(value).not.toBeEmpty();
    expect(await value.evaluate((element) => element.getClientRects().length), name).toBe(1);
    const copy = howToPay.locator(`[data-copy="${name}"]`);
    await expect(copy).toBeVisible();
    await expect(copy).toHaveAttribute('aria-label', /^Copy /);
    const size = (await copy.boundingBox())!;
    expect(size.width, name).toBeGreaterThanOrEqual(40);
    expect(size.height, name).toBeGreaterThanOrEqual(40);
  }
  await expect(howToPay.locator('[data-value="reference"]')).toHaveText(order.code);
  await expect(payment.locator('[data-line="holdExpiresAt"]')).not.toBeEmpty();
  const cancel = page.locator('[data-action="cancel"]');
  await expect(cancel).toBeVisible();
  const box = (await cancel.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(40);
  await expectNoEmptyRows(page);
  await expectFitsTheWidth(page);
});

test('the public header offers Sign in beside the partner links; signed in, it names the account', async ({ page }) => {
  await page.goto('/en');
  const signInLink = page.getByTestId('link-sign-in');
  await expect(signInLink).toHaveText('Sign in');
  await expect(page.getByTestId('link-register')).toBeVisible();
  for (const link of [signInLink, page.getByTestId('link-register')]) {
    const box = (await link.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(40);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await expectFitsTheWidth(page);
  await signInLink.tap();
  await expect(page).toHaveURL(/\/en\/login$/);

  await signIn(page);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { fullName: string };
  await page.goto('/en');
  const account = page.getByTestId('link-account');
  await expect(account).toHaveText(me.fullName);
  await expect(account).toHaveAttribute('href', '/en/account');
  await expect(page.getByTestId('link-sign-in')).toHaveCount(0);
  await expectFitsTheWidth(page);
});
