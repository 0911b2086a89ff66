import { expect, test, type Page } from '@playwright/test';

async function signIn(page: Page, email: string) {
  await page.goto('/en/admin');
  const origin = new URL(page.url()).origin;
  const response = await page.request.post('/api/auth/login', {
    data: { email, password: 'Admin#2026' },
    headers: { origin },
  });
  expect(response.ok()).toBe(true);
}

test('filter + sort + export: the CSV holds exactly the filtered list, in its order', async ({ page }) => {
  await signIn(page, 'finance@example.com');
  const filter = encodeURIComponent(JSON.stringify({ kind: 'refund' }));
  await page.goto(`/en/admin/payments/history?filter=${filter}&sort=amount&order=DESC&perPage=25&page=1`);
  const rows = page.locator('table tbody tr');
  await expect(rows.first()).toBeVisible();
  // Every row shown is of the filtered kind; the totals describe the same set.
  await expect(page.locator('table tbody')).not.toContainText('Charge');
  await expect(page.getByTestId('list-totals')).toBeVisible();
  const api = await page.request.get(
    `/api/payments?filter=${filter}&sort=${encodeURIComponent('["amount","DESC"]')}&range=${encodeURIComponent('[0,24]')}`,
  );
  const total = Number((api.headers()['content-range'] ?? '').split('/')[1]);
  const firstPage = (await api.json()) as { id: number; reference: string }[];
  expect(total).toBeGreaterThan(0);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  const csv = await (await download.createReadStream()).toArray();
  const lines = Buffer.concat(csv).toString('utf8').trim().split(/\r?\n/);
  const header = lines[0].split(',');
  const kindAt = header.indexOf('kind');
  const idAt = header.indexOf('id');
  expect(kindAt).toBeGreaterThanOrEqual(0);
  expect(lines.length - 1).toBe(total);
  for (const line of lines.slice(1)) expect(line.split(',')[kindAt]).toBe('refund');
  // Same order as the list: the CSV's first rows are the page's rows.
  const csvIds = lines.slice(1, 1 + firstPage.length).map((line) => Number(line.split(',')[idAt]));
  expect(csvIds).toEqual(firstPage.map((row) => row.id));
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

test('a moderation approve moves the queue and a reject opens the next item', async ({ page }) => {
  await signIn(page, 'moderator@example.com');
  const countOf = async () => {
    const response = await page.request.get(
      `/api/services?filter=${encodeURIComponent('{"status":"pending"}')}&range=${encodeURIComponent('[0,0]')}`,
    );
    return Number((response.headers()['content-range'] ?? '').split('/')[1]);
  };
  const before = await countOf();
  await page.goto('/en/admin/service-review');
  const first = page.locator('table tbody tr').first();
  await expect(first).toBeVisible();
  await first.getByTestId('row-actions').locator('[data-action="approve"]').click();
  await expect.poll(countOf).toBe(before - 1);

  // From a record of the queue, a reject with its reason goes on to the next pending item.
  await page.locator('table tbody tr').first().click();
  await expect(page).toHaveURL(/service-review\/\d+\/show$/);
  const opened = page.url();
  await page.locator('[data-testid="workflow-actions"] [data-action="reject"]').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('textarea').first().fill('Photos do not match the itinerary');
  await dialog.locator('button[type="submit"]').click();
  await expect(dialog).toBeHidden();
  await expect.poll(countOf).toBe(before - 2);
  await expect(page).not.toHaveURL(opened);
  await expect(page).toHaveURL(/service-review(\/\d+\/show)?$/);
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
