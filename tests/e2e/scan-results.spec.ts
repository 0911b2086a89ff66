/**
 * SPEC §15 and §21 at the gate, on a 390 px phone in the platform's time zone: each scan names the traveller and
 * their seats by ticket type; a second scan of one ticket is told apart ("Already checked in at 22:57"); the scan
 * sends the departure picked, so a ticket of another departure is refused naming its own; the departure picked is
 * in the address and survives a reload, offline too, with the waiting scans listed by code; a no-show asks first.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signedIn } from './admin-helpers';
import { PARTNER, signInPartner } from './partner-helpers';
import { PLATFORM_ZONE, platformDay } from '../support/platform-day';

const TIME_ZONE = PLATFORM_ZONE;
test.use({ viewport: { width: 390, height: 844 }, timezoneId: TIME_ZONE });

const FINANCE = { email: 'finance@example.com', password: 'Admin#2026' };
const CUSTOMER = { email: 'user@example.com', password: 'User#2026' };

interface Row {
  id: number;
  [key: string]: unknown;
}

const filterOf = (filter: object) => encodeURIComponent(JSON.stringify(filter));

/** One of the demo partner's approved services that sells children's seats too. */
async function familyService(partner: APIRequestContext): Promise<Row> {
  const services = (await (
    await partner.get(`/api/services?filter=${filterOf({ status: 'approved' })}&range=[0,49]`)
  ).json()) as Row[];
  const service = services.find((s) =>
    (s.ticketTypes as { code: string }[] | undefined)?.some((type) => type.code === 'CHILD'),
  );
  expect(service, 'an approved demo service with a CHILD ticket type').toBeTruthy();
  return service!;
}

