import { expect, test, type Page } from '@playwright/test';
import { message, showEveryWidget, signInPartner, type TestLocale } from './partner-helpers';

const LOCALES: TestLocale[] = ['en', 'lo', 'th'];

/** Every partner route of SPEC §2 and what proves it rendered with the partner's data. */
const ROUTES: { path: string; check: (page: Page, locale: TestLocale) => Promise<void> }[] = [
  {
    path: '',
    check: async (page) => {
      await expect(page.locator('h1[data-screen="dashboard"]')).toContainText('Bouasone');
      await expect(page.locator('[data-widget="balance"] [data-amount="available"]')).toContainText(/\d/);
      await expect(page.locator('[data-widget="revenue"] [data-amount="thisMonth"]')).toContainText(/\d/);
      await expect(page.getByTestId('decision-partners')).toHaveAttribute('data-status', 'approved');
      await showEveryWidget(page);
      await expect(page.locator('[data-widget="ordersToConfirm"] [data-record]').first()).toBeVisible();
      await expect(page.locator('[data-widget="servicesInReview"] [data-record]').first()).toBeVisible();
    },
  },
  {
    path: 'orders',
    check: async (page) => {
      await expect(page.locator('table tbody tr').first()).toBeVisible();
      await expect(page.getByTestId('status-tabs')).toBeVisible();
    },
  },
  {
    path: 'services',
    check: async (page) => {
      await expect(page.locator('table tbody tr').first()).toBeVisible();
    },
  },
  {
    path: 'schedules',
    check: async (page, locale) => {
      await expect(page.locator('table tbody tr').first()).toBeVisible();
      await page.locator('[data-view="calendar"]').click();
      await expect(page.getByTestId('calendar')).toBeVisible();
      // The seed has departures in the coming weeks: this month or the next shows some.
      const occurrences = page.locator('[data-occurrence]');
      await expect(page.locator('[data-day]').first()).toBeVisible();
      if ((await occurrences.count()) === 0)
        await page.getByRole('button', { name: message(locale, 'app.portal.calendar.next') }).click();
      await expect(occurrences.first()).toBeVisible();
      await expect(occurrences.first().locator('[data-usage]')).toHaveText(/^\d+\/\d+$/);
      await page.locator('[data-view="list"]').click();
    },
  },
  {
    path: 'profile',
    check: async (page) => {
      await expect(page.getByTestId('decision-partner-profiles')).toBeVisible();
      await expect(page.locator('[data-widget="liveProfile"]')).toContainText('Mekong');
      await expect(page.locator('[data-widget="accountDetails"] input[name="bankAccountNumber"]')).not.toHaveValue('');
    },
  },
  {
    path: 'revenue',
    check: async (page) => {
      await showEveryWidget(page);
      await expect(page.getByTestId('series-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
      await expect(page.locator('[data-widget="byService"] tbody tr').first()).toBeVisible();
      await expect(page.locator('[data-panel="withdrawals"] table tbody tr').first()).toBeVisible();
      await expect(page.locator('[data-panel="payments"] table tbody tr').first()).toBeVisible();
    },
  },
];

for (const locale of LOCALES) {
  test(`every partner route renders in ${locale} with data`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInPartner(page);
    for (const route of ROUTES) {
      const url = `/${locale}/partner${route.path ? `/${route.path}` : ''}`;
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await route.check(page, locale);
      // The menu is in the page's language (English only where the locale file still lacks the key).
      await expect(page.locator('[data-menu="revenue"]')).toContainText(message(locale, 'app.portal.screens.revenue'));
      await expect(page.getByText('Page not found', { exact: false })).toHaveCount(0);
    }
    expect(errors).toEqual([]);
  });
}
