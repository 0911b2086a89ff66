import { expect, request, test, type APIRequestContext } from '@playwright/test';
import en from '../../i18n/en';

/**
 * A new customer signs up on /en/signup, opens the link the mail carries (read from the outbox, where mail waits
 * without SMTP_URL) and lands signed in, in the customer's area or where the visit was going.
 */

/** The newest link of a template queued for an address, as super_admin reads the outbox. */
async function mailedLink(admin: APIRequestContext, email: string, template: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const filter = encodeURIComponent(JSON.stringify({ template }));
        const sort = encodeURIComponent(JSON.stringify(['createdAt', 'DESC']));
        const response = await admin.get(`/api/outbox?filter=${filter}&sort=${sort}&range=[0,49]`);
        const rows = (await response.json()) as { recipient: string; params: { link?: string } }[];
        link = rows.find((row) => row.recipient === email)?.params.link;
        return link;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return link!;
}

let admin: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const login = await admin.post('/api/auth/login', { data: { email: 'admin@example.com', password: 'Admin#2026' } });
  expect(login.status()).toBe(200);
});
test.afterAll(() => admin.dispose());

test('a new customer signs up, opens the mailed link and lands signed in', async ({ page }) => {
  const email = `traveller.${Date.now()}@example.org`;
  await page.goto('/en/login');
  await page.getByRole('link', { name: en.app.signup.link }).click();
  await expect(page).toHaveURL(/\/en\/signup$/);
  await expect(page).toHaveTitle(`${en.app.signup.title} · Lantern`);

  const form = page.getByTestId('signup-form');
  await form.getByRole('button', { name: en.app.signup.submit }).click();
  await expect(form.getByText(en.validation.required).first()).toBeVisible();
  await form.getByLabel(en.resources.users.fields.fullName).fill('Noy Sisavath');
  await form.getByLabel(en.resources.users.fields.email).fill(email);
  await form.getByLabel(en.resources.users.fields.password).fill('Travel#2026!');
  await form.getByRole('button', { name: en.app.signup.submit }).click();
  await expect(page.getByTestId('signup-done')).toContainText(en.app.signup.sent);

  // Not before the address is confirmed.
  const early = await page.request.post('/api/auth/login', { data: { email, password: 'Travel#2026!' } });
  expect(early.status()).toBe(403);

  const link = await mailedLink(admin, email, 'account.verifyEmail');
  expect(link).toMatch(/^\/en\/verify-email\?token=[\w-]{43}$/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/en\/account$/);
  const me = await page.request.get('/api/auth/me');
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ kind: 'user', email, fullName: 'Noy Sisavath' });

  // The link worked once.
  await page.goto(link);
  await expect(page.getByTestId('verify-email-failed')).toContainText(en.app.verifyEmail.invalid);
});

test('a sign-up that starts from a page comes back to it after the mailed link', async ({ page }) => {
  const email = `returning.${Date.now()}@example.org`;
  const target = '/en/item/1';
  await page.goto(`/en/login?redirect=${encodeURIComponent(target)}`);
  await page.getByRole('link', { name: en.app.signup.link }).click();
  await expect(page).toHaveURL(/\/en\/signup\?redirect=%2Fen%2Fitem%2F1$/);
  const form = page.getByTestId('signup-form');
  await form.getByLabel(en.resources.users.fields.fullName).fill('Bounmy Vongsa');
  await form.getByLabel(en.resources.users.fields.email).fill(email);
  await form.getByLabel(en.resources.users.fields.password).fill('Travel#2026!');
  await form.getByLabel(en.resources.users.fields.password).press('Enter');
  await expect(page.getByTestId('signup-done')).toBeVisible();
  const link = await mailedLink(admin, email, 'account.verifyEmail');
  await page.goto(link);
  await expect(page).toHaveURL(/\/en\/item\/1$/);
});

test('a forgotten password is reset from the mailed link, by keyboard', async ({ page, browser }) => {
  // A customer of its own, so no other test's session of a demo account ends.
  const email = `forgetful.${Date.now()}@example.org`;
  const signup = await page.request.post('/api/auth/signup', {
    data: { email, fullName: 'Keo Manivong', password: 'Travel#2026!', locale: 'en' },
  });
  expect(signup.status()).toBe(202);
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await elsewhere.goto(await mailedLink(admin, email, 'account.verifyEmail'));
  await expect(elsewhere).toHaveURL(/\/en\/account$/);

  await page.goto('/en/login');
  await page.getByRole('link', { name: en.app.passwordReset.link }).click();
  await expect(page).toHaveTitle(`${en.app.passwordReset.title} · Lantern`);
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('password-reset-sent')).toContainText(en.app.passwordReset.sent);

  await page.goto(await mailedLink(admin, email, 'account.passwordReset'));
  await expect(page).toHaveTitle(`${en.app.passwordReset.newTitle} · Lantern`);
  await page.keyboard.type('New#Travel2026');
  await page.keyboard.press('Tab');
  await page.keyboard.type('New#Travel2026');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('password-reset-done')).toContainText(en.app.passwordReset.done);
  // The session opened elsewhere ended with the old password.
  expect((await elsewhere.request.get('/api/auth/me')).status()).toBe(401);
  await other.close();

  await page.getByTestId('password-reset-done').getByRole('link', { name: en.app.auth.login }).click();
  await page.getByTestId('login-form').locator('input[name="email"]').fill(email);
  await page.getByTestId('login-form').locator('input[name="password"]').fill('New#Travel2026');
  await page.getByTestId('login-form').locator('input[name="password"]').press('Enter');
  await expect(page).toHaveURL(/\/en\/account$/);
});
