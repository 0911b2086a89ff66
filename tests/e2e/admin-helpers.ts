import { expect, type Page } from '@playwright/test';

/** Fills the admin entry's sign-in form on the current page and waits until it is gone. */
export async function submitAdminLogin(page: Page, email: string, password = 'Admin#2026') {
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await expect(page.locator('input[name="password"]')).toHaveCount(0);
}

/** Signs in through the admin entry form (SPEC §2: `/{locale}/admin` shows it when signed out). */
export async function signInAdmin(page: Page, email: string, password = 'Admin#2026', locale = 'en') {
  await page.goto(`/${locale}/admin`);
  await submitAdminLogin(page, email, password);
  await expect(page).toHaveURL(new RegExp(`/${locale}/admin/dashboard$`));
}
