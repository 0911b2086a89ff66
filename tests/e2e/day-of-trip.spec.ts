/**
 * SPEC §15 on a 390 px phone: the departure's manifest (totals, CSV, live for a second guide, one A4 page for 40
 * travellers), the scan screen reading a QR image, and scans made offline that wait and land when the network is back.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signedIn } from './admin-helpers';
import QRCode from 'qrcode';
import { PARTNER, signInPartner } from './partner-helpers';
import { platformDay } from '../support/platform-day';

test.use({ viewport: { width: 390, height: 844 } });

const FINANCE = { email: 'finance@example.com', password: 'Admin#2026' };
const CUSTOMER = { email: 'user@example.com', password: 'User#2026' };

interface Departure {
  id: number;
  codes: string[];
}

/**
 * A departure of the demo partner tomorrow (inside the check-in window) with `count` paid one-seat bookings; each
 * booking's contact name is given by `name`.
 */
async function departureWithTravellers(
  baseURL: string,
  count: number,
  name: (n: number) => string = (n) => `Traveller ${n}`,
): Promise<Departure> {
  const [partner, finance, customer] = await Promise.all([
    signedIn(baseURL, PARTNER),
    signedIn(baseURL, FINANCE),
    signedIn(baseURL, CUSTOMER),
  ]);
  try {
    const [service] = await (
      await partner.get(`/api/services?filter=${encodeURIComponent('{"status":"approved"}')}&range=[0,0]`)
    ).json();
    const tomorrow = platformDay(1);
    const created = await partner.post('/api/schedules', {
      data: { serviceId: service.id, startDate: tomorrow, endDate: tomorrow, capacity: count + 5 },
    });
    expect(created.status()).toBe(201);
    const schedule = await created.json();
    const codes: string[] = [];
    for (let n = 1; n <= count; n++) {
      const booked = await customer.post('/api/orders', {
        data: { scheduleId: schedule.id, quantity: 1, contactName: name(n), contactPhone: `+856 20 555 ${1000 + n}` },
      });
      expect(booked.status(), await booked.text()).toBe(201);
      const order = await booked.json();
      const paid = await finance.post(`/api/orders/${order.id}/actions/pay`, { data: { reference: `E2E-${n}` } });
      expect(paid.status()).toBe(200);
      codes.push(order.code);
    }
    return { id: schedule.id, codes };
  } finally {
    await Promise.all([partner.dispose(), finance.dispose(), customer.dispose()]);
  }
}

async function checkInThroughApi(api: APIRequestContext, code: string) {
  const response = await api.post('/api/orders/-/check-in', { data: { code } });
  expect(response.status()).toBe(200);
  return response.json();
}

const manifestRow = (page: Page, code: string) => page.locator(`[data-record-table="manifest"] [data-row="${code}"]`);

test("the departure's manifest: totals, a second guide's check-in arrives live, CSV with formulas neutralised", async ({
  page,
  baseURL,
}) => {
  const departure = await departureWithTravellers(baseURL!, 3, (n) => (n === 1 ? '=HYPERLINK("x")' : `Guest ${n}`));
  await signInPartner(page);
  await page.goto(`/en/partner/schedules/${departure.id}`);
  const manifest = page.locator('[data-record-table="manifest"]');
  // On the phone, a card per booking.
  await expect(manifest.locator('[data-row]')).toHaveCount(3);
  await expect(manifest.locator('[data-total="bookings"]')).toContainText('3');
  await expect(manifest.locator('[data-total="checkedInSeats"]')).toContainText('0');
  await expect(manifestRow(page, departure.codes[1]).locator('[data-column="checkedInAt"]')).toHaveText('Not yet');
  await expect(manifestRow(page, departure.codes[1]).locator('[data-column="contactPhone"]')).toHaveText(
    '+856 20 555 1002',
  );
  await expect(manifestRow(page, departure.codes[1]).locator('[data-column="paid"]')).toHaveText('Yes');
  for (const name of ['Download CSV', 'Print']) {
    const box = await manifest.getByRole('button', { name }).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(40);
    expect(box!.width).toBeGreaterThanOrEqual(40);
  }

  // A second guide checks a traveller in on another phone: this open manifest follows without a reload.
  const secondGuide = await signedIn(baseURL!, PARTNER);
  await checkInThroughApi(secondGuide, departure.codes[1]);
  await secondGuide.dispose();
  await expect(manifestRow(page, departure.codes[1]).locator('[data-column="checkedInAt"]')).not.toHaveAttribute(
    'data-word',
    /./,
  );
  await expect(manifest.locator('[data-total="checkedInSeats"]')).toContainText('1');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    manifest.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv
    .replace(/^\ufeff/, '')
    .trim()
    .split('\n');
  expect(lines[0]).toBe('Booking code,Traveller,Phone,Sold by,Seats,Paid,Checked in');
  expect(lines).toHaveLength(4);
  // A contact name that a spreadsheet would run as a formula is written as text.
  expect(lines.find((line) => line.startsWith(departure.codes[0]))).toContain(`"'=HYPERLINK(""x"")"`);
});

