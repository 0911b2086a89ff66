import { expect, test } from '@playwright/test';

const CASES = [
  { path: '/en/nope', message: 'Page not found: /en/nope' },
  { path: '/nope', message: 'Page not found: /nope' },
  { path: '/de/partner', message: 'Page Not Found: /de/partner' },
  { path: '/en/admin/settings/not-a-group', message: 'Page Not Found: /en/admin/settings/not-a-group' },
  { path: '/en/admin/accounts/user/abc', message: 'Page Not Found: /en/admin/accounts/user/abc' },
];

for (const { path, message } of CASES) {
  test(`${path} answers 404 with "${message}"`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('error-message')).toHaveText(message);
    await expect(page.getByTestId('error-status')).toHaveText('404');
    if (path.startsWith('/en/')) await expect(page.getByTestId('error-title')).toHaveText('Page Not Found');
    await expect(page.getByRole('link', { name: /home/i })).toBeVisible();
  });
}

test('crawlers get no error page, only the 404 status', async ({ browser }) => {
  const bot = await browser.newContext({
    userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  });
  const page = await bot.newPage();
  const response = await page.goto('/en/nope');
  expect(response?.status()).toBe(404);
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('error-page')).toHaveCount(0);
  await bot.close();
});
