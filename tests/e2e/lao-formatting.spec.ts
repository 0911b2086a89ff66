import { expect, test } from '@playwright/test';
import { formatDateTime, formatMoney } from '../../src/core/format';

// Chromium ships no Lao locale data: its own Intl writes English under /lo ("LAK 1,400,000", "Nov 24, 2026").
// The apps carry Lao's layouts (src/core/borrowed-intl), so what the page shows is what Node's full ICU writes.

const ENGLISH_MONTH = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d/;

test('under /lo a record, a list and the dashboard write amounts and dates as ICU writes Lao', async ({
  page,
  baseURL,
}) => {
  await page.goto('/lo/admin');
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'finance@example.com', password: 'Admin#2026' },
    headers: { origin: baseURL! },
  });
  expect(login.ok()).toBe(true);

  const [withdrawal] = await (await page.request.get('/api/withdrawals?range=[0,0]&sort=["id","ASC"]')).json();
  await page.goto(`/lo/admin/payments/withdraw-request/${withdrawal.id}/show`);
  const amount = formatMoney(withdrawal.amount, withdrawal.currency, 'lo');
  expect(amount).toMatch(/^₭[\d.]+$/);
  await expect(page.locator('main')).toContainText(amount);
  await expect(page.locator('main')).toContainText(formatDateTime(withdrawal.createdAt, 'lo'));

  await page.goto('/lo/admin/payments/history');
  const rows = page.locator('table tbody tr');
  await expect(rows.first()).toBeVisible();
  const [payment] = await (await page.request.get('/api/payments?range=[0,0]&sort=["createdAt","DESC"]')).json();
  await expect(rows.first()).toContainText(formatMoney(payment.amount, payment.currency, 'lo'));

  await page.goto('/lo/admin/dashboard');
  await expect(page.getByRole('heading').first()).toBeVisible();
  for (const path of ['/lo/admin/dashboard', '/lo/admin/payments/history']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const text = await page.locator('main').innerText();
    expect(text, path).not.toMatch(ENGLISH_MONTH);
    expect(text, path).not.toMatch(/LAK\s?\d/);
  }
});
