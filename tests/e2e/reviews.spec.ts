import { expect, test } from '@playwright/test';
import { signedInContext } from './admin-helpers';

const USER = { email: 'user@example.com', password: 'User#2026' };
const PARTNER = { email: 'partner@example.com', password: 'Partner#2026' };
const MODERATOR = { email: 'moderator@example.com', password: 'Admin#2026' };
/** Everyone here is on a phone: the traveller after the trip, the moderator between tasks, the guide at the pier. */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/**
 * SPEC §16 end to end: the traveller writes a review from a completed booking's page, a moderator publishes it
 * from the queue, the partner replies from the portal, and a visitor reads both on the service's page, with the
 * service's rating on its card and page. Each of them on a 390 px phone, by touch.
 */
test('a traveller reviews a trip, a moderator publishes it, the partner replies, a visitor reads it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const text = `The guide waited for everyone at every temple ${Date.now()}`;
  const reply = 'Thank you! See you on the river again.';

  // user@example.com has completed trips of the last 90 days without a review (demo data).
  const traveller = await signedInContext(browser, baseURL!, USER.email, USER.password, PHONE);
  const page = await traveller.newPage();
  const trips = (await (
    await page.request.get(
      `/api/orders?filter=${encodeURIComponent(JSON.stringify({ status: 'completed' }))}&range=[0,99]&sort=["completedAt","DESC"]`,
    )
  ).json()) as { id: number; code: string; serviceId: number; partnerId: number; completedAt: string }[];
  const reviewed = new Set(
    ((await (await page.request.get('/api/reviews?range=[0,999]')).json()) as { orderId: number }[]).map(
      (r) => r.orderId,
    ),
  );
  const partnerMe = await signedInContext(browser, baseURL!, PARTNER.email, PARTNER.password, PHONE);
  const partnerId = ((await (await partnerMe.request.get('/api/auth/me')).json()) as { id: number }).id;
  const candidates = trips.filter(
    (o) => o.partnerId === partnerId && !reviewed.has(o.id) && Date.parse(o.completedAt) > Date.now() - 90 * 86_400_000,
  );

  // The account's home lists the trips to review; one opens the review form, titled by the trip.
  await page.goto('/en/account');
  const widget = page.locator('[data-widget="tripsToReview"]');
  await expect(widget.getByRole('heading', { name: /trips to review/i })).toBeVisible();
  await expect(widget.locator('[data-record]').first()).toBeVisible();
  const listed = await widget
    .locator('[data-record]')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-record'))));
  const trip = candidates.find((o) => listed.includes(o.id));
  expect(trip, `a trip with the demo partner among those to review (${listed.join(', ')})`).toBeTruthy();
  const service = (await (await page.request.get(`/api/services/${trip!.serviceId}`)).json()) as {
    title: Record<string, string>;
  };
  await widget.locator(`[data-record="${trip!.id}"]`).tap();
  await expect(page).toHaveURL(/\/en\/account\/reviews\/create\?source=/);
  const title = page.getByText(`How was ${service.title.en}?`).first();
  await expect(title).toBeVisible();
  // Not cut on a phone: the whole question is read.
  expect(await title.evaluate((node) => node.scrollWidth <= node.clientWidth + 1)).toBe(true);

  // The booking reads whole, not cut to "LT-7AV…".
  const booking = page.getByLabel(/^booking/i);
  await expect(booking).toHaveValue(trip!.code);
  expect(await booking.evaluate((node) => node.scrollWidth <= node.clientWidth + 1)).toBe(true);

  // Five stars, a group of five choices: a tap on the fifth, then back one by keyboard.
  const stars = page.getByRole('radiogroup').or(page.getByRole('group', { name: /rating/i }));
  await expect(page.getByRole('radio')).toHaveCount(6); // MUI keeps an "empty" choice beside the five.
  const fifth = await page.getByRole('radio', { name: '5 stars' }).getAttribute('id');
  await page.locator(`label[for="${fifth}"]`).tap();
  await expect(page.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await page.getByRole('radio', { name: '5 stars' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await expect(stars.first()).toBeVisible();
  await page.getByLabel(/^review/i).fill(text);
  await page.getByRole('button', { name: 'Save' }).tap();
  await expect(page).toHaveURL(/\/en\/account\/reviews\/\d+/);
  const reviewId = Number(/reviews\/(\d+)/.exec(page.url())![1]);
  // Written in English by an account that reads Lao: the review is English, and rated as chosen.
  const stored = (await (await page.request.get(`/api/reviews/${reviewId}`)).json()) as {
    locale: string;
    rating: number;
  };
  expect(stored).toMatchObject({ locale: 'en', rating: 4 });
  await expect(page.getByText('Waiting for moderation').first()).toBeVisible();
  // Once is enough: a second review of the same trip is refused.
  const again = await page.request.post('/api/reviews', {
    data: { orderId: trip!.id, rating: 4 },
    headers: { origin: baseURL! },
  });
  expect(again.status()).toBe(409);

  // The moderator finds it in the queue and publishes it.
  const moderator = await signedInContext(browser, baseURL!, MODERATOR.email, MODERATOR.password, PHONE);
  const queue = await moderator.newPage();
  await queue.goto('/en/admin/review-moderation');
  await expect(queue.getByText(text).first()).toBeVisible();
  await queue.goto(`/en/admin/review-moderation/${reviewId}/show`);
  await queue.locator('[data-action="publish"]').tap();
  // The queue goes on to the next review (whose page no longer shows an empty "Published at"): the API says it.
  await expect
    .poll(
      async () =>
        ((await (await moderator.request.get(`/api/reviews/${reviewId}`)).json()) as { status: string }).status,
    )
    .toBe('published');

  // The partner replies once from the portal.
  const portal = await partnerMe.newPage();
  await portal.goto(`/en/partner/reviews/${reviewId}/show`);
  await expect(portal.getByText(text)).toBeVisible();
  await portal.locator('[data-action="reply"]').tap();
  const dialog = portal.getByRole('dialog');
  await dialog.locator('textarea').first().fill(reply);
  await dialog.locator('button[type="submit"]').tap();
  await expect(dialog).toBeHidden();
  await expect(portal.getByText(reply)).toBeVisible();
  await expect(portal.locator('[data-action="reply"]')).toHaveCount(0);

  // A visitor on a phone reads it on the service's page, with the reply and the service's rating.
  const visitor = await browser.newContext({ baseURL, ...PHONE });
  const item = await visitor.newPage();
  await item.goto(`/en/item/${trip!.serviceId}`);
  await expect(item.getByTestId('rating').first()).toBeVisible();
  const shown = item.getByTestId('item-review').filter({ hasText: text });
  await expect(shown).toBeVisible();
  await expect(shown.getByTestId('item-review-reply')).toContainText(reply);
  expect(await shown.textContent()).not.toContain('@');
  for (const context of [traveller, moderator, partnerMe, visitor]) await context.close();
});
