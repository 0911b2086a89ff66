import { expect, test, type Page } from '@playwright/test';
import { signInAdmin } from './admin-helpers';
import { showEveryWidget, signInPartner, toMajor } from './partner-helpers';
import { platformDay } from '../support/platform-day';

/** Picks the option of a react-admin autocomplete whose text contains `text`. */
async function pick(page: Page, label: string, text: string) {
  const input = page.getByLabel(label, { exact: false }).first();
  await input.click();
  await input.fill(text.slice(0, 12));
  await page.getByRole('option', { name: text, exact: false }).first().click();
}

test('a partner creates a service in Lao and English, submits it, and it reaches the admin review queue', async ({
  page,
  browser,
}) => {
  await signInPartner(page);
  const title = `Mekong sunset cruise ${Date.now()}`;
  await page.goto('/en/partner/services/create');
  const titles = page.locator('[data-field="title"]');
  await titles.locator('[data-locale="lo"]').click();
  await page.locator('input[name="title.lo"]').fill('ລ່ອງເຮືອຊົມຕາເວັນຕົກ');
  await titles.locator('[data-locale="en"]').click();
  await page.locator('input[name="title.en"]').fill(title);
  await page.getByRole('tab', { name: 'Details' }).click();
  await pick(page, 'Tour type', 'River');
  await pick(page, 'Province', 'Vientiane');
  await page.locator('input[name="durationDays"]').fill('1');
  // Two ticket types, each a row of the list: adults (the default, the service's price) and cheaper children.
  const addType = page.locator('.button-add').first();
  await addType.click();
  await page.locator('input[name="ticketTypes.0.code"]').fill('ADULT');
  await page.locator('input[name="ticketTypes.0.name.en"]').fill('Adult');
  await page.locator('input[name="ticketTypes.0.price"]').fill('350000');
  await addType.click();
  await page.locator('input[name="ticketTypes.1.code"]').fill('CHILD');
  await page.locator('input[name="ticketTypes.1.name.en"]').fill('Child');
  await page.locator('input[name="ticketTypes.1.price"]').fill('200000');
  await page.locator('input[name="ticketTypes.1.maxAge"]').fill('11');
  await page.locator('input[name="capacity"]').fill('12');
  await page.getByRole('button', { name: 'Save' }).click();

  // Saved as a draft, then submitted for review from its page.
  await expect(page).toHaveURL(/\/en\/partner\/services\/\d+\/show$/);
  await expect(page.getByTestId('decision-services')).toHaveAttribute('data-status', 'draft');
  await page.locator('[data-action="submit"]').click();
  await expect(page.getByTestId('decision-services')).toHaveAttribute('data-status', 'pending');
  const id = /services\/(\d+)\/show/.exec(page.url())![1];
  const saved = await (await page.request.get(`/api/services/${id}`)).json();
  expect(saved.title).toMatchObject({ en: title, lo: 'ລ່ອງເຮືອຊົມຕາເວັນຕົກ' });
  expect(saved.price).toBe(350_000);
  expect(saved.ticketTypes).toMatchObject([
    { code: 'ADULT', name: { en: 'Adult' }, price: 350_000 },
    { code: 'CHILD', name: { en: 'Child' }, price: 200_000, maxAge: 11 },
  ]);

  const admin = await browser.newPage();
  await signInAdmin(admin, 'moderator@example.com');
  await admin.goto(`/en/admin/service-review?filter=${encodeURIComponent(JSON.stringify({ q: title }))}`);
  await expect(admin.locator('table tbody tr').filter({ hasText: title })).toHaveCount(1);
  await admin.close();
});

test('a partner adds a departure to an approved service', async ({ page }) => {
  await signInPartner(page);
  const services = await (
    await page.request.get(`/api/services?filter=${encodeURIComponent('{"status":"approved"}')}&range=[0,0]`)
  ).json();
  const service = services[0];
  const day = (offset: number) => platformDay(offset);
  await page.goto('/en/partner/schedules/create');
  await pick(page, 'Service', service.title.en);
  await page.locator('input[name="startDate"]').fill(day(45));
  await page.locator('input[name="endDate"]').fill(day(46));
  await page.locator('input[name="capacity"]').fill('17');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/en\/partner\/schedules\/\d+\/show$/);
  await expect(page.getByTestId('decision-schedules')).toHaveAttribute('data-status', 'open');
  const id = /schedules\/(\d+)\/show/.exec(page.url())![1];
  const saved = await (await page.request.get(`/api/schedules/${id}`)).json();
  expect(saved).toMatchObject({ serviceId: service.id, startDate: day(45), capacity: 17, seatsBooked: 0 });
});

