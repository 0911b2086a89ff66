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

test('what a visitor types in the admin sign-in form survives the signed-out checks, and the page asked for opens', async ({
  page,
}) => {
  // Slow auth answers stretch the window in which several signed-out checks land while the form is up.
  await page.route('**/api/auth/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.goto('/en/admin/payments/history?perPage=10');
  const email = page.locator('input[name="email"]');
  await expect(email).toBeVisible();
  await email.fill('finance@example.com');
  await expect(page).toHaveURL(/\/en\/admin\?redirect=%2Fen%2Fadmin%2Fpayments%2Fhistory/);
  // Every check still in flight has settled by now; the typed value is still there.
  await page.waitForTimeout(1500);
  await expect(email).toHaveValue('finance@example.com');
  await page.locator('input[name="password"]').fill('Admin#2026');
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/en\/admin\/payments\/history\?(.*&)?perPage=10/);
  await expect(page.locator('table tbody tr').first()).toBeVisible();
});