async function newDeparture(partner: APIRequestContext, serviceId: number, day: string, startTime: string) {
  const created = await partner.post('/api/schedules', {
    data: { serviceId, startDate: day, endDate: day, startTime, capacity: 20 },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as Row;
}

/** A paid booking of 2 adults and 1 child on the departure, for `contactName`. */
async function paidFamilyBooking(baseURL: string, scheduleId: number, contactName: string) {
  const [customer, finance] = await Promise.all([signedIn(baseURL, CUSTOMER), signedIn(baseURL, FINANCE)]);
  try {
    const booked = await customer.post('/api/orders', {
      data: {
        scheduleId,
        lines: [
          { ticketType: 'ADULT', quantity: 2 },
          { ticketType: 'CHILD', quantity: 1 },
        ],
        contactName,
        contactPhone: '+856 20 555 7777',
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const order = (await booked.json()) as Row;
    const paid = await finance.post(`/api/orders/${order.id}/actions/pay`, {
      data: { reference: `E2E-${order.code}` },
    });
    expect(paid.status()).toBe(200);
    return order as Row & { code: string };
  } finally {
    await Promise.all([customer.dispose(), finance.dispose()]);
  }
}

const manifestRow = (page: Page, code: string) => page.locator(`[data-record-table="manifest"] [data-row="${code}"]`);
const outcome = (page: Page, kind: string, code: string) =>
  page.locator(`[data-outcome="${kind}"][data-code="${code}"]`);

async function typeCode(page: Page, code: string) {
  await page.getByTestId('scan-code').fill(code);
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
}

test('a first scan names the traveller and the seats; a second scan of the ticket is shown apart with the first time', async ({
  page,
  baseURL,
}) => {
  const partner = await signedIn(baseURL!, PARTNER);
  const service = await familyService(partner);
  const departure = await newDeparture(partner, service.id, platformDay(1), '23:15');
  const order = await paidFamilyBooking(baseURL!, departure.id, 'Noy Phommachanh');

  await signInPartner(page);
  await page.goto(`/en/partner/check-in?pick=${departure.id}`);
  await expect(manifestRow(page, order.code)).toBeVisible({ timeout: 30_000 });

  await typeCode(page, order.code);
  const first = outcome(page, 'done', order.code);
  await expect(first).toContainText('Checked in');
  await expect(first).toContainText('Noy');
  await expect(first).toContainText('2 × Adult');
  await expect(first).toContainText('1 × Child');
  await expect(first).toHaveClass(/MuiAlert-\w*Success/);

  // The first time, as the server keeps it, written as the phone reads times (en: "9:05 PM").
  const manifest = await (await partner.get(`/api/schedules/${departure.id}/manifest`)).json();
  const boarded = manifest.rows.find((row: { code: string }) => row.code === order.code).checkedInAt as string;
  expect(boarded).toBeTruthy();
  const firstTime = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: TIME_ZONE }).format(
    new Date(boarded),
  );

  await typeCode(page, order.code.toLowerCase());
  const again = outcome(page, 'again', order.code);
  await expect(again).toContainText(`Already checked in at ${firstTime}`);
  await expect(again).toContainText('Noy');
  await expect(again).toContainText('2 × Adult');
  await expect(again).toHaveClass(/MuiAlert-\w*Error/);
  // Apart: the first scan's green result is still there, the second its own red one above it.
  await expect(first).toBeVisible();
  await expect(page.locator(`[data-outcome][data-code="${order.code}"]`)).toHaveCount(2);
  await expect(page.locator('[data-outcome]').first()).toHaveAttribute('data-outcome', 'again');

  // In Lao the same result is in Lao, its time in the Lao format.
  await page.goto(`/lo/partner/check-in?pick=${departure.id}`);
  await expect(manifestRow(page, order.code)).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('scan-code').fill(order.code);
  await page.getByTestId('scan-code').press('Enter');
  await expect(outcome(page, 'again', order.code)).toContainText('ເຊັກອິນໄປແລ້ວກ່ອນໜ້ານີ້');
  await expect(outcome(page, 'again', order.code)).toContainText('ຜູ້ໃຫຍ່');
  await partner.dispose();
});

test('the scan sends the departure picked: a ticket of another departure is refused, naming the one it is for', async ({
  page,
  baseURL,
}) => {
  const partner = await signedIn(baseURL!, PARTNER);
  const service = await familyService(partner);
  const tomorrow = platformDay(1);
  const picked = await newDeparture(partner, service.id, tomorrow, '23:10');
  const other = await newDeparture(partner, service.id, tomorrow, '23:40');
  const order = await paidFamilyBooking(baseURL!, other.id, 'Kham S.');

  await signInPartner(page);
  await page.goto(`/en/partner/check-in?pick=${picked.id}`);
  await expect(page.locator('[data-record-table="manifest"]')).toBeVisible({ timeout: 30_000 });
  await typeCode(page, order.code);
  const refused = outcome(page, 'refused', order.code);
  await expect(refused).toContainText('This ticket is for another departure');
  await expect(refused).toContainText('23:40');
  // The day in the reader's words, not ISO.
  const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${tomorrow}T00:00:00Z`),
  );
  await expect(refused).toContainText(day);
  await expect(refused).not.toContainText(tomorrow);
  await expect(refused).toHaveClass(/MuiAlert-\w*Error/);
  // Not checked in.
  const manifest = await (await partner.get(`/api/schedules/${other.id}/manifest`)).json();
  expect(manifest.totals.checkedInSeats).toBe(0);
  await partner.dispose();
});

test("the screen opens on today's departure; the one picked is in the address and survives a reload, offline too, with the waiting scans listed", async ({
  page,
  context,
  baseURL,
}) => {
  const partner = await signedIn(baseURL!, PARTNER);
  const service = await familyService(partner);
  const tomorrow = await newDeparture(partner, service.id, platformDay(1), '23:05');
  const order = await paidFamilyBooking(baseURL!, tomorrow.id, 'Vone K.');

  await signInPartner(page);
  await page.goto('/en/partner/check-in');
  const select = page.getByRole('combobox', { name: 'Departure' });
  await expect(select).toBeVisible({ timeout: 30_000 });
  // Opened without a pick: one of today's departures (the demo partner has one), not yesterday's.
  const opened = await page.getByTestId('scan-pick').inputValue();
  const openedRow = (await (await partner.get(`/api/schedules/${opened}`)).json()) as Row;
  expect(openedRow.startDate).toBe(platformDay(0));
  // Its name reads its hour, whole at 390 px.
  await expect(select).toContainText(String(openedRow.startTime));
  const cut = await select.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(cut).toBe(false);

  // Another departure first (a pick that changes nothing changes no address), then the new one.
  await select.click();
  await page.locator(`[role="option"]:not([data-pick="${tomorrow.id}"]):not([aria-selected="true"])`).first().click();
  await expect(page).toHaveURL(/[?&]pick=\d+/);
  await select.click();
  const option = page.locator(`[role="option"][data-pick="${tomorrow.id}"]`);
  await expect(option).toContainText('23:05');
  expect(await option.evaluate((el) => el.scrollWidth > el.clientWidth + 1)).toBe(false);
  await option.click();
  await expect(page).toHaveURL(new RegExp(`[?&]pick=${tomorrow.id}(&|$)`));
  await expect(manifestRow(page, order.code)).toBeVisible({ timeout: 30_000 });
  // The manifest is not pushed down by an empty space under the scanner's card.
  const [card, table] = await Promise.all([
    page.locator('[data-widget="checkIn"]').boundingBox(),
    page.locator('[data-record-table="manifest"]').boundingBox(),
  ]);
  expect(table!.y - (card!.y + card!.height)).toBeLessThan(40);
  // Its scrolling box is reached by the keyboard and named.
  const box = page.locator('[data-record-table="manifest"] [data-scroll-box]');
  await expect(box).toHaveAttribute('tabindex', '0');
  await expect(box).toHaveAttribute('aria-label', /.+/);
  const axe = await new AxeBuilder({ page }).withRules(['scrollable-region-focusable']).analyze();
  expect(axe.violations.map((v) => v.nodes.map((node) => node.target.join(' ')))).toEqual([]);

  await page.reload();
  await expect(manifestRow(page, order.code)).toBeVisible({ timeout: 30_000 });
  expect(await page.getByTestId('scan-pick').inputValue()).toBe(String(tomorrow.id));

  // Offline: the scan waits, and the screen opened again still lists it by its code, on the same departure.
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 15_000 });
  await expect
    .poll(
      () =>
        page.evaluate(async (id) => {
          const urls = (await (await caches.open('lantern-scan-v1')).keys()).map((r) => r.url);
          return urls.some((url) => url.endsWith(`/api/schedules/${id}/manifest`));
        }, tomorrow.id),
      { timeout: 15_000 },
    )
    .toBe(true);
  await context.setOffline(true);
  await typeCode(page, order.code);
  await expect(outcome(page, 'waiting', order.code)).toBeVisible();
  await page.reload();
  await expect(manifestRow(page, order.code)).toBeVisible({ timeout: 30_000 });
  expect(await page.getByTestId('scan-pick').inputValue()).toBe(String(tomorrow.id));
  await expect(page.getByTestId('scan-waiting')).toHaveAttribute('data-count', '1');
  await expect(outcome(page, 'waiting', order.code)).toBeVisible();

  await context.setOffline(false);
  const done = outcome(page, 'done', order.code);
  await expect(done).toBeVisible({ timeout: 20_000 });
  await expect(done).toContainText('Vone');
  await expect(outcome(page, 'waiting', order.code)).toHaveCount(0);
  await partner.dispose();
});

test('no-show asks to confirm: Cancel leaves the booking as it was, confirming marks it, and it can be undone today', async ({
  page,
  baseURL,
}) => {
  const partner = await signedIn(baseURL!, PARTNER);
  // The demo's traveller on yesterday's departure: paid, neither checked in nor marked (SPEC §15).
  const rows = (await (
    await partner.get(`/api/orders?filter=${filterOf({ status: 'paid' })}&range=[0,499]&sort=["id","ASC"]`)
  ).json()) as Row[];
  const missed = rows.find((row) => String(row.departureDate) < platformDay(0) && !row.checkedInAt);
  expect(missed, "the demo's missed traveller").toBeTruthy();
  const actions = await (await partner.get(`/api/orders/${missed!.id}/actions`)).json();
  expect(actions.actions).toContain('no-show');

  await signInPartner(page);
  await page.goto(`/en/partner/orders/${missed!.id}/show`);
  const mark = page.locator('[data-action="no-show"]');
  await expect(mark).toBeVisible({ timeout: 30_000 });
  await mark.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Mark as no-show' })).toBeVisible();
  await expect(dialog).toContainText(String(missed!.code));
  const confirm = dialog.getByRole('button', { name: 'Mark as no-show' });
  const cancel = dialog.getByRole('button', { name: 'Cancel' });
  for (const button of [confirm, cancel]) expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(40);

  await cancel.click();
  await expect(dialog).toBeHidden();
  // Asked, not run: the booking is as it was.
  expect((await (await partner.get(`/api/orders/${missed!.id}`)).json()).status).toBe('paid');

  await mark.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark as no-show' }).click();
  await expect.poll(async () => (await (await partner.get(`/api/orders/${missed!.id}`)).json()).status).toBe('no_show');

  // Marked by mistake: taken back the same day, and the booking is paid again (the demo's state for others).
  await page.goto(`/en/partner/orders/${missed!.id}/show`);
  await page.locator('[data-action="undo-no-show"]').click();
  await expect.poll(async () => (await (await partner.get(`/api/orders/${missed!.id}`)).json()).status).toBe('paid');
  await partner.dispose();
});
