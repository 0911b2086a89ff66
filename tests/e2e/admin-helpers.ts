import {
  expect,
  request,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';

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

/** A browser context of its own, signed in through the API: its pages and `request` act as that account. */
export async function signedInContext(
  browser: Browser,
  baseURL: string,
  email: string,
  password: string,
  options: BrowserContextOptions = {},
) {
  const context = await browser.newContext({ baseURL, ...options });
  const response = await context.request.post('/api/auth/login', {
    data: { email, password },
    headers: { origin: baseURL },
  });
  expect(response.status()).toBe(200);
  return context;
}

/** An API client of its own, signed in as the account, sending the origin a browser sends with its writes. */
export async function signedIn(
  baseURL: string,
  account: { email: string; password: string },
): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await context.post('/api/auth/login', { data: account })).status()).toBe(200);
  return context;
}
