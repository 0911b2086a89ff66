import { expect, test } from '@playwright/test';
import { PARTNER } from './partner-helpers';

// A list opened by a page load comes with its first page inside the page (server/primed-answers.ts): the list
// draws it without asking, on a desk (the table) and on a phone (an owner's cards), so a phone on slow 4G spares
// the round trip between the script and the rows.

const SCREENS = [
  { path: '/en/admin/orders', api: '/api/orders?', email: 'admin@example.com', password: 'Admin#2026' },
  {
    path: '/en/admin/service-review',
    api: '/api/services?',
    email: 'moderator@example.com',
    password: 'Admin#2026',
  },
  { path: '/en/partner/orders', api: '/api/orders?', ...PARTNER },
];
const ROWS = 'table tbody tr:not(.lt-stand-in-row), [data-testid="simple-list"] li, [data-testid="card-list"] li';

for (const device of [
  { name: 'a desk', viewport: { width: 1350, height: 940 } },
  { name: 'a phone', viewport: { width: 412, height: 823 } },
])
  test.describe(`a list opened by a page load on ${device.name} asks nothing for its first page`, () => {
    test.use({ viewport: device.viewport });
    for (const screen of SCREENS)
      test(screen.path, async ({ page }) => {
        const login = await page.request.post('/api/auth/login', {
          data: { email: screen.email, password: screen.password },
        });
        expect(login.status()).toBe(200);
        const firstPages: string[] = [];
        page.on('request', (request) => {
          const url = new URL(request.url());
          // The list's own page: a range from its first row. A reference's titles are asked by id, without one;
          // a count (the menu's badge, a tab's) is a range of one row.
          const range = url.searchParams.get('range');
          if (`${url.pathname}?`.startsWith(screen.api) && range?.startsWith('[0,') && range !== '[0,0]')
            firstPages.push(request.url());
        });
        await page.goto(screen.path);
        await expect(page.locator(ROWS).first()).toBeVisible({ timeout: 20_000 });
        await page.waitForLoadState('networkidle');
        expect(firstPages).toEqual([]);
        // Asked again, as any later visit asks: the answer primed was used once.
        await page
          .getByRole('button', { name: /refresh|reload/i })
          .first()
          .click();
        await expect.poll(() => firstPages.length).toBeGreaterThan(0);
      });
  });
