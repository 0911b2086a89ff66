import { expect, test } from '@playwright/test';
import { submitAdminLogin } from './admin-helpers';

test('an administrator signs in at /en/admin and sees the users list', async ({ page }) => {
  await page.goto('/en/admin/accounts/user');
  // Signed out: the entry's sign-in form, then back to the page asked for.
  await expect(page.locator('input[name="email"]')).toBeVisible();
  await submitAdminLogin(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/en\/admin\/accounts\/user$/);
  const rows = page.locator('table tbody tr');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(1);
  await expect(page.locator('table tbody')).toContainText('@');
});

test('a partner session on an admin route gets the 403 page', async ({ page }) => {
  await page.goto('/en/login');
  await page.locator('input[name="email"], input[type="email"]').first().fill('partner@example.com');
  await page.locator('input[type="password"]').first().fill('Partner#2026');
  await page.locator('button[type="submit"]').first().click();
  await page.waitForURL(/\/en\/partner/);
  await page.goto('/en/admin/accounts/user');
  await expect(page.getByText('403')).toBeVisible();
  await expect(page.locator('table tbody tr')).toHaveCount(0);
});