test("a partner's new departure sells children's seats at its own price: one row per ticket type of the service, named", async ({
  page,
}) => {
  await signInPartner(page);
  const services = (await (
    await page.request.get(`/api/services?filter=${encodeURIComponent('{"status":"approved"}')}&range=[0,99]`)
  ).json()) as { id: number; title: { en: string }; ticketTypes: { code: string; price: number }[] }[];
  const service = services.find((s) => s.ticketTypes.some((t) => t.code === 'CHILD'))!;
  expect(service, "a demo partner's approved service selling children's seats").toBeTruthy();
  const child = service.ticketTypes.find((t) => t.code === 'CHILD')!;
  const day = (offset: number) => platformDay(offset);
  await page.goto('/en/partner/schedules/create');
  await pick(page, 'Service', service.title.en);
  const overrides = page.getByTestId('map-priceOverrides');
  await expect(overrides.locator(':scope > legend')).toHaveText('Special prices by ticket type');
  // Every type of the chosen service has its row, its own price shown until another is typed.
  await expect(overrides.getByLabel('Child (CHILD)')).toBeVisible();
  await expect(overrides.getByLabel('Adult (ADULT)')).toBeVisible();
  await expect(overrides.getByLabel('Child (CHILD)')).toHaveAttribute('placeholder', String(toMajor(child.price)));
  await page.locator('input[name="startDate"]').fill(day(47));
  await page.locator('input[name="endDate"]').fill(day(47));
  await page.locator('input[name="capacity"]').fill('12');
  const price = toMajor(child.price) + 5000;
  await overrides.getByLabel('Child (CHILD)').fill(String(price));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/en\/partner\/schedules\/\d+\/show$/);
  const id = /schedules\/(\d+)\/show/.exec(page.url())![1];
  const saved = await (await page.request.get(`/api/schedules/${id}`)).json();
  // Only the type given a price is overridden; the adults' stays the service's.
  expect(saved.priceOverrides).toEqual({ CHILD: child.price + 5000 / toMajor(1) });
});

test('a partner confirms a paid order and then sees the customer contact', async ({ page }) => {
  await signInPartner(page);
  await page.goto(`/en/partner/orders?filter=${encodeURIComponent('{"status":"paid"}')}`);
  await page.locator('table tbody tr').first().click();
  await expect(page).toHaveURL(/\/en\/partner\/orders\/\d+\/show$/);
  const id = /orders\/(\d+)\/show/.exec(page.url())![1];
  await expect(page.getByTestId('decision-orders')).toHaveAttribute('data-status', 'paid');
  await page.locator('[data-action="confirm"]').click();
  await expect(page.getByText('Confirm: done')).toBeVisible();
  // Opened from the paid orders, the screen moves on to the next one waiting; the confirmed one is done.
  await expect.poll(async () => (await (await page.request.get(`/api/orders/${id}`)).json()).status).toBe('confirmed');
  const order = await (await page.request.get(`/api/orders/${id}`)).json();
  expect(order.contactEmail).toMatch(/@/);
  await page.goto(`/en/partner/orders/${id}/show`);
  await expect(page.getByTestId('decision-orders')).toHaveAttribute('data-status', 'confirmed');
  await expect(page.locator('[data-action="confirm"]')).toHaveCount(0);
});

test('a withdrawal above the balance is refused with the message; one within it is pending', async ({ page }) => {
  const me = await signInPartner(page);
  const balance = await (await page.request.get(`/api/partners/${me.id}/balance`)).json();
  const settings = await (await page.request.get('/api/settings/payments')).json();
  const minimum = Number(settings.values.minWithdrawal);
  expect(balance.available).toBeGreaterThan(minimum);
  await page.goto('/en/partner/revenue');
  await showEveryWidget(page);
  const form = page.getByTestId('create-withdrawals');
  const amount = form.locator('input[name="amount"]');
  const rows = page.locator('[data-panel="withdrawals"] table tbody tr');
  await expect(rows.first()).toBeVisible();
  // The list's stand-in rows hold its space until the first page has come: count the real ones.
  await expect(page.locator('[data-panel="withdrawals"] [data-placeholder-rows]')).toHaveCount(0);
  const before = await rows.count();

  await amount.fill(String(toMajor(balance.available, balance.currency) + 1000));
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form).toContainText('The value must be at most');
  await expect(rows).toHaveCount(before);
  const after = await (await page.request.get(`/api/partners/${me.id}/balance`)).json();
  expect(after.available).toBe(balance.available);

  await amount.fill(String(toMajor(minimum, balance.currency)));
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(page.locator('[data-panel="withdrawals"] [data-testid="status-tabs"]')).toBeVisible();
  const pending = await (
    await page.request.get(`/api/withdrawals?filter=${encodeURIComponent('{"status":"pending"}')}&range=[0,99]`)
  ).json();
  expect(pending.some((row: { amount: number }) => row.amount === minimum)).toBe(true);
  const held = await (await page.request.get(`/api/partners/${me.id}/balance`)).json();
  expect(held.available).toBe(balance.available - minimum);
});

test('editing an approved service warns that it goes back to review; a photo upload and save move it there', async ({
  page,
}) => {
  await signInPartner(page);
  const approved = await (
    await page.request.get(`/api/services?filter=${encodeURIComponent('{"status":"approved"}')}&range=[0,0]`)
  ).json();
  const service = approved[0];
  await page.goto(`/en/partner/services/${service.id}`);
  await expect(page.getByTestId('edit-moves')).toContainText('Awaiting review');
  await page.getByRole('tab', { name: 'Photos' }).click();
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await page.locator('input[type="file"]').setInputFiles({ name: 'boat.png', mimeType: 'image/png', buffer: png });
  await expect(page.locator('img[src^="/uploads/"]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/partner/services/${service.id}/show$`));
  await expect(page.getByTestId('decision-services')).toHaveAttribute('data-status', 'pending');
  const saved = await (await page.request.get(`/api/services/${service.id}`)).json();
  expect(saved.status).toBe('pending');
  expect(saved.images.some((url: string) => url.startsWith('/uploads/'))).toBe(true);
});
