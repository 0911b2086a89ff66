/**
 * SPEC §21 on the partner's phone: a departure with paid seats is moved by its Reschedule action, whose dialog fits a
 * 390 px screen (its fields whole, its buttons 40 px), and the booking on it follows to the new day and time.
 */
import { expect, test } from '@playwright/test';
import { signedIn } from './admin-helpers';
import { signInPartner, PARTNER } from './partner-helpers';
import { platformDay } from '../support/platform-day';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const CUSTOMER = { email: 'user@example.com', password: 'User#2026' };
const FINANCE = { email: 'finance@example.com', password: 'Admin#2026' };

test('the partner reschedules a sold departure from its page on a phone; the booking follows', async ({
  page,
  baseURL,
}) => {
  const [partner, customer, finance] = await Promise.all(
    [PARTNER, CUSTOMER, FINANCE].map((account) => signedIn(baseURL!, account)),
  );
  const filter = encodeURIComponent(JSON.stringify({ status: 'approved' }));
  const [service] = (await (await partner.get(`/api/services?filter=${filter}&range=[0,0]`)).json()) as {
    id: number;
  }[];
  const day = platformDay(40);
  const created = await partner.post('/api/schedules', {
    data: { serviceId: service.id, startDate: day, endDate: day, startTime: '09:00', capacity: 12 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const departure = (await created.json()) as { id: number };
  const booked = await customer.post('/api/orders', { data: { scheduleId: departure.id, quantity: 2 } });
  expect(booked.status(), await booked.text()).toBe(201);
  const order = (await booked.json()) as { id: number; code: string };
  expect(
    (await finance.post(`/api/orders/${order.id}/actions/pay`, { data: { reference: `E2E-${order.code}` } })).status(),
  ).toBe(200);

  await signInPartner(page);
  await page.goto(`/en/partner/schedules/${departure.id}/show`);
  const action = page.locator('[data-action="reschedule"]');
  await expect(action).toBeVisible();
  await expect(action).toHaveText('Move departure');
  const button = (await action.boundingBox())!;
  expect(button.height).toBeGreaterThanOrEqual(40);
  expect(button.x + button.width).toBeLessThanOrEqual(390);
  await action.click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const later = platformDay(41);
  await dialog.getByLabel('Start date', { exact: false }).first().fill(later);
  await dialog.getByLabel('Start time', { exact: false }).first().fill('10:30');
  // The hour is one line, as the departure's form draws it; the end date, which follows the start unless given, is
  // not asked for as if it were required.
  await expect(dialog.locator('input[name="startTime"]')).toHaveValue('10:30');
  await expect(dialog.locator('textarea[name="startTime"]')).toHaveCount(0);
  const label = (text: string) => dialog.locator('label').filter({ hasText: text });
  await expect(label('End date')).toBeVisible();
  await expect(label('End date')).not.toContainText('*');
  await expect(label('Start date')).toContainText('*');
  // Nothing in the dialog is wider than the screen, and its labels are whole.
  const overflow = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBe(0);
  const paper = (await dialog.boundingBox())!;
  expect(paper.x).toBeGreaterThanOrEqual(0);
  expect(paper.x + paper.width).toBeLessThanOrEqual(390);
  const confirm = dialog.getByRole('button', { name: 'Move departure' });
  const cancel = dialog.getByRole('button', { name: 'Cancel' });
  for (const control of [confirm, cancel]) {
    const box = (await control.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(40);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await page.screenshot({ path: test.info().outputPath('reschedule-dialog.png') });
  await confirm.click();
  await expect(dialog).toBeHidden();

  await expect
    .poll(async () => {
      const moved = (await (await customer.get(`/api/orders/${order.id}`)).json()) as Record<string, unknown>;
      return [moved.departureDate, moved.departureTime];
    })
    .toEqual([later, '10:30']);
  await Promise.all([partner.dispose(), customer.dispose(), finance.dispose()]);
});
