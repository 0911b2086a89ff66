import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { signInAdmin } from './admin-helpers';

const DAY = 86_400_000;

/** The `days` days ending today (UTC), as the pages choose their default period. */
function lastDays(days: number) {
  const to = Date.parse(new Date().toISOString().slice(0, 10));
  const iso = (time: number) => new Date(time).toISOString().slice(0, 10);
  return `from=${iso(to - (days - 1) * DAY)}&to=${iso(to)}`;
}

/** An API answer read with the page's session, so the expectations come from the same server and data. */
async function api<T = any>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

const percent = (rate: number) =>
  new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 }).format(rate);
const LAK_DIGITS = new Intl.NumberFormat('en', { style: 'currency', currency: 'LAK' }).resolvedOptions()
  .maximumFractionDigits!;

test('statistics show the refund rate, top partners and services by name, and download a ranking as CSV', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAdmin(page, 'admin@example.com');
  await page.goto('/en/admin/statistics');
  const period = lastDays(90);

  const rate = await api(page, `/api/stats/orders/rate/refundRate?${period}&interval=week`);
  expect(rate.whole.count).toBeGreaterThan(0);
  const refund = page.getByTestId('rate-orders-refundRate');
  await expect(refund.getByRole('heading', { name: 'Refund rate' })).toBeVisible();
  await expect(refund.getByTestId('rate-orders-refundRate-count')).toContainText(
    `Orders: ${percent(rate.rate.count)} (${rate.part.count.toLocaleString('en')} of ${rate.whole.count.toLocaleString('en')})`,
  );
  // The rate counts refunded orders too, so its value is the orders' total, not revenue.
  await expect(refund.getByTestId('rate-orders-refundRate-total')).toContainText(`Total: ${percent(rate.rate.total)}`);
  await expect(refund.locator('.recharts-line')).toHaveCount(2);

  // Rankings name partners and services by their titles (the reference's display field), in the API's order.
  const byPartner = await api(page, `/api/stats/orders/by/partnerId?${period}&limit=10`);
  const partners = page.getByTestId('top-orders-partnerId');
  await expect(partners.getByRole('heading', { name: 'Top Partners' })).toBeVisible();
  await expect(partners.getByTestId('top-row')).toHaveCount(byPartner.rows.length);
  const first = await api(page, `/api/partners/${byPartner.rows[0].key}`);
  const firstRow = partners.getByTestId('top-row').first();
  await expect(firstRow).toContainText(first.companyName);
  await expect(firstRow.locator('td').last()).toHaveText(String(byPartner.rows[0].count));

  const byService = await api(page, `/api/stats/orders/by/serviceId?${period}&limit=10`);
  const services = page.getByTestId('top-orders-serviceId');
  await expect(services.getByRole('heading', { name: 'Top Services' })).toBeVisible();
  const service = await api(page, `/api/services/${byService.rows[0].key}`);
  await expect(services.getByTestId('top-row').first()).toContainText(service.title.en);
  await expect(services.getByTestId('top-row').filter({ hasText: /^#\d/ })).toHaveCount(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    partners.getByTestId('top-orders-partnerId-csv').click(),
  ]);
  const csv = parse(Buffer.concat(await (await download.createReadStream()).toArray()), {
    bom: true,
    columns: true,
  }) as Record<string, string>[];
  expect(csv).toHaveLength(byPartner.rows.length);
  expect(csv[0]).toEqual({
    Partner: first.companyName,
    Orders: String(byPartner.rows[0].count),
    // Money in major units, as a spreadsheet wants it.
    // Rankings count the orders paid and kept: their total is revenue.
    Revenue: String(byPartner.rows[0].total / 10 ** LAK_DIGITS),
    Commission: String(byPartner.rows[0].commission / 10 ** LAK_DIGITS),
  });
});

/** An amount as the app writes it: LAK in en-US, fraction digits only when there are any. */
const money = (minor: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'LAK',
    minimumFractionDigits: minor % 10 ** LAK_DIGITS === 0 ? 0 : LAK_DIGITS,
    maximumFractionDigits: LAK_DIGITS,
  }).format(minor / 10 ** LAK_DIGITS);

/** An amount exactly, and as a card too narrow for it writes it. */
const amount = (minor: number) => ({
  value: money(minor),
  short: new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'LAK',
    notation: 'compact',
    maximumSignificantDigits: 4,
  }).format(minor / 10 ** LAK_DIGITS),
});

