/**
 * SPEC §14 "Cancellation terms": a service's refund tiers (validated, defaulting to the platform's), the traveller's
 * preview of what cancelling now gives back (hours counted to the departure's date and start time in the platform's
 * time zone), and the cancel of a paid booking: seats back on sale at once, the order cancelled with its
 * `refundAmount`, and a pending refund request of that amount in finance's queue (none at 0 %). Over real HTTP.
 */
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';
import {
  create,
  dayFromNow,
  expectRefused,
  getRecord,
  list,
  ok,
  roomyHolds,
  signInAll,
  type Sessions,
} from './workflows-helpers';

/** The demo partner's service 1: 400,000 LAK a seat. */
const SERVICE = 1;
const PRICE = 400_000;
const TIERED = [
  { hoursBefore: 72, refundPercent: 100 },
  { hoursBefore: 24, refundPercent: 50 },
];
/** The platform's zone in the seed (settings.general.timezone): UTC+7, no daylight saving. */
const VIENTIANE_MS = 7 * 3_600_000;

describeEachEngine('cancellation terms', (engine) => {
  const server = suiteServer({ engine, seed: 'small', setup: roomyHolds });
  let s: Sessions;

  const setPolicy = (serviceId: number, policy: unknown) =>
    sql`update services set "cancellationPolicy" = ${JSON.stringify(policy)}::jsonb where id = ${serviceId}`.execute(
      server.db,
    );
  const seatsBooked = async (scheduleId: number) =>
    Number((await getRecord(server, 'schedules', scheduleId, s.admin)).seatsBooked);

  /**
   * A booking of `quantity` seats (paid unless told) on a fresh departure, then moved to start `hours` from now: its
   * date and HH:MM on Vientiane's wall clock, as the partner would have set them.
   */
  const booking = async (hours: number, { quantity = 2, paid = true, cookie = s.customer1 } = {}) => {
    const schedule = await create(server, 'schedules', s.partner, {
      serviceId: SERVICE,
      startDate: dayFromNow(30),
      endDate: dayFromNow(30),
      capacity: 10,
    });
    const placed = await create(server, 'orders', cookie, { scheduleId: schedule.id, quantity });
    const order = paid
      ? await ok(server, 'orders', placed.id, 'pay', s.finance, { paymentMethod: 'bank_transfer', reference: 'T-1' })
      : placed;
    const wall = new Date(Date.now() + hours * 3_600_000 + VIENTIANE_MS).toISOString();
    const day = wall.slice(0, 10);
    const time = wall.slice(11, 16);
    await sql`update schedules set "startDate" = ${day}, "endDate" = ${day}, "startTime" = ${time}
      where id = ${schedule.id}`.execute(server.db);
    await sql`update orders set "departureDate" = ${day}, "departureTime" = ${time}
      where "scheduleId" = ${schedule.id}`.execute(server.db);
    return { order, schedule };
  };
  const preview = (orderId: number, cookie: string) =>
    call(server, 'GET', `/api/orders/${orderId}/cancel-preview`, { cookie });
  const refundsOf = (orderId: number) => list(server, 'refunds', s.finance, { orderId });

  beforeAll(async () => {
    s = await signInAll(server);
    await setPolicy(SERVICE, TIERED);
  });

  it('the preview states each tier: full 72 h before, half 24 h before, nothing closer; hours to date and time', async () => {
    for (const [hours, percent] of [
      [100, 100],
      [73, 100],
      [48, 50],
      [25, 50],
      [10, 0],
    ] as const) {
      const { order } = await booking(hours);
      const answer = await preview(order.id, s.customer1);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({
        refundPercent: percent,
        refundAmount: (2 * PRICE * percent) / 100,
        currency: 'LAK',
      });
      // Whole hours to the departure's minute (its HH:MM is the minute the hour falls in, so at most one less).
      expect(answer.body.hoursBefore).toBeGreaterThanOrEqual(hours - 1);
      expect(answer.body.hoursBefore).toBeLessThanOrEqual(hours);
    }
  });

  it('an unpaid booking previews nothing to refund', async () => {
    const { order } = await booking(100, { paid: false });
    expect((await preview(order.id, s.customer1)).body).toMatchObject({
      refundAmount: 0,
      refundPercent: 0,
      message: 'unpaid',
    });
  });

  it('cancelling a paid booking frees its seats at once, reads cancelled and opens a refund request of the tier', async () => {
    const { order, schedule } = await booking(48, { quantity: 3 });
    expect(await seatsBooked(schedule.id)).toBe(3);
    const cancelled = await ok(server, 'orders', order.id, 'cancel', s.customer1, { reason: 'Plans changed' });
    expect(cancelled).toMatchObject({ status: 'cancelled', refundAmount: (3 * PRICE) / 2, reason: 'Plans changed' });
    expect(cancelled.cancelledAt).toBeTruthy();
    expect(await seatsBooked(schedule.id)).toBe(0);
    expect((await getRecord(server, 'orders', order.id, s.customer1)).refundAmount).toBe((3 * PRICE) / 2);
    const requests = await refundsOf(order.id);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ amount: (3 * PRICE) / 2, status: 'pending', currency: 'LAK' });
    // The request is only a request: finance approves it as any other, and only then money moves.
    const payments = async () =>
      (await list(server, 'payments', s.finance, { orderId: order.id })).filter((p: any) => p.kind === 'refund');
    expect(await payments()).toEqual([]);
    await ok(server, 'refunds', requests[0].id, 'approve', s.finance);
    expect((await payments()).map((p: any) => p.amount)).toEqual([(3 * PRICE) / 2]);
    // Seats were given back once only.
    expect(await seatsBooked(schedule.id)).toBe(0);
  });

  it('a full-refund tier asks for the whole total; at 0 % the booking is cancelled with no refund request', async () => {
    const full = await booking(100);
    expect(await ok(server, 'orders', full.order.id, 'cancel', s.customer1)).toMatchObject({
      status: 'cancelled',
      refundAmount: 2 * PRICE,
    });
    expect((await refundsOf(full.order.id)).map((r: any) => r.amount)).toEqual([2 * PRICE]);

    const late = await booking(10);
    expect(await ok(server, 'orders', late.order.id, 'cancel', s.customer1)).toMatchObject({
      status: 'cancelled',
      refundAmount: 0,
    });
    expect(await refundsOf(late.order.id)).toEqual([]);
    expect(await seatsBooked(late.schedule.id)).toBe(0);
  });

  it('a confirmed booking is cancelled alike; once the departure has started it is not', async () => {
    const { order } = await booking(30);
    await ok(server, 'orders', order.id, 'confirm', s.partner);
    expect(await ok(server, 'orders', order.id, 'cancel', s.customer1)).toMatchObject({
      status: 'cancelled',
      refundAmount: PRICE,
    });
    const gone = await booking(-2);
    await expectRefused(server, s.admin, 'orders', gone.order.id, 'cancel', s.customer1, 409);
  });

  it('only the booking’s traveller previews or cancels it; the partner cancels unpaid bookings only', async () => {
    const { order } = await booking(100);
    expect((await preview(order.id, s.customer2)).status).toBe(404);
    expect((await preview(order.id, s.partner)).status).toBe(403);
    expect((await preview(order.id, s.finance)).status).toBe(403);
    expect((await call(server, 'GET', `/api/orders/${order.id}/cancel-preview`)).status).toBe(401);
    expect(
      (await call(server, 'POST', `/api/orders/${order.id}/actions/cancel`, { cookie: s.customer2, body: {} })).status,
    ).toBe(404);
    await expectRefused(server, s.admin, 'orders', order.id, 'cancel', s.partner, 409);
    await expectRefused(server, s.admin, 'orders', order.id, 'cancel', s.partner2, 404);
    const offered = async (cookie: string) =>
      (await call(server, 'GET', `/api/orders/${order.id}/actions`, { cookie })).body.actions;
    expect(await offered(s.customer1)).toContain('cancel');
    expect(await offered(s.partner)).not.toContain('cancel');
    expect(await refundsOf(order.id)).toEqual([]);
  });

  it('the terms are kept as booked: a later change of the service’s policy does not move them', async () => {
    const { order } = await booking(48);
    await setPolicy(SERVICE, [{ hoursBefore: 24, refundPercent: 100 }]);
    try {
      expect((await preview(order.id, s.customer1)).body.refundPercent).toBe(50);
      expect((await getRecord(server, 'orders', order.id, s.customer1)).cancellationPolicy).toEqual(TIERED);
    } finally {
      await setPolicy(SERVICE, TIERED);
    }
  });

  it('a service without terms takes the platform’s; the public reads them', async () => {
    const created = await create(server, 'services', s.partner, {
      partnerId: 1,
      title: { en: 'Terms by default' },
      tourTypeId: 1,
      provinceId: 1,
      durationDays: 1,
      price: 100_000,
      capacity: 10,
    });
    expect(created.cancellationPolicy).toEqual([{ hoursBefore: 24, refundPercent: 100 }]);
    const stated = await create(server, 'services', s.partner, {
      partnerId: 1,
      title: { en: 'Own terms' },
      tourTypeId: 1,
      provinceId: 1,
      durationDays: 1,
      price: 100_000,
      capacity: 10,
      cancellationPolicy: [{ hoursBefore: 0, refundPercent: 30 }],
    });
    expect(stated.cancellationPolicy).toEqual([{ hoursBefore: 0, refundPercent: 30 }]);
    const visitor = await call(server, 'GET', `/api/services/${SERVICE}`);
    expect(visitor.body.cancellationPolicy).toEqual(TIERED);
  });

  it('bad policies answer 400 naming the field, on the service and in the platform settings', async () => {
    const base = {
      partnerId: 1,
      title: { en: 'Bad terms' },
      tourTypeId: 1,
      provinceId: 1,
      durationDays: 1,
      price: 100_000,
      capacity: 10,
    };
    for (const [policy, path] of [
      [[{ hoursBefore: -1, refundPercent: 100 }], 'cancellationPolicy.0.hoursBefore'],
      [[{ hoursBefore: 1.5, refundPercent: 100 }], 'cancellationPolicy.0.hoursBefore'],
      [[{ hoursBefore: 24, refundPercent: 120 }], 'cancellationPolicy.0.refundPercent'],
      [[{ hoursBefore: 24 }], 'cancellationPolicy.0.refundPercent'],
      [[{ hoursBefore: '24', refundPercent: 100 }], 'cancellationPolicy.0.hoursBefore'],
      [
        [
          { hoursBefore: 24, refundPercent: 100 },
          { hoursBefore: 48, refundPercent: 50 },
        ],
        'cancellationPolicy.1.hoursBefore',
      ],
      [[{ hoursBefore: 24, refundPercent: 100, fee: 1 }], 'cancellationPolicy.0.fee'],
      [{ hoursBefore: 24, refundPercent: 100 }, 'cancellationPolicy'],
    ] as const) {
      const answer = await call(server, 'POST', '/api/services', {
        cookie: s.partner,
        body: { ...base, cancellationPolicy: policy },
      });
      expect(answer.status, JSON.stringify(policy)).toBe(400);
      expect(Object.keys(answer.body.errors ?? {}), JSON.stringify(answer.body)).toContain(path);
    }
    const settings = await getRecord(server, 'settings', 'payments' as never, s.admin);
    const badSettings = await call(server, 'PUT', '/api/settings/payments', {
      cookie: s.admin,
      body: {
        values: { ...settings.values, cancellationPolicy: [{ hoursBefore: 24, refundPercent: 101 }] },
      },
    });
    expect(badSettings.status).toBe(400);
    expect(JSON.stringify(badSettings.body.errors)).toContain('cancellationPolicy');
  });
});
