import { expect, test } from '@playwright/test';
import { platformDay } from '../support/platform-day';

// SPEC §14 on a phone held upright: a traveller cancels a paid booking after reading what comes back.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const USER = { email: 'user@example.com', password: 'User#2026' };
const FINANCE = { email: 'finance@example.com', password: 'Admin#2026' };

test('the traveller opens a paid booking, reads the terms, taps Cancel, is told what comes back, confirms: cancelled', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const headers = { origin: baseURL! };
  expect((await page.request.post('/api/auth/login', { data: USER })).status()).toBe(200);
  // A departure a week ahead with a free seat: every demo service's terms give something back that early.
  const from = platformDay(7);
  const filter = encodeURIComponent(JSON.stringify({ startDate_gte: from }));
  const rows = (await (
    await page.request.get(`/api/schedules?filter=${filter}&range=[0,49]&sort=["startDate","ASC"]`)
  ).json()) as { id: number; serviceId: number; capacity: number; seatsBooked: number }[];
  const departure = rows.find((row) => row.capacity - row.seatsBooked >= 1)!;
  const placed = await page.request.post('/api/orders', { data: { scheduleId: departure.id, quantity: 1 }, headers });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { id: number }).id;

  const finance = await browser.newContext({ baseURL });
  expect((await finance.request.post('/api/auth/login', { data: FINANCE })).status()).toBe(200);
  const paid = await finance.request.post(`/api/orders/${orderId}/actions/pay`, {
    data: { paymentMethod: 'bank_transfer', reference: 'E2E-CANCEL' },
    headers,
  });
  expect(paid.status()).toBe(200);
  await finance.close();

  // The service's public page states the terms in words.
  await page.goto(`/en/item/${departure.serviceId}`);
  await expect(page.getByTestId('item-terms')).toContainText(/cancellation|refund/i);

  const preview = (await (await page.request.get(`/api/orders/${orderId}/cancel-preview`)).json()) as {
    refundAmount: number;
  };
  expect(preview.refundAmount).toBeGreaterThan(0);

  await page.goto(`/en/account/orders/${orderId}`);
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  const terms = page.getByTestId('words-cancellationPolicy');
  await expect(terms).toBeVisible();
  await expect(terms).toContainText(/until \d+ hours? before/);

  const cancel = page.getByTestId('workflow-actions').locator('[data-action="cancel"]');
  await expect(cancel).toBeVisible();
  const box = (await cancel.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(40);
  expect(box.height).toBeGreaterThanOrEqual(40);
  await cancel.tap();

  const dialog = page.getByRole('dialog');
  const said = dialog.getByTestId('preview-cancel-preview');
  await expect(said).toBeVisible();
  await expect(said).toContainText('comes back to you');
  // The amount, as money: its digits grouped the page's way (400,000 → "400,000").
  await expect(said).toContainText(preview.refundAmount.toLocaleString('en-US'));
  await page.screenshot({ path: test.info().outputPath('phone-cancel-paid-dialog.png') });
  // The traveller's words, as written: keep it, or cancel it (not "CANCEL" beside "CANCEL ORDER").
  const keep = dialog.getByRole('button', { name: 'Keep my booking' });
  const confirm = dialog.getByRole('button', { name: 'Cancel booking' });
  await expect(keep).toHaveText('Keep my booking');
  await expect(confirm).toHaveText('Cancel booking');
  for (const button of [keep, confirm]) {
    const size = (await button.boundingBox())!;
    expect(size.height).toBeGreaterThanOrEqual(40);
  }
  await confirm.tap();

  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible({ timeout: 15_000 });
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as Record<string, unknown>;
  expect(order).toMatchObject({ status: 'cancelled', refundAmount: preview.refundAmount });
  const refunds = (await (
    await page.request.get(`/api/refunds?filter=${encodeURIComponent(JSON.stringify({ orderId }))}`)
  ).json()) as { amount: number; status: string }[];
  expect(refunds).toEqual([expect.objectContaining({ amount: preview.refundAmount, status: 'pending' })]);
});

test('the partner states a service’s terms in the service form, on a phone: rows added in place, saved, read back', async ({
  page,
  baseURL,
}) => {
  expect(
    (
      await page.request.post('/api/auth/login', { data: { email: 'partner@example.com', password: 'Partner#2026' } })
    ).status(),
  ).toBe(200);
  const draft = await page.request.post('/api/services', {
    data: {
      partnerId: 1,
      title: { en: `Terms on a phone ${Date.now()}` },
      tourTypeId: 1,
      provinceId: 1,
      durationDays: 1,
      price: 100_000,
      capacity: 10,
    },
    headers: { origin: baseURL! },
  });
  expect(draft.status()).toBe(201);
  const service = (await draft.json()) as { id: number };
  await page.goto(`/en/partner/services/${service.id}`);
  await page.getByRole('tab', { name: 'Details' }).click();
  // The platform's terms come filled in: one row, full refund until 24 hours before.
  const hours = page.locator('input[name="cancellationPolicy.0.hoursBefore"]');
  await expect(hours).toHaveValue('24');
  await hours.fill('72');
  // The terms' own Add (the ticket types above have one too).
  const add = page.locator('.ra-input-cancellationPolicy .button-add');
  // Clear of the form's toolbar, which a phone keeps fixed at the bottom.
  await add.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = (await add.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(40);
  expect(box.height).toBeGreaterThanOrEqual(40);
  await add.tap();
  await page.locator('input[name="cancellationPolicy.1.hoursBefore"]').fill('24');
  await page.locator('input[name="cancellationPolicy.1.refundPercent"]').fill('50');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/partner/services/${service.id}/show$`));
  // The address changes before the form leaves the screen (the show page's code may still be coming), and the
  // form has a Details tab too: a tap on it then would open the form again.
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  // The show page's own tabs: open Details until it is the selected one.
  const details = page.getByRole('tab', { name: 'Details' });
  await expect(async () => {
    await details.click();
    await expect(details).toHaveAttribute('aria-selected', 'true', { timeout: 1000 });
    await expect(page.getByTestId('words-cancellationPolicy').first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId('words-cancellationPolicy').first()).toHaveText(
    'Free cancellation until 72 hours before departure; 50 % refund until 24 hours before; no refund after',
  );
  const saved = (await (await page.request.get(`/api/services/${service.id}`)).json()) as Record<string, unknown>;
  expect(saved.cancellationPolicy).toEqual([
    { hoursBefore: 72, refundPercent: 100 },
    { hoursBefore: 24, refundPercent: 50 },
  ]);
});
