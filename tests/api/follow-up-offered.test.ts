/**
 * SPEC §21 "no action is offered that its guard would refuse": the order page offers "Request a refund" only where
 * the request would be taken. `GET /api/orders/{id}/refund-request` (the follow-up's prefill) answers what the
 * request would ask for, or (200, as `refusal`) the words the request itself would refuse with (the time to ask has
 * passed, nothing is left to refund…). On both databases.
 */
import { beforeAll, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';
import { create, dayFromNow, ok, roomyHolds, signInAll, type Sessions } from './workflows-helpers';

describeEachEngine('a follow-up offered only where it would be taken', (engine) => {
  const server = suiteServer({ engine, seed: 'small', setup: roomyHolds });
  let s: Sessions;
  let scheduleId = 0;

  const paidOrder = async () => {
    const order = await create(server, 'orders', s.customer1, { scheduleId, quantity: 1 });
    return ok(server, 'orders', order.id, 'pay', s.finance, { reference: `T-${order.code}` });
  };
  const ask = (id: number, cookie = s.customer1) => call(server, 'GET', `/api/orders/${id}/refund-request`, { cookie });
  const request = (id: number) =>
    call(server, 'POST', '/api/refunds', { cookie: s.customer1, body: { orderId: id, reason: 'Ill' } });

  beforeAll(async () => {
    s = await signInAll(server);
    const schedule = await create(server, 'schedules', s.partner, {
      serviceId: 1,
      startDate: dayFromNow(10),
      endDate: dayFromNow(10),
      capacity: 40,
    });
    scheduleId = schedule.id;
  });

  it('a trip long past: the follow-up’s endpoint refuses as the request does, so it is not offered', async () => {
    const order = await paidOrder();
    // Completed 200 days ago: far past the refund window.
    const past = new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10);
    await server.db
      .updateTable('orders')
      .set({ status: 'completed', departureDate: past })
      .where('id', '=', order.id)
      .execute();
    const offered = await ask(order.id);
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    const taken = await request(order.id);
    expect(taken.status).toBe(409);
    expect(offered.body.refusal).toBe(taken.body.message);
    expect(offered.body.amount).toBeUndefined();
  });

  it('where the request would be taken, the endpoint answers its amount; where it would not, its refusal', async () => {
    const order = await paidOrder();
    const offered = await ask(order.id);
    const taken = await request(order.id);
    // Whatever the rules are, the offer and the request agree.
    if (taken.status === 201) {
      expect(offered.status, JSON.stringify(offered.body)).toBe(200);
      expect(offered.body.amount).toBe(taken.body.amount);
      // Nothing is left to ask for now: the next request would be refused, and so the offer is.
      const again = await ask(order.id);
      expect(again.status).toBe(200);
      expect(again.body.refusal).toBe((await request(order.id)).body.message);
    } else {
      expect(offered.status).toBe(200);
      expect(offered.body.refusal).toBe(taken.body.message);
    }
    // Another customer's order is not theirs to ask about.
    expect((await ask(order.id, s.customer2)).status).toBe(404);
  });
});
