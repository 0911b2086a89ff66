/**
 * Pay by scanning (SPEC §20) on the traveller's phone: the unpaid booking's page draws the bank QR beside the
 * transfer details (≥ 200 px, its quiet zone, what to do with it, the amount), a camera reads it back from a
 * screenshot of the page as the same EMVCo payload the API answers, and once paid it is gone.
 */
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import jsQR from 'jsqr';
import { placeUnpaidBooking } from './customer-helpers';
import { PNG } from 'pngjs';
import { decodeEmvco } from '../support/emvco';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const USER = { email: 'user@example.com', password: 'User#2026' };
const FINANCE = { email: 'finance@example.com', password: 'Admin#2026' };

test('an unpaid booking shows the bank QR a banking app reads; paid, it is gone', async ({
  page,
  browser,
  baseURL,
}) => {
  expect((await page.request.post('/api/auth/login', { data: USER })).status()).toBe(200);
  const order = await placeUnpaidBooking(page);
  const { qrPayload } = (await (await page.request.get(`/api/orders/${order.id}/how-to-pay`)).json()) as {
    qrPayload: string;
  };
  expect(decodeEmvco(qrPayload).additional['01']).toBe(order.code);

  await page.goto(`/en/account/orders/${order.id}`);
  const howToPay = page.locator('[data-section="payment"]').getByTestId('instructions-how-to-pay');
  const figure = howToPay.getByTestId('instructions-qr');
  await expect(figure).toContainText('Scan with your banking app');
  // The amount under the code, as the transfer details say it.
  const amount = (await figure.getByTestId('qr-amount').innerText()).trim();
  expect(amount).toMatch(/\d/);
  await expect(howToPay.locator('[data-value="amount"]')).toHaveText(amount);
  // Beside it, the transfer details with a copy button for the account and the code.
  for (const name of ['bankAccountNumber', 'reference']) {
    const copy = howToPay.locator(`[data-copy="${name}"]`);
    await expect(copy).toBeVisible();
    // A thumb's target, wholly on the phone's screen.
    const box = (await copy.boundingBox())!;
    expect(Math.min(box.width, box.height), name).toBeGreaterThanOrEqual(40);
    expect(box.x + box.width, name).toBeLessThanOrEqual(390);
  }

  const qr = figure.getByTestId('payment-qr');
  await qr.scrollIntoViewIfNeeded();
  const box = (await qr.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(200);
  expect(box.height).toBeGreaterThanOrEqual(200);
  // Its quiet zone: the drawing's own edge is white all round, four modules deep, whatever is around it (the
  // module's size from the code's version, read back from the drawing itself).
  const own = PNG.sync.read(await qr.screenshot());
  const drawn = jsQR(new Uint8ClampedArray(own.data), own.width, own.height);
  expect(drawn?.data).toBe(qrPayload);
  const modules = 17 + 4 * drawn!.version + 8;
  const edge = Math.floor((own.width * 4) / modules) - 1;
  let darkest = 255;
  for (let y = 0; y < own.height; y++)
    for (let x = 0; x < own.width; x++) {
      if (x >= edge && x < own.width - edge && y >= edge && y < own.height - edge) continue;
      const at = (y * own.width + x) * 4;
      darkest = Math.min(darkest, own.data[at], own.data[at + 1], own.data[at + 2]);
    }
  expect(darkest).toBeGreaterThan(200);
  // A camera reads it off the screen: the whole viewport as the phone shows it, the code found within.
  const shot = PNG.sync.read(await page.screenshot());
  const read = jsQR(new Uint8ClampedArray(shot.data), shot.width, shot.height);
  expect(read?.data).toBe(qrPayload);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Finance records the payment: the page turns paid live and the code is gone.
  const finance = await browser.newContext({ baseURL });
  expect((await finance.request.post('/api/auth/login', { data: FINANCE })).status()).toBe(200);
  const paid = await finance.request.post(`/api/orders/${order.id}/actions/pay`, {
    data: { paymentMethod: 'bank_transfer', reference: 'E2E-QR' },
    headers: { origin: baseURL! },
  });
  expect(paid.status()).toBe(200);
  await finance.close();
  await expect(page.getByTestId('instructions-qr')).toHaveCount(0, { timeout: 15_000 });
  await page.reload();
  await expect(page.getByTestId('payment-qr')).toHaveCount(0);
  await expect(page.getByTestId('record-qr')).toBeVisible();
});

/**
 * super_admin in a browser context of its own, on Settings › Payments; the settings are put back as they were,
 * whatever the test did.
 */
async function onPaymentsSettings(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions,
  run: (page: Page, admin: BrowserContext) => Promise<void>,
) {
  const admin = await browser.newContext({ baseURL, ...options });
  expect(
    (
      await admin.request.post('/api/auth/login', {
        data: { email: 'admin@example.com', password: 'Admin#2026' },
        headers: { origin: baseURL },
      })
    ).status(),
  ).toBe(200);
  const before = await (await admin.request.get('/api/settings/payments')).json();
  try {
    const page = await admin.newPage();
    await page.goto('/en/admin/settings/payments');
    await expect(page.getByText('Bank QR codes (LAO QR, PromptPay, VietQR) by currency')).toBeVisible();
    await run(page, admin);
  } finally {
    const now = await (await admin.request.get('/api/settings/payments')).json();
    await admin.request.put('/api/settings/payments', {
      data: { ...now, values: before.values },
      headers: { origin: baseURL },
    });
    await admin.close();
  }
}

const qrProfile = async (admin: BrowserContext, index: number) =>
  (await (await admin.request.get('/api/settings/payments')).json()).values.qrProfiles[index];

test('at 390 px super_admin edits the profile: every field and Save in reach, nothing wider than the phone', async ({
  browser,
  baseURL,
}) => {
  await onPaymentsSettings(
    browser,
    baseURL!,
    { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
    async (page, admin) => {
      for (const name of ['Merchant city', 'Merchant name (as the app shows it)']) {
        const field = page.getByRole('textbox', { name });
        await field.scrollIntoViewIfNeeded();
        await expect(field).toBeVisible();
        const box = (await field.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      // The list's own actions: a profile removed, one added, each a thumb's target on the screen.
      for (const button of [
        page.locator('.ra-input-qrProfiles .button-remove').first(),
        page.locator('.ra-input-qrProfiles .button-add'),
      ]) {
        await button.scrollIntoViewIfNeeded();
        await expect(button).toBeVisible();
        const box = (await button.boundingBox())!;
        expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(40);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.getByRole('textbox', { name: 'Merchant city' }).fill('Pakse');
      const save = page.getByRole('button', { name: 'Save' });
      await save.scrollIntoViewIfNeeded();
      await expect(save).toBeVisible();
      const box = (await save.boundingBox())!;
      // A finger's target: at least 40 px high, wholly on the screen.
      expect(box.height).toBeGreaterThanOrEqual(40);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await save.tap();
      await expect.poll(async () => qrProfile(admin, 0)).toMatchObject({ merchantCity: 'Pakse', preset: 'laoqr' });
    },
  );
});

test.describe('on a desk', () => {
  test.use({ viewport: { width: 1280, height: 900 }, hasTouch: false, isMobile: false });

  test('super_admin edits the LAO QR profile in Settings › Payments; a name too long is refused naming it', async ({
    browser,
    baseURL,
  }) => {
    await onPaymentsSettings(browser, baseURL!, {}, async (page, admin) => {
      const city = page.getByRole('textbox', { name: 'Merchant city' });
      await expect(city).toHaveValue('Vientiane');
      await city.fill('Luang Prabang');
      const name = page.getByRole('textbox', { name: 'Merchant name (as the app shows it)' });
      await name.fill('Lantern Travel and Tours Company');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('You must enter a maximum of 25 characters').first()).toBeVisible();
      await name.fill('Lantern Travel');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(async () => qrProfile(admin, 0))
        .toMatchObject({ merchantCity: 'Luang Prabang', merchantName: 'Lantern Travel', preset: 'laoqr' });
    });
  });

  test('super_admin adds a PromptPay profile for baht, its currency and scheme picked from their names', async ({
    browser,
    baseURL,
  }) => {
    await onPaymentsSettings(browser, baseURL!, {}, async (page, admin) => {
      // The demo's profile shows its scheme and currency by name, not by code.
      await expect(page.getByRole('combobox', { name: 'Scheme' }).first()).toHaveText('LAO QR');
      await expect(page.getByRole('combobox', { name: 'Currency' }).first()).toHaveText('Lao kip (LAK)');
      await page.locator('.ra-input-qrProfiles .button-add').click();
      await page.getByRole('combobox', { name: 'Currency' }).nth(1).click();
      await page.getByRole('option', { name: 'Thai baht (THB)' }).click();
      await page.getByRole('combobox', { name: 'Scheme' }).nth(1).click();
      await expect(page.getByRole('option')).toHaveText(['', 'LAO QR', 'PromptPay', 'VietQR']);
      await page.getByRole('option', { name: 'PromptPay' }).click();
      const row = page.locator('.ra-input-qrProfiles li').nth(1);
      await row.getByRole('textbox', { name: 'Account fields (01=…; 02=…)' }).fill('02=0105561012345');
      await row.getByRole('textbox', { name: 'Merchant category code' }).fill('4722');
      await row.getByRole('textbox', { name: 'Merchant name (as the app shows it)' }).fill('Lantern Travel');
      await row.getByRole('textbox', { name: 'Merchant city' }).fill('Bangkok');
      await row.getByRole('textbox', { name: 'Country code' }).fill('TH');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(() => qrProfile(admin, 1))
        .toMatchObject({ currency: 'THB', preset: 'promptpay', fields: '02=0105561012345', countryCode: 'TH' });
    });
  });
});
