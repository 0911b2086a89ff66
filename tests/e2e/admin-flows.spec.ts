import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { submitPendingServices } from './partner-helpers';

async function signIn(page: Page, email: string) {
  await page.goto('/en/admin');
  const origin = new URL(page.url()).origin;
  const response = await page.request.post('/api/auth/login', {
    data: { email, password: 'Admin#2026' },
    headers: { origin },
  });
  expect(response.ok()).toBe(true);
}

test('filter + sort + export: the CSV holds exactly the filtered list, row for row in its order', async ({ page }) => {
  await signIn(page, 'finance@example.com');
  await page.goto('/en/admin/payments/history');
  const rows = page.locator('table tbody tr');
  await expect(rows.first()).toBeVisible();

  // Filter and sort as a user does: the filter bar, then the column header.
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Type' }).click();
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Refund' }).click();
  await expect(page).toHaveURL(/filter=%7B%22kind%22%3A%22refund%22%7D/);
  // The filtered rows are on screen (only refunds) before the sort is chosen.
  await expect(rows.locator('td.column-kind').filter({ hasNotText: 'Refund' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sort by amount ascending' }).click();
  await expect(page).toHaveURL(/sort=amount/);
  await expect(page).toHaveURL(/order=ASC/);
  await expect(page).toHaveURL(/filter=%7B%22kind%22%3A%22refund%22%7D/);

  // The filtered list as the screen's own query returns it, every page of it.
  const params = new URL(page.url()).searchParams;
  const filter = params.get('filter')!;
  const sort = JSON.stringify([params.get('sort'), params.get('order')]);
  const head = await page.request.get(`/api/payments?filter=${encodeURIComponent(filter)}&range=[0,0]`);
  const total = Number((head.headers()['content-range'] ?? '').split('/')[1]);
  expect(total).toBeGreaterThan(25);
  const listed: { id: number; kind: string; amount: number; reference: string }[] = [];
  for (let from = 0; from < total; from += 100) {
    const range = encodeURIComponent(JSON.stringify([from, Math.min(from + 99, total - 1)]));
    const response = await page.request.get(
      `/api/payments?filter=${encodeURIComponent(filter)}&sort=${encodeURIComponent(sort)}&range=${range}`,
    );
    listed.push(...(await response.json()));
  }
  expect(listed).toHaveLength(total);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  const csv = parse(Buffer.concat(await (await download.createReadStream()).toArray()), {
    bom: true,
    columns: true,
  }) as Record<string, string>[];
  // Every row of the list, no other, in the list's order; each one of the filtered kind, sorted by amount.
  expect(csv.map((row) => Number(row.id))).toEqual(listed.map((row) => row.id));
  for (const [index, row] of csv.entries()) {
    expect(row.kind).toBe('refund');
    expect(Number(row.amount)).toBe(listed[index].amount);
    if (index > 0) expect(Number(row.amount)).toBeGreaterThanOrEqual(Number(csv[index - 1].amount));
  }
  // The rows on screen are the CSV's first rows.
  const perPage = Number(params.get('perPage'));
  await expect
    .poll(() => rows.locator('td.column-reference').allInnerTexts())
    .toEqual(csv.slice(0, perPage).map((row) => row.reference));
});

test('creating an administrator with an invalid email shows the field message', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await page.goto('/en/admin/accounts/admin/create');
  await page.locator('input[name="email"]').fill('not-an-email');
  await page.locator('input[name="password"]').fill('Strong#Pass2026');
  await page.locator('input[name="fullName"]').fill('New Admin');
  await page.locator('button[type="submit"]').click();
  const field = page.locator('.ra-input-email, [class*="ra-input-email"]').first();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await expect(field).toContainText('Please enter a valid email');
  await expect(page).toHaveURL(/accounts\/admin\/create$/);
});

test('a moderation approve moves the queue and a reject opens the next item', async ({ page, baseURL }) => {
  // Three services of this test's own in the queue (other suites moderate the same queue in parallel).
  const tag = `Queue flow ${Date.now()}`;
  const [first, second, third] = await submitPendingServices(baseURL!, tag, 3);
  await signIn(page, 'moderator@example.com');
  const statusOf = async (id: number) => (await (await page.request.get(`/api/services/${id}`)).json()).status;
  await page.goto(`/en/admin/service-review?filter=${encodeURIComponent(JSON.stringify({ q: tag }))}`);
  const rows = page.locator('table tbody tr');
  // Oldest submission first.
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText(`${tag} 1`);
  await rows.first().getByTestId('row-actions').locator('[data-action="approve"]').click();
  await expect.poll(() => statusOf(first)).toBe('approved');
  // The approved item leaves the queue.
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(`${tag} 2`);

  // From a record of the queue, a reject with its reason goes on to the next pending item.
  await rows.first().click();
  await expect(page).toHaveURL(new RegExp(`service-review/${second}/show$`));
  await page.locator('[data-testid="workflow-actions"] [data-action="reject"]').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('textarea').first().fill('Photos do not match the itinerary');
  await dialog.locator('button[type="submit"]').click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => statusOf(second)).toBe('rejected');
  await expect(page).toHaveURL(new RegExp(`service-review/${third}/show$`));
  expect(await statusOf(third)).toBe('pending');
});

test('a stale edit shows the conflict message', async ({ page }) => {
  await signIn(page, 'moderator@example.com');
  const origin = new URL(page.url()).origin;
  const list = await page.request.get(`/api/tour-types?range=${encodeURIComponent('[0,0]')}`);
  const [row] = (await list.json()) as { id: number; version: number; code: string }[];
  await page.goto(`/en/admin/master-data/tour-types/${row.id}`);
  const sortOrder = page.locator('input[name="sortOrder"]');
  await expect(sortOrder).toBeVisible();
  // Someone else saves the record meanwhile.
  const current = await (await page.request.get(`/api/tour-types/${row.id}`)).json();
  const other = await page.request.put(`/api/tour-types/${row.id}`, {
    data: { sortOrder: Number(current.sortOrder) + 1, version: current.version },
    headers: { origin },
  });
  expect(other.ok()).toBe(true);
  await sortOrder.fill('77');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByText('This record was changed by someone else')).toBeVisible();
});
