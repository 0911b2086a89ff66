/**
 * SPEC §11 "The customer's area": a customer's refund request on a paid order asks for at most what was paid minus
 * earlier refunds, within `settings.payments.refundWindowDays` after the departure, and only on their own order.
 * Over real HTTP, exact answers; the refused requests leave no row behind.
 */
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';
import {
  create,
  dayFromNow,
  getRecord,
  IDS,
  list,
  ok,
  roomyHolds,
  signInAll,
  type Sessions,
} from './workflows-helpers';
import { platformDay } from '../support/platform-day';

const TOO_LATE = 'The time to ask for a refund on this order has passed';
const NOTHING_LEFT = 'Nothing is left to refund on this order';
const CANCEL_INSTEAD = 'This trip is still ahead: cancel the booking, and its cancellation terms decide the refund';

describeEachEngine('a customer’s refund requests', (engine) => {
  const server = suiteServer({ engine, seed: 'small', setup: roomyHolds });
  let s: Sessions;

  /** A paid order of `cookie`'s customer on a fresh departure of the demo partner's service 1 (400,000 LAK a seat). */
  const paidOrder = async (cookie: string, quantity = 1) => {
    const schedule = await create(server, 'schedules', s.partner, {
      serviceId: 1,
      startDate: dayFromNow(30),
      endDate: dayFromNow(31),
      capacity: 10,
    });
    const placed = await create(server, 'orders', cookie, { scheduleId: schedule.id, quantity });
    const paid = await ok(server, 'orders', placed.id, 'pay', s.finance, {
      paymentMethod: 'bank_transfer',
      reference: 'T-1',
    });
    // A customer asks for a refund once the trip has left (before it, they cancel and the terms decide).
    await departedDaysAgo(paid.id, 1);
    return paid;
  };
  /** Moves an order's departure (and the order with it) to `days` days before today, as time passing would. */
  const departedDaysAgo = async (orderId: number, days: number) => {
    await sql`update schedules set "startDate" = ${platformDay(-days)}, "endDate" = ${platformDay(-days)}
      where id = (select "scheduleId" from orders where id = ${orderId})`.execute(server.db);
    await sql`update orders set "departureDate" = ${platformDay(-days)} where id = ${orderId}`.execute(server.db);
  };
  const setWindow = (days: number) =>
    sql`update settings set "values" = jsonb_set("values", '{refundWindowDays}', ${String(days)}::jsonb)
      where "group" = 'payments'`.execute(server.db);
  const request = (cookie: string, body: Record<string, unknown>) =>
    call(server, 'POST', '/api/refunds', { cookie, body: { reason: 'Plans changed', ...body } });
  const requestsOf = async (orderId: number) => list(server, 'refunds', s.finance, { orderId });

  beforeAll(async () => {
    s = await signInAll(server);
  });

  it('within refundWindowDays after the departure day (to its end) the request is taken; a day later → 409', async () => {
    await setWindow(30);
    const last = await paidOrder(s.customer1);
    await departedDaysAgo(last.id, 30);
    const taken = await request(s.customer1, { orderId: last.id });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect(taken.body).toMatchObject({ orderId: last.id, amount: last.total, status: 'pending' });

    const late = await paidOrder(s.customer1);
    await departedDaysAgo(late.id, 31);
    const refused = await request(s.customer1, { orderId: late.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: TOO_LATE });
    expect(await requestsOf(late.id)).toEqual([]);

    // The window is the setting's: a shorter one closes sooner.
    await setWindow(3);
    const short = await paidOrder(s.customer1);
    await departedDaysAgo(short.id, 4);
    expect((await request(s.customer1, { orderId: short.id })).body).toEqual({ message: TOO_LATE });
    await departedDaysAgo(short.id, 3);
    expect((await request(s.customer1, { orderId: short.id })).status).toBe(201);
    await setWindow(30);

    // Completed by the partner after the departure: still refundable within the window.
    const completed = await paidOrder(s.customer1);
    await departedDaysAgo(completed.id, 2);
    await sql`update orders set status = 'completed' where id = ${completed.id}`.execute(server.db);
    const afterTrip = await request(s.customer1, { orderId: completed.id });
    expect(afterTrip.status, JSON.stringify(afterTrip.body)).toBe(201);
    await departedDaysAgo(completed.id, 31);
    await sql`delete from refunds where id = ${afterTrip.body.id}`.execute(server.db);
    expect((await request(s.customer1, { orderId: completed.id })).body).toEqual({ message: TOO_LATE });

    // Finance may still open one after the window (late money, a goodwill refund).
    const goodwill = await request(s.finance, { orderId: late.id });
    expect(goodwill.status, JSON.stringify(goodwill.body)).toBe(201);
    expect(goodwill.body).toMatchObject({ amount: late.total, userId: IDS.users.customer1 });
  });

  it('at most what was paid minus earlier refunds (approved or pending): more → 400 on amount; nothing left → 409', async () => {
    const paid = await paidOrder(s.customer2, 2);
    expect(paid.total).toBe(800_000);
    const over = await request(s.customer2, { orderId: paid.id, amount: 800_001 });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ message: 'Invalid input', errors: { amount: 'The value must be at most 800000' } });

    const first = await create(server, 'refunds', s.customer2, { orderId: paid.id, amount: 300_000, reason: 'Part' });
    await ok(server, 'refunds', first.id, 'approve', s.finance);
    // An approved refund marks the order refunded (SPEC §5); what is left of it may still be asked for.
    expect((await getRecord(server, 'orders', paid.id, s.customer2)).status).toBe('refunded');
    // 800,000 paid, 300,000 refunded: 500,000 is left.
    const afterRefund = await request(s.customer2, { orderId: paid.id, amount: 500_001 });
    expect(afterRefund.status).toBe(400);
    expect(afterRefund.body).toEqual({
      message: 'Invalid input',
      errors: { amount: 'The value must be at most 500000' },
    });

    // A pending request reserves its amount too.
    const pending = await create(server, 'refunds', s.customer2, { orderId: paid.id, amount: 200_000, reason: 'More' });
    expect(pending.status).toBe('pending');
    const overPending = await request(s.customer2, { orderId: paid.id, amount: 300_001 });
    expect(overPending.body).toEqual({
      message: 'Invalid input',
      errors: { amount: 'The value must be at most 300000' },
    });
    const rest = await request(s.customer2, { orderId: paid.id });
    expect(rest.status).toBe(201);
    expect(rest.body.amount).toBe(300_000);

    const none = await request(s.customer2, { orderId: paid.id, amount: 1 });
    expect(none.status).toBe(409);
    expect(none.body).toEqual({ message: NOTHING_LEFT });
    expect((await requestsOf(paid.id)).map((r) => [r.amount, r.status])).toEqual([
      [300_000, 'approved'],
      [200_000, 'pending'],
      [300_000, 'pending'],
    ]);
  });

  it('another customer’s order is out of scope: the same answer as an order that does not exist, and no row', async () => {
    const theirs = await paidOrder(s.customer3);
    // The order itself reads as missing to anyone else…
    expect((await call(server, 'GET', `/api/orders/${theirs.id}`, { cookie: s.customer1 })).status).toBe(404);
    // …and a request on it is answered as one on an order that does not exist: nothing tells it is there.
    const foreign = await request(s.customer1, { orderId: theirs.id });
    const missing = await request(s.customer1, { orderId: 999_999 });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({
      message: 'Invalid input',
      errors: { orderId: 'The referenced record does not exist' },
    });
    expect(missing.body).toEqual(foreign.body);
    expect(await requestsOf(theirs.id)).toEqual([]);
    // Nor can it be read through the refunds of its owner.
    const own = await request(s.customer3, { orderId: theirs.id });
    expect(own.status).toBe(201);
    expect((await call(server, 'GET', `/api/refunds/${own.body.id}`, { cookie: s.customer1 })).status).toBe(404);
    expect((await getRecord(server, 'refunds', own.body.id, s.customer3)).userId).toBe(IDS.users.customer3);
  });

  it('a trip still ahead is cancelled, not refunded on request (409): the terms decide, not the asking (SPEC §21)', async () => {
    const schedule = await create(server, 'schedules', s.partner, {
      serviceId: 1,
      startDate: dayFromNow(30),
      endDate: dayFromNow(30),
      capacity: 10,
    });
    const placed = await create(server, 'orders', s.customer1, { scheduleId: schedule.id, quantity: 1 });
    const ahead = await ok(server, 'orders', placed.id, 'pay', s.finance, { reference: 'T-AHEAD' });
    const refused = await request(s.customer1, {
      orderId: ahead.id,
      reason: 'Cancelled by the traveller under the cancellation terms',
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: CANCEL_INSTEAD });
    expect(await requestsOf(ahead.id)).toEqual([]);
    // The cancellation opens the terms' request, marked as a cancellation's.
    await ok(server, 'orders', ahead.id, 'cancel', s.customer1);
    expect(await requestsOf(ahead.id)).toEqual([
      expect.objectContaining({ source: 'cancellation', amount: ahead.total, termsAmount: ahead.total }),
    ]);
  });

  it('once checked in, the trip has begun: no refund on the customer’s request (409), a complaint remains', async () => {
    const boarded = await paidOrder(s.customer1);
    await sql`update orders set "checkedInAt" = now() where id = ${boarded.id}`.execute(server.db);
    const refused = await request(s.customer1, { orderId: boarded.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: 'Your trip has begun' });
    expect(await requestsOf(boarded.id)).toEqual([]);
    const complaint = await call(server, 'POST', '/api/complaints', {
      cookie: s.customer1,
      body: { orderId: boarded.id, category: 'other', subject: 'Boat was late', message: 'An hour late.' },
    });
    expect(complaint.status, JSON.stringify(complaint.body)).toBe(201);
  });

  it('each request carries its source, and finance reads the terms’ amount beside the asked one', async () => {
    const trip = await paidOrder(s.customer2);
    const asked = await request(s.customer2, { orderId: trip.id, amount: 100_000, source: 'finance' });
    // A customer does not choose the source: it is theirs.
    expect(asked.status).toBe(400);
    expect(Object.keys(asked.body.errors)).toEqual(['source']);
    const own = await request(s.customer2, { orderId: trip.id, amount: 100_000 });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    // After the departure the terms give nothing back: finance sees 0 beside the 100,000 asked.
    expect(own.body).toMatchObject({ source: 'customer', amount: 100_000, termsAmount: 0 });
    const byFinance = await request(s.finance, { orderId: trip.id, amount: 50_000, source: 'complaint' });
    expect(byFinance.status, JSON.stringify(byFinance.body)).toBe(201);
    expect(byFinance.body).toMatchObject({ source: 'complaint' });
    const plain = await request(s.finance, { orderId: trip.id, amount: 10_000 });
    expect(plain.body).toMatchObject({ source: 'finance' });
    const forged = await request(s.finance, { orderId: trip.id, amount: 10_000, source: 'cancellation' });
    expect(forged.status).toBe(400);
    expect(Object.keys(forged.body.errors)).toEqual(['source']);
    const listed = await call(
      server,
      'GET',
      `/api/refunds?filter=${encodeURIComponent(JSON.stringify({ source: 'complaint' }))}`,
      {
        cookie: s.finance,
      },
    );
    expect(listed.body.map((row: { id: number }) => row.id)).toContain(byFinance.body.id);
  });
});
