import { expect, test } from '@playwright/test';
import { signInAdmin } from './admin-helpers';

/**
 * The inbox of incoming payments (SPEC §11) as finance uses it: the generated import button takes a statement and
 * shows what matched, what was skipped and what waits, with the reasons; an unpaid order's page says how to pay.
 */
test('finance imports a statement from the inbox and reads the reasons', async ({ page }) => {
  await signInAdmin(page, 'finance@example.com');
  const orders = await page.request.get(
    `/api/orders?filter=${encodeURIComponent('{"status":"pending_payment"}')}&sort=${encodeURIComponent('["createdAt","DESC"]')}&range=[0,1]`,
  );
  expect(orders.status()).toBe(200);
  const [order, other] = (await orders.json()) as { id: number; code: string; total: number; currency: string }[];
  expect(other).toBeTruthy();

  // The order's page tells how to pay it: the account, the amount and the code as the reference.
  await page.goto(`/en/admin/orders/${other.id}/show`);
  const howTo = page.getByTestId('instructions-how-to-pay');
  await expect(howTo).toContainText('How to pay');
  await expect(howTo).toContainText(other.code);
  await expect(howTo).toContainText('010-12-00-01234567-001');

  await page.goto('/en/admin/payments/incoming');
  // The queue of unmatched payments, with its count, in the menu.
  await expect(page.getByRole('menuitem', { name: /^\d+ Unmatched payments$/ })).toBeVisible();
  await page.getByTestId('endpoint-import').click();
  const id = `E2E-${Date.now()}`;
  const csv = [
    'date,amount,currency,reference,transactionId',
    `2026-11-20,${order.total},${order.currency},Booking ${order.code.toLowerCase()},${id}`,
    `2026-11-20,${order.total},${order.currency},Booking ${order.code.toLowerCase()},${id}`,
    `2026-11-20,450000,LAK,Booking LT-ZZZZ9999,${id}-X`,
  ].join('\n');
  await page.getByTestId('endpoint-import-file').setInputFiles({
    name: 'statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByTestId('endpoint-import-send').click();
  const answer = page.getByTestId('endpoint-import-answer');
  await expect(answer.getByTestId('answer-matched')).toHaveAttribute('data-count', '1');
  await expect(answer.getByTestId('answer-matched')).toContainText(order.code);
  await expect(answer.getByTestId('answer-skipped')).toContainText('Line 3: Imported before');
  await expect(answer.getByTestId('answer-unmatched')).toContainText('Line 4: No order code in the reference');

  // A file that is not a statement: the line and the reason, nothing imported.
  await page.getByTestId('endpoint-import-file').setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('date,amount,currency,reference\n2026-11-20,twelve,LAK,x\n'),
  });
  await page.getByTestId('endpoint-import-send').click();
  await expect(page.getByTestId('endpoint-import-error')).toContainText('Line 2');

  const paid = await page.request.get(`/api/orders/${order.id}`);
  expect((await paid.json()).status).toBe('paid');
});