test('finance’s dashboard shows the five KPIs of the period, gross bookings apart from revenue', async ({ page }) => {
  await signInAdmin(page, 'finance@example.com');
  const period = lastDays(30);
  const orders = await api(page, `/api/stats/orders/summary?${period}`);
  const partners = await api(page, `/api/stats/partners/summary?${period}`);
  // The demo data has unpaid and refunded orders in the last month: gross bookings are more than revenue.
  expect(orders.grossBookings).toBeGreaterThan(orders.total);
  const kpis = [
    { id: 'kpi-orders-grossBookings', label: 'Gross bookings', ...amount(orders.grossBookings) },
    { id: 'kpi-orders-total', label: 'Revenue', ...amount(orders.total) },
    { id: 'kpi-orders-commission', label: 'Commission', ...amount(orders.commission) },
    { id: 'kpi-orders-count', label: 'Orders', value: orders.count.toLocaleString('en'), short: undefined },
    { id: 'kpi-partners-count', label: 'New partners', value: partners.count.toLocaleString('en'), short: undefined },
  ];
  // In this order, and no other card.
  await expect(page.locator('[data-testid^="kpi-"]')).toHaveCount(kpis.length);
  expect(
    await page.locator('[data-testid^="kpi-"]').evaluateAll((cards) => cards.map((c) => c.dataset.testid)),
  ).toEqual(kpis.map((kpi) => kpi.id));
  for (const kpi of kpis) {
    const card = page.getByTestId(kpi.id);
    await expect(card.locator('.MuiTypography-overline')).toHaveText(kpi.label);
    // The exact figure is the value's tooltip; one too long for the card is written short ("LAK 1.137B").
    const value = card.locator('p').first();
    await expect(value).toHaveAttribute('title', kpi.value);
    await expect(value).toHaveText(kpi.value.length > 13 ? kpi.short! : kpi.value);
  }
  await expect(page.locator('a[href="/en/admin/statistics"]')).toBeVisible();
});

test('support’s dashboard keeps the queues and recent activity, without money figures or refused requests', async ({
  page,
}) => {
  const refused: string[] = [];
  // Signed out, the entry asks who is signed in (401) before showing its form: not a refusal of the dashboard.
  page.on('response', (response) => {
    if (response.status() >= 400 && response.status() !== 401) refused.push(`${response.status()} ${response.url()}`);
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 401/.test(message.text())) errors.push(message.text());
  });
  await signInAdmin(page, 'support@example.com');
  await expect(page.locator('[data-testid^="queue-"]').first()).toBeVisible();
  await expect(page.getByTestId('recent-activity').locator('li').first()).toBeVisible();
  await expect(page.getByRole('menu').locator('a[href="/en/admin/orders"]')).toBeVisible();
  await expect(page.locator('[data-testid^="kpi-"]')).toHaveCount(0);
  await expect(page.getByTestId('period-30')).toHaveCount(0);
  await expect(page.getByRole('menu').locator('a[href="/en/admin/statistics"]')).toHaveCount(0);
  await expect(page.locator('.MuiAlert-standardError, .MuiAlert-filledError')).toHaveCount(0);
  // The dashboard never asked for what the server refuses support.
  expect(refused).toEqual([]);
  expect(errors).toEqual([]);
  expect((await page.request.get(`/api/stats/orders/summary?${lastDays(30)}`)).status()).toBe(403);
});

test('the dashboard counts new partners against the previous period beside the order KPIs', async ({ page }) => {
  await signInAdmin(page, 'admin@example.com');
  await page.goto('/en/admin/dashboard');
  const summary = await api(page, `/api/stats/partners/summary?${lastDays(30)}`);
  // The demo data signs up partners in the last weeks.
  expect(summary.count).toBeGreaterThan(0);
  const card = page.getByTestId('kpi-partners-count');
  await expect(card).toContainText('New partners');
  await expect(card.locator('p')).toHaveText(summary.count.toLocaleString('en'));
  await expect(page.getByTestId('kpi-orders-total')).toContainText('Revenue');

  // Another period asks again: the 7-day count is its own.
  const week = await api(page, `/api/stats/partners/summary?${lastDays(7)}`);
  await page.getByTestId('period-7').click();
  await expect(card.locator('p')).toHaveText(week.count.toLocaleString('en'));
});
