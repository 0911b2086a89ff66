import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { platformDay } from '../support/platform-day';

/**
 * One of the signed-in customer's past trips still open to a refund request (SPEC §21: a customer asks once the trip
 * has left, not boarded by a scan, within the window; before it they cancel). The demo gives user@example.com three;
 * each test takes its own by `index`, so tests running side by side never ask on the same trip.
 */
export async function pastTripToRefund(
  request: APIRequestContext,
  index: number,
): Promise<{ id: number; total: number; currency: string }> {
  const filter = encodeURIComponent(JSON.stringify({ status: 'completed' }));
  const orders = (await (
    await request.get(`/api/orders?filter=${filter}&range=[0,49]&sort=["departureDate","DESC"]`)
  ).json()) as { id: number; total: number; currency: string }[];
  const open: { id: number; total: number; currency: string; refundable: number }[] = [];
  for (const order of orders) {
    const answer = (await (await request.get(`/api/orders/${order.id}/refundable`)).json()) as {
      amount: number;
      refusal?: string;
    };
    // Whether a request may be made does not change as others ask on other trips: the list stays the same for all.
    if (!answer.refusal) open.push({ ...order, refundable: answer.amount });
  }
  expect(open.length, 'the demo customer’s past trips open to a refund request').toBeGreaterThan(index);
  const trip = open[index];
  expect(trip.refundable, `trip ${trip.id}: nothing asked on it yet`).toBe(trip.total);
  return trip;
}

/** A new one-seat booking of the signed-in customer on the first departure after today with a seat left: unpaid. */
export async function placeUnpaidBooking<
  T = { id: number; code: string; total: number; status: string; serviceId: number },
>(page: Page): Promise<T> {
  const filter = encodeURIComponent(JSON.stringify({ startDate_gte: platformDay(1) }));
  const rows = (await (
    await page.request.get(`/api/schedules?filter=${filter}&range=[0,49]&sort=["startDate","ASC"]`)
  ).json()) as { id: number; capacity: number; seatsBooked: number }[];
  const schedule = rows.find((row) => row.capacity - row.seatsBooked >= 1)!;
  const placed = await page.request.post('/api/orders', { data: { scheduleId: schedule.id, quantity: 1 } });
  expect(placed.status()).toBe(201);
  return (await placed.json()) as T;
}
