import { expect, test } from '@playwright/test';
import { dayIn } from '../../resources/shared/departure';

// The traveller's phone, held upright and touched.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const PARTNER = { email: 'partner@example.com', password: 'Partner#2026' };

interface Schedule {
  id: number;
  serviceId: number;
  startDate: string;
  status: string;
}

/**
 * SPEC §21: "which departures the service page offers are counted in the platform's time zone. A departure that has
 * left is never offered or preselected." The demo partner has departures today: the service page neither lists nor
 * preselects them (a Book on them answers 409); the first departure offered is one after the platform's today.
 */
test('the service page offers and preselects only departures that can still be booked', async ({ page, request }) => {
  expect((await request.post('/api/auth/login', { data: PARTNER })).status()).toBe(200);
  const general = (await (await request.get('/api/settings/general')).json()) as { values?: { timezone?: string } };
  const zone = general.values?.timezone || 'Asia/Vientiane';
  const today = dayIn(new Date(), zone);
  const filter = encodeURIComponent(JSON.stringify({ startDate_gte: dayIn(new Date(Date.now() - 86_400_000), 'UTC') }));
  const own = (await (
    await request.get(`/api/schedules?filter=${filter}&range=[0,499]&sort=["startDate","ASC"]`)
  ).json()) as Schedule[];
  // A service with a departure on the platform's today (or before) and one after it.
  const gone = own.find(
    (row) =>
      row.status === 'open' &&
      row.startDate.slice(0, 10) <= today &&
      own.some((later) => later.serviceId === row.serviceId && later.startDate.slice(0, 10) > today),
  );
  expect(gone, `a demo departure on ${today}`).toBeTruthy();
  const goneIds = own.filter((row) => row.startDate.slice(0, 10) <= today).map((row) => String(row.id));

  await page.goto(`/en/item/${gone!.serviceId}`);
  const select = page.getByTestId('booking-departure');
  await expect(select).toBeVisible();
  const values = await select
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(values.length).toBeGreaterThan(0);
  for (const value of values) expect(goneIds, `departure ${value} has left`).not.toContain(value);
  // The preselected departure is one of the service's after today.
  const chosen = await select.inputValue();
  const row = own.find((candidate) => String(candidate.id) === chosen);
  expect(row && row.startDate.slice(0, 10) > today, `preselected ${chosen}`).toBe(true);

  // A link to a departure that has left does not preselect it either.
  await page.goto(`/en/item/${gone!.serviceId}?departure=${gone!.id}`);
  await expect(select).toBeVisible();
  expect(await select.inputValue()).not.toBe(String(gone!.id));
});

/**
 * Issue 54.7: the chosen departure reads whole in its box on a phone ("…16:30 · 1:" was cut), in English and in
 * Lao; how many seats it has left is said below it.
 */
test('the departure picker reads whole at 390 px, with the seats left below it', async ({ page }) => {
  const services = (await (await page.request.get('/api/services?range=[0,9]')).json()) as { id: number }[];
  expect(services.length).toBeGreaterThan(0);
  for (const locale of ['en', 'lo']) {
    await page.goto(`/${locale}/item/${services[0].id}`);
    const select = page.getByTestId('booking-departure');
    await expect(select).toBeVisible();
    const fits = await select.evaluate((node) => {
      const box = node as HTMLSelectElement;
      const style = getComputedStyle(box);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      const text = box.selectedOptions[0]?.text ?? '';
      const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text, width: Math.ceil(context.measureText(text).width), room };
    });
    expect(fits.text.length, locale).toBeGreaterThan(0);
    expect(fits.width, `${locale}: "${fits.text}" in ${fits.room} px`).toBeLessThanOrEqual(fits.room);
    await expect(page.getByTestId('booking-seats-left')).toHaveText(locale === 'en' ? /\d+ seats? left/ : /\d+/);
  }
});
