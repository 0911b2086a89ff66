import { expect, type APIRequestContext } from '@playwright/test';

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
