import { expect, test } from '@playwright/test';

const background = (page: import('@playwright/test').Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('dark mode toggles and is remembered', async ({ page }) => {
  await page.goto('/en');
  await expect(page.getByTestId('catalog-card').first()).toBeVisible();
  const light = await background(page);
  await page.getByRole('button', { name: 'Switch between light and dark theme' }).click();
  await expect.poll(() => background(page)).not.toBe(light);
  const dark = await background(page);

  await page.reload();
  await expect(page.getByTestId('catalog-card').first()).toBeVisible();
  expect(await background(page)).toBe(dark);

  await page.getByRole('button', { name: 'Switch between light and dark theme' }).click();
  await expect.poll(() => background(page)).toBe(light);
});

test('a new build id on the server offers a reload', async ({ page }) => {
  await page.route('**/builds/latest.json*', (route) =>
    route.fulfill({ json: { id: 'a-newer-build', timestamp: Date.now() } }),
  );
  await page.goto('/en');
  await expect(page.getByTestId('build-update')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('build-update')).toContainText('Reload');
});

test('the same build id offers nothing', async ({ page }) => {
  const checked = page.waitForResponse((r) => r.url().includes('/builds/latest.json'));
  await page.goto('/en');
  expect((await checked).status()).toBe(200);
  await page.waitForTimeout(500);
  await expect(page.getByTestId('build-update')).toHaveCount(0);
});
