import { expect, test } from '@playwright/test';
import en from '../../i18n/en';
import lo from '../../i18n/lo';
import th from '../../i18n/th';
import vi from '../../i18n/vi';
import zh from '../../i18n/zh';

const MESSAGES = { lo, en, vi, th, zh } as const;
/** A message of a locale file by its dotted key. */
const message = (locale: keyof typeof MESSAGES, key: string): string =>
  key.split('.').reduce<any>((tree, part) => tree?.[part], MESSAGES[locale]);
const heroTitle = (locale: keyof typeof MESSAGES) => message(locale, 'app.home.heroTitle');

for (const locale of Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]) {
  test(`the home page renders in ${locale} with lang set`, async ({ page }) => {
    const response = await page.goto(`/${locale}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(locale));
    await expect(page.getByTestId('catalog-card').first()).toBeVisible();
  });
}

test('switching language keeps the page and writes the locale cookie', async ({ page, context }) => {
  await page.goto('/en/login?redirect=%2Fen%2Fpartner');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.getByTestId('language-switcher').click();
  await page.locator('[data-locale="th"]').click();
  await expect(page).toHaveURL(/\/th\/login\?redirect=%2Fen%2Fpartner$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('th', 'app.auth.loginTitle'));

  const cookie = (await context.cookies()).find((c) => c.name === 'locale');
  expect(cookie).toMatchObject({ value: 'th', path: '/', sameSite: 'Lax' });
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365.01);
});

test('the bare / shows home in the cookie locale, else the browser language, else lo', async ({ browser }) => {
  const thai = await browser.newContext({ locale: 'th-TH' });
  const page = await thai.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');

  await thai.addCookies([{ name: 'locale', value: 'vi', url: page.url() }]);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await thai.close();

  const german = await browser.newContext({ locale: 'de-DE' });
  const other = await german.newPage();
  await other.goto('/');
  await expect(other.locator('html')).toHaveAttribute('lang', 'lo');
  await german.close();
});
