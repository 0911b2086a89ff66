import { expect, test, type Page } from '@playwright/test';

const PASSWORD = 'Admin#2026';

/** Signs in through the API: the session cookie lands in the page's context. */
async function signIn(page: Page, email: string) {
  const response = await page.request.post('/api/auth/login', {
    data: { email, password: PASSWORD },
    headers: { origin: new URL(page.context().pages()[0]?.url() || 'http://127.0.0.1').origin },
  });
  expect(response.ok()).toBe(true);
}

/** What each admin route must show once loaded: a selector that only appears with data. */
const ROUTES: [string, string][] = [
  ['dashboard', '[data-testid^="queue-"]'],
  ['complaint', 'table tbody tr'],
  ['statistics', '[data-testid^="series-"] svg'],
  ['accounts/user', 'table tbody tr'],
  ['accounts/admin', 'table tbody tr'],
  ['accounts/partner', 'table tbody tr'],
  ['settings/general', 'input[name="platformName"]'],
  ['profile-review', 'table tbody tr'],
  ['service-review', 'table tbody tr'],
  ['services/travel', 'table tbody tr'],
  ['master-data/tour-types', 'table tbody tr'],
  ['master-data/provinces', 'table tbody tr'],
  ['payments/history', 'table tbody tr'],
  ['payments/refund-request', 'table tbody tr'],
  ['payments/withdraw-request', 'table tbody tr'],
  ['system', '[data-testid="health"] [data-testid="migration"]'],
];

async function expectScreen(page: Page, path: string, ready: string) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(path);
  await expect(page.locator(ready).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Internal Server Error')).toHaveCount(0);
  await expect(page.getByText(/Page not found/i)).toHaveCount(0);
  expect(errors, `${path}: ${errors.join('; ')}`).toEqual([]);
}

for (const locale of ['en', 'lo']) {
  test(`every admin route of SPEC §2 renders with data as super_admin (${locale})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto(`/${locale}/admin`);
    await signIn(page, 'admin@example.com');
    for (const [route, ready] of ROUTES) await expectScreen(page, `/${locale}/admin/${route}`, ready);
    // A record page nests under its list route.
    await page.goto(`/${locale}/admin/accounts/user`);
    await page.locator('table tbody tr').first().click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/admin/accounts/user/\\d+/show$`));
    await expect(page.locator('[data-action]').first()).toBeVisible();
  });
}

const ROLE_ROUTES: Record<string, string[]> = {
  'moderator@example.com': [
    'accounts/partner',
    'profile-review',
    'service-review',
    'master-data/tour-types',
    'complaint',
  ],
  'finance@example.com': ['payments/history', 'payments/refund-request', 'payments/withdraw-request', 'statistics'],
  'support@example.com': ['accounts/user', 'complaint'],
};

for (const [email, routes] of Object.entries(ROLE_ROUTES)) {
  test(`${email.split('@')[0]} opens the screens of the role with data`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/en/admin');
    await signIn(page, email);
    for (const route of routes) await expectScreen(page, `/en/admin/${route}`, ROUTES.find(([r]) => r === route)![1]);
  });
}

test('menus differ by role as SPEC §1 says', async ({ browser }) => {
  const menuOf = async (email: string) => {
    const page = await browser.newPage({ baseURL: test.info().project.use.baseURL });
    await page.goto('/en/admin');
    await signIn(page, email);
    await page.goto('/en/admin/dashboard');
    const menu = page.locator('.RaMenu-open, .RaSidebar-fixed').first();
    await expect(menu.getByText('Dashboard')).toBeVisible();
    // Resource entries appear once the account's permissions have loaded; every sub-role may list users.
    await expect(menu.getByText('Users', { exact: true })).toBeVisible();
    const text = (await menu.textContent()) ?? '';
    await page.close();
    return text;
  };
  const admin = await menuOf('admin@example.com');
  const moderator = await menuOf('moderator@example.com');
  const finance = await menuOf('finance@example.com');
  const support = await menuOf('support@example.com');
  for (const item of ['Administrators', 'Withdrawals', 'Statistics', 'Partner profiles', 'General'])
    expect(admin).toContain(item);
  expect(moderator).toContain('Partner profiles');
  expect(moderator).toContain('Service review');
  expect(moderator).not.toContain('Withdrawals');
  expect(moderator).not.toContain('Statistics');
  expect(finance).toContain('Withdrawals');
  expect(finance).toContain('Statistics');
  expect(finance).not.toContain('Partner profiles');
  expect(support).toContain('Complaints');
  expect(support).not.toContain('Statistics');
  expect(support).not.toContain('Withdrawals');
  // Settings forms are super_admin's.
  for (const other of [moderator, finance, support]) expect(other).not.toContain('General');
});
