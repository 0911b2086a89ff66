import { expect, test, type APIRequestContext } from '@playwright/test';
import { platformDay } from '../support/platform-day';

// The booking form on a service page shows the server's refusal in the page's language, not the API's English.

const SUPPORT = { email: 'support@example.com', password: 'Admin#2026' };
const TOO_MANY = 'You have too many unpaid bookings; pay or cancel one first';

async function signIn(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/auth/login', { data: account });
  expect(response.status()).toBe(200);
}

/** Departures ahead with free seats, soonest first. */
async function openDepartures(request: APIRequestContext) {
  const tomorrow = platformDay(2);
  const filter = encodeURIComponent(JSON.stringify({ startDate_gte: tomorrow }));
  const rows = (await (
    await request.get(`/api/schedules?filter=${filter}&range=[0,99]&sort=["startDate","ASC"]`)
  ).json()) as { id: number; serviceId: number; capacity: number; seatsBooked: number }[];
  return rows.filter((row) => row.capacity - row.seatsBooked >= 1);
}

test('/vi: a customer at the cap of unpaid seats is refused in Vietnamese', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  // A verified customer of its own (support creates it), so no other test's bookings count against the cap.
  const email = `cap.${Date.now()}@example.org`;
  const support = await browser.newContext({ baseURL });
  await signIn(support.request, SUPPORT);
  const created = await support.request.post('/api/users', {
    data: { email, password: 'Travel#2026!', fullName: 'Nguyễn Lan', locale: 'vi' },
    headers: { origin: baseURL! },
  });
  expect(created.status(), await created.text()).toBe(201);
  await support.close();
  await signIn(page.request, { email, password: 'Travel#2026!' });

  // Seats held up to the cap (settings.payments.maxHeldSeats): the next booking is one too many.
  const departures = await openDepartures(page.request);
  const held: number[] = [];
  let refusal: { status: number; message: string } | undefined;
  for (const departure of departures) {
    const answer = await page.request.post('/api/orders', { data: { scheduleId: departure.id, quantity: 1 } });
    if (answer.status() === 201) held.push((await answer.json()).id);
    else if (answer.status() === 409 && (await answer.json()).message === TOO_MANY) {
      refusal = { status: 409, message: TOO_MANY };
      break;
    }
  }
  expect(refusal, `held ${held.length} bookings and was never refused`).toEqual({ status: 409, message: TOO_MANY });
  const target = departures.at(-1)!;

  try {
    await page.goto(`/vi/item/${target.serviceId}?departure=${target.id}&seats=1`);
    await expect(page.getByTestId('booking-submit')).toBeEnabled();
    await page.getByTestId('booking-submit').click();
    const alert = page.getByTestId('booking').getByRole('alert');
    await expect(alert).toHaveText(
      'Bạn có quá nhiều đơn đặt chỗ chưa thanh toán; hãy thanh toán hoặc hủy một đơn trước.',
    );
    await expect(alert).not.toContainText('unpaid');
    await expect(page).toHaveURL(new RegExp(`/vi/item/${target.serviceId}`));
  } finally {
    // The held seats go back on sale for the other tests.
    for (const id of held)
      await page.request.post(`/api/orders/${id}/actions/cancel`, { data: {}, headers: { origin: baseURL! } });
  }
});
