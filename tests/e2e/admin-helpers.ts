import { expect, type Page } from '@playwright/test';

/** Fills the admin entry's sign-in form on the current page and waits until it is gone. */
export async function submitAdminLogin(page: Page, email: string, password = 'Admin#2026') {
  const emailInput = page.locator('input[name="email"]');
  const passwordInput = page.locator('input[name="password"]');
  // The entry form can mount again once the signed-out check settles, dropping what was typed before: type
  // until both values stay, then submit (seen once in CI as "This field is required" on a filled email).
  await expect(async () => {
    await emailInput.fill(email);
    await passwordInput.fill(password);
    await expect(emailInput).toHaveValue(email, { timeout: 500 });
    await expect(passwordInput).toHaveValue(password, { timeout: 500 });
  }).toPass();
  await page.locator('button[type="submit"]').click();
  await expect(page.locator('input[name="password"]')).toHaveCount(0);
}

/** Signs in through the admin entry form (SPEC §2: `/{locale}/admin` shows it when signed out). */
export async function signInAdmin(page: Page, email: string, password = 'Admin#2026', locale = 'en') {
  await page.goto(`/${locale}/admin`);
  await submitAdminLogin(page, email, password);
  await expect(page).toHaveURL(new RegExp(`/${locale}/admin/dashboard$`));
}