test('the print layout fits 40 travellers on one A4 page', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const departure = await departureWithTravellers(baseURL!, 40, (n) => `Traveller with a rather long name ${n}`);
  await signInPartner(page);
  await page.goto(`/en/partner/schedules/${departure.id}`);
  await expect(page.locator('[data-record-table="manifest"] [data-row]')).toHaveCount(40);
  await page.emulateMedia({ media: 'print' });
  const sheet = page.locator('[data-print-sheet="manifest"]');
  await expect(sheet).toBeVisible();
  await expect(sheet.locator('tbody tr')).toHaveCount(40);
  // Only the sheet is printed: the app around it is not.
  await expect(page.locator('[data-record-table="manifest"]')).toBeHidden();
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? [];
  expect(pages).toHaveLength(1);
});

test('the scan screen checks a traveller in from a QR image, and says why it refuses one', async ({
  page,
  baseURL,
}) => {
  const departure = await departureWithTravellers(baseURL!, 2);
  await signInPartner(page);
  await page.goto('/en/partner');
  // The portal's menu (a drawer on a phone) leads to the scan screen.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('menuitem', { name: 'Check-in' })
    .or(page.getByRole('link', { name: 'Check-in' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/en\/partner\/check-in$/);
  await page.goto(`/en/partner/check-in?pick=${departure.id}`);
  // The screen's chunk, its departures and the manifest: slow on a busy machine, so a longer wait than the default.
  await expect(manifestRow(page, departure.codes[0])).toBeVisible({ timeout: 30_000 });
  for (const name of ['Scan with the camera', 'Scan a photo', 'Check in']) {
    const box = await page.getByRole('button', { name, exact: true }).boundingBox();
    expect(box!.height, name).toBeGreaterThanOrEqual(40);
  }

  const qr = await QRCode.toBuffer(departure.codes[0], { width: 360, margin: 4 });
  await page.getByTestId('scan-photo').setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: qr });
  await expect(page.locator(`[data-outcome="done"][data-code="${departure.codes[0]}"]`)).toBeVisible();
  await expect(manifestRow(page, departure.codes[0]).locator('[data-column="checkedInAt"]')).not.toHaveAttribute(
    'data-word',
    /./,
  );

  // Scanned again: the same answer, nothing changes; an unknown code is refused with the server's reason.
  await page.getByTestId('scan-code').fill('LT-NOSUCH00');
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(page.locator('[data-outcome="refused"][data-code="LT-NOSUCH00"]')).toContainText(
    'No booking of yours has this code',
  );
});

test('offline, scans wait on the phone, counted, and land when the network is back', async ({
  page,
  context,
  baseURL,
}) => {
  const departure = await departureWithTravellers(baseURL!, 2);
  await signInPartner(page);
  await page.goto(`/en/partner/check-in?pick=${departure.id}`);
  // The screen's chunk, its departures and the manifest: slow on a busy machine, so a longer wait than the default.
  await expect(manifestRow(page, departure.codes[0])).toBeVisible({ timeout: 30_000 });
  // The screen's service worker has taken the page over.
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 15_000 });
  // ...and has kept what the page read before it took over (the departures and this manifest): a guide who goes
  // out of signal in the moment between would find the screen without them.
  await expect
    .poll(
      () =>
        page.evaluate(async (id) => {
          const urls = (await (await caches.open('lantern-scan-v1')).keys()).map((request) => request.url);
          return (
            urls.some((url) => url.includes('/api/schedules?')) &&
            urls.some((url) => url.endsWith(`/api/schedules/${id}/manifest`))
          );
        }, departure.id),
      { timeout: 15_000 },
    )
    .toBe(true);

  await context.setOffline(true);
  await expect(page.getByTestId('scan-offline')).toBeVisible();
  for (const [index, code] of departure.codes.entries()) {
    await page.getByTestId('scan-code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(page.locator(`[data-outcome="waiting"][data-code="${code}"]`)).toBeVisible();
    await expect(page.getByTestId('scan-waiting')).toHaveAttribute('data-count', String(index + 1));
  }
  await expect(page.getByTestId('scan-waiting')).toContainText('2 scans waiting to be sent');

  // The screen opens again without network: its shell and the departure's manifest come from the worker's cache,
  // even when the departures' service names were not kept (the worker keeps what the page read, as it can).
  await page.evaluate(async () => {
    const cache = await caches.open('lantern-scan-v1');
    for (const request of await cache.keys())
      if (new URL(request.url).pathname === '/api/services') await cache.delete(request);
  });
  await page.reload();
  await expect(manifestRow(page, departure.codes[1])).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('scan-waiting')).toHaveAttribute('data-count', '2');

  await context.setOffline(false);
  for (const code of departure.codes)
    await expect(page.locator(`[data-outcome="done"][data-code="${code}"]`)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('scan-waiting')).toHaveCount(0);
  const partner = await signedIn(baseURL!, PARTNER);
  const manifest = await (await partner.get(`/api/schedules/${departure.id}/manifest`)).json();
  expect(manifest.totals.checkedInSeats).toBe(2);
  // Sent again (a phone that queued it twice): the same first time, no second stamp.
  const first = manifest.rows.find((row: { code: string }) => row.code === departure.codes[0]).checkedInAt;
  expect((await checkInThroughApi(partner, departure.codes[0])).checkedInAt).toBe(first);
  await partner.dispose();
});
