import { expect, test } from '@playwright/test';
import { expectNoHorizontalScroll, signInPartner } from './partner-helpers';

test.use({ viewport: { width: 360, height: 740 } });

test('at 360 px the dashboard stacks its cards', async ({ page }) => {
  await signInPartner(page);
  await page.goto('/en/partner');
  const balance = page.locator('[data-widget="balance"]');
  const revenue = page.locator('[data-widget="revenue"]');
  await expect(balance.locator('[data-amount="available"]')).toContainText(/\d/);
  const [a, b] = [await revenue.boundingBox(), await balance.boundingBox()];
  // One card per row: the next card is below, not beside.
  expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
  expect(a!.width).toBeGreaterThan(300);
  await expectNoHorizontalScroll(page);
});

for (const path of ['orders', 'services']) {
  test(`at 360 px the ${path} list is a list of cards that open the record`, async ({ page }) => {
    await signInPartner(page);
    await page.goto(`/en/partner/${path}`);
    const cards = page.getByTestId('card-list').locator('a');
    await expect(cards.first()).toBeVisible();
    await expect(page.locator('table')).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await cards.first().click();
    await expect(page).toHaveURL(new RegExp(`/en/partner/${path}/\\d+/show$`));
    await expectNoHorizontalScroll(page);
  });
}

test('at 360 px the service form stacks its inputs', async ({ page }) => {
  await signInPartner(page);
  await page.goto('/en/partner/services/create');
  await expect(page.locator('input[name="title.en"]')).toBeVisible();
  await expectNoHorizontalScroll(page);
});
