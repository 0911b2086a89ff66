import { expect, request, type Page } from '@playwright/test';
import en from '../../i18n/en';
import lo from '../../i18n/lo';
import th from '../../i18n/th';

export const PARTNER = { email: 'partner@example.com', password: 'Partner#2026' };

const MESSAGES = { en, lo, th } as const;
export type TestLocale = keyof typeof MESSAGES;

/** A message of a locale file by its dotted key, English when the locale lacks it (the app's own fallback). */
export function message(locale: TestLocale, key: string): string {
  const pick = (tree: unknown) => key.split('.').reduce<any>((node, part) => node?.[part], tree);
  return pick(MESSAGES[locale]) ?? pick(MESSAGES.en);
}

/** Signs the page's browser context in through the API (the login screen itself is the shell's to test). */
export async function signInPartner(page: Page, email = PARTNER.email, password = PARTNER.password) {
  const response = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  const me = await (await page.request.get('/api/auth/me')).json();
  expect(me.kind).toBe('partner');
  return me as { id: number; email: string };
}

/**
 * A portal screen's widgets below the fold load when they come near the screen: scrolls down until every one has
 * come (its placeholder, `data-widget-pending`, gone).
 */
export async function showEveryWidget(page: Page) {
  await expect(page.locator('h1[data-screen]')).toBeVisible();
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.locator('[data-widget-pending]')).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

/** The page has no horizontal scroll bar (phones). */
export async function expectNoHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]);
}

/** Minor units to what a person types (LAK has no minor digits in Intl, other currencies may). */
export function toMajor(minor: number, currency = 'LAK'): number {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return minor / 10 ** digits;
}

/**
 * Services a partner submits for review through the API, titled `{tag} 1…n`: a test that moderates them works on
 * its own rows while other suites work the same queue.
 */
export async function submitPendingServices(baseURL: string, tag: string, count: number) {
  const partner = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  try {
    expect((await partner.post('/api/auth/login', { data: PARTNER })).status()).toBe(200);
    const [tourType] = await (await partner.get('/api/tour-types?range=[0,0]')).json();
    const [province] = await (await partner.get('/api/provinces?range=[0,0]')).json();
    const ids: number[] = [];
    for (let n = 1; n <= count; n++) {
      const created = await partner.post('/api/services', {
        data: {
          title: { en: `${tag} ${n}` },
          tourTypeId: tourType.id,
          provinceId: province.id,
          durationDays: 1,
          price: 100_000,
          capacity: 10,
        },
      });
      expect(created.status()).toBe(201);
      const { id } = await created.json();
      expect((await partner.post(`/api/services/${id}/actions/submit`, { data: {} })).ok()).toBe(true);
      ids.push(id);
    }
    return ids;
  } finally {
    await partner.dispose();
  }
}
