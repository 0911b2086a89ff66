import { expect, test, type Locator, type Page } from '@playwright/test';

// The traveller's phone, held upright and touched.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** SPEC §13: every control a thumb taps is at least 40 × 40 CSS px on a 390 px phone. */
async function expectTappable(target: Locator, what: string) {
  await expect(target, what).toBeVisible();
  const box = (await target.boundingBox())!;
  expect(box.width, `${what} width`).toBeGreaterThanOrEqual(40);
  expect(box.height, `${what} height`).toBeGreaterThanOrEqual(40);
}

async function firstServiceId(page: Page): Promise<number> {
  // A service with a departure on sale and a seat left, so its page has the booking form (other tests fill some).
  const rows = (await (await page.request.get('/api/schedules?range=[0,49]&sort=["startDate","ASC"]')).json()) as {
    serviceId: number;
    capacity: number;
    seatsBooked: number;
  }[];
  return rows.find((row) => row.capacity - row.seatsBooked >= 1)!.serviceId;
}

test('the public pages’ controls are tap targets of at least 40 × 40 px at 390 px', async ({ page }) => {
  await page.goto('/en');
  await expectTappable(page.getByTestId('language-switcher'), 'language button');
  const pages = page.locator('.lt-pagination button');
  await expect(pages.first()).toBeVisible();
  for (const button of await pages.all()) await expectTappable(button, `page ${await button.innerText()}`);

  await page.goto(`/en/item/${await firstServiceId(page)}`);
  await expectTappable(page.getByRole('link', { name: 'Back to all services' }), 'Back to all services');
  // A visitor's Book: sign in or sign up to book; signed in, Book itself.
  await expectTappable(page.getByTestId('booking-sign-in'), 'Sign in to book');
  await expectTappable(page.getByTestId('booking-sign-up'), 'Sign up to book');
  expect(
    (
      await page.request.post('/api/auth/login', { data: { email: 'user@example.com', password: 'User#2026' } })
    ).status(),
  ).toBe(200);
  await page.reload();
  await expectTappable(page.getByTestId('booking-submit'), 'Book');
  expect((await page.request.post('/api/auth/logout')).status()).toBeLessThan(300);

  await page.goto('/en/login');
  for (const name of ['Forgot your password?']) await expectTappable(page.getByRole('link', { name }), name);
  const links = page.locator('a[href$="/password-reset"], a[href*="/signup"], a[href$="/partner/register"]');
  for (const link of await links.all())
    if (await link.isVisible()) await expectTappable(link, (await link.innerText()) || 'login link');
});

test('a share in Lao stays with its number: "50 %" never breaks between them', async ({ page }) => {
  await page.goto(`/lo/item/${await firstServiceId(page)}`);
  const body = await page.locator('body').innerText();
  expect(body).not.toMatch(/\d %/);
});
