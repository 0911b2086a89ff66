/**
 * SPEC §11 "Booking and holds" and "Payment only on evidence" over real HTTP: a customer cannot pay their own
 * order; a booking holds its seats until `holdExpiresAt` and not a second longer (before any job runs); one
 * customer holds at most `maxHeldSeats`; only verified customers book; money after the hold ended takes the seats
 * again or is refunded in full; every charge is backed by finance's hand or the system's evidence.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import resources from '../../resources';
import { SYSTEM } from '../../src/core/roles';
import { inTransaction, Writer } from '../../src/server/engine/data-context';
import { Registry } from '../../src/server/engine/registry';
import { call, describeEachEngine, suiteServer } from './harness';
import {
  act,
  create,
  dayFromNow,
  expectAudited,
  expectRefused,
  getRecord,
  list,
  ok,
  signInAll,
  trail,
  type Sessions,
} from './workflows-helpers';

const TOO_MANY = 'You have too many unpaid bookings; pay or cancel one first';

describeEachEngine('holds and payment on evidence', (engine) => {
  // The worker waits: every expiry here is either not needed (seats free at the hold's end) or run by hand.
  const server = suiteServer({ engine, seed: 'small', config: { timerPollMs: 3_600_000 } });
  const registry = new Registry(resources);
  let s: Sessions;
  let firstPayment = 0;

  const newSchedule = (capacity: number) =>
    create(server, 'schedules', s.partner, {
      serviceId: 1,
      startDate: dayFromNow(30),
      endDate: dayFromNow(31),
      capacity,
    });
  const book = (cookie: string, scheduleId: number, quantity = 1) =>
    call(server, 'POST', '/api/orders', { cookie, body: { scheduleId, quantity } });
  /** Ends an order's hold at `at` (the clock of the hold, not of the server). */
  const endHold = (orderId: number, at: Date) =>
    sql`update orders set "holdExpiresAt" = ${at} where id = ${orderId}`.execute(server.db);
  const seatsShown = async (scheduleId: number) =>
    (await getRecord(server, 'schedules', scheduleId, s.partner)).seatsBooked as number;
  const asSystem = (resource: string, id: number, action: string, input: Record<string, unknown> = {}) =>
    inTransaction(server.db, (trx) => new Writer(trx, registry, SYSTEM).runTransition(resource, id, action, input));

  beforeAll(async () => {
    s = await signInAll(server);
    const { rows } = await sql<{ n: number }>`select coalesce(max(id), 0)::int as n from payments`.execute(server.db);
    firstPayment = Number(rows[0].n);
  });

  it('a customer cannot record a payment (403); finance records one by hand with method and reference, audited', async () => {
    const schedule = await newSchedule(5);
    const order = (await book(s.customer1, schedule.id, 2)).body;
    expect(order.status).toBe('pending_payment');
    const answer = await act(server, 'orders', order.id, 'pay', s.customer1, {
      paymentMethod: 'card',
      reference: 'I-SAY-I-PAID',
    });
    console.log(`customer's pay → ${answer.status} ${JSON.stringify(answer.body)}`);
    expect(answer.status).toBe(403);
    await expectRefused(server, s.admin, 'orders', order.id, 'pay', s.customer1, 403);
    expect(await list(server, 'payments', s.finance, { orderId: order.id })).toEqual([]);
    const offered = await call(server, 'GET', `/api/orders/${order.id}/actions`, { cookie: s.customer1 });
    expect(offered.body.actions).toEqual(['cancel']);

    const paid = await ok(server, 'orders', order.id, 'pay', s.finance, {
      paymentMethod: 'bank_transfer',
      reference: 'BCEL-991',
    });
    expect(paid).toMatchObject({ status: 'paid', paymentMethod: 'bank_transfer' });
    expect(await list(server, 'payments', s.finance, { orderId: order.id })).toMatchObject([
      { kind: 'charge', amount: 800_000, method: 'bank_transfer', reference: 'BCEL-991', status: 'completed' },
    ]);
    await expectAudited(server, s.admin, 'orders', order.id, {
      action: 'pay',
      from: 'pending_payment',
      to: 'paid',
      actorKind: 'admin',
    });
    // Paid: the seats move from the hold into seatsBooked, the count shown stays the same.
    expect(await seatsShown(schedule.id)).toBe(2);
    const stored = await sql<{
      seatsBooked: number;
    }>`select "seatsBooked" from schedules where id = ${schedule.id}`.execute(server.db);
    expect(Number(stored.rows[0].seatsBooked)).toBe(2);
  });

  it('POST /api/orders holds the seats for settings.payments.holdMinutes', async () => {
    const schedule = await newSchedule(5);
    const before = Date.now();
    const order = (await book(s.customer2, schedule.id)).body;
    const ends = Date.parse(order.holdExpiresAt);
    expect(ends).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1_000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 30 * 60_000 + 1_000);
    expect(await seatsShown(schedule.id)).toBe(1);
  });

  it("a hold's seats are sold again the second after it ends, before any job has run; its late money is refunded", async () => {
    const schedule = await newSchedule(2);
    const held = (await book(s.customer1, schedule.id, 2)).body;
    expect((await book(s.customer2, schedule.id, 1)).status).toBe(409);
    const site = async () => {
      const rows = (
        await call(
          server,
          'GET',
          `/api/schedules?filter=${encodeURIComponent(JSON.stringify({ id: [schedule.id] }))}`,
          {},
        )
      ).body;
      return rows[0]?.seatsBooked;
    };
    expect(await site()).toBe(2);

    const end = new Date(Date.now() + 1_000);
    await endHold(held.id, end);
    expect((await book(s.customer2, schedule.id, 1)).status).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, end.getTime() - Date.now()) + 50));
    // The second after: the seats are for sale to everyone, though the order still reads pending_payment.
    expect(await site()).toBe(0);
    const again = await book(s.customer2, schedule.id, 2);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((await getRecord(server, 'orders', held.id, s.admin)).status).toBe('pending_payment');
    expect(await seatsShown(schedule.id)).toBe(2);

    // Late money without seats: recorded, refunded in full through finance's queue; the order ends expired.
    const late = await ok(server, 'orders', held.id, 'pay', s.finance, { paymentMethod: 'cash', reference: 'LATE-1' });
    expect(late).toMatchObject({ status: 'expired', paymentMethod: 'cash' });
    expect(late.reason).toMatch(/refunded/);
    expect(await list(server, 'payments', s.finance, { orderId: held.id })).toMatchObject([
      { kind: 'charge', amount: held.total, status: 'completed', reference: 'LATE-1' },
    ]);
    const refunds = await list(server, 'refunds', s.finance, { orderId: held.id });
    expect(refunds).toMatchObject([{ status: 'pending', amount: held.total, userId: held.userId }]);
    await expectAudited(server, s.admin, 'orders', held.id, { action: 'pay', from: 'pending_payment', to: 'expired' });
    expect(await seatsShown(schedule.id)).toBe(2);
    // Finance approves the refund: the money goes back, the seats (never counted) stay as they are.
    await ok(server, 'refunds', refunds[0].id, 'approve', s.finance);
    expect((await getRecord(server, 'orders', held.id, s.admin)).status).toBe('refunded');
    expect(await seatsShown(schedule.id)).toBe(2);
  });

  it('late money paid twice keeps the booking: the first payment is refunded as surplus, the order stays paid', async () => {
    const schedule = await newSchedule(2);
    const held = (await book(s.customer1, schedule.id, 2)).body;
    await endHold(held.id, new Date(Date.now() - 1_000));
    const taker = (await book(s.customer2, schedule.id, 2)).body;
    // The first payment comes after the seats were sold again: recorded, a refund request opened.
    const late = await ok(server, 'orders', held.id, 'pay', s.finance, { paymentMethod: 'cash', reference: 'LATE-A' });
    expect(late).toMatchObject({ status: 'expired', reason: expect.stringMatching(/sold again/) });
    const [surplus] = await list(server, 'refunds', s.finance, { orderId: held.id });
    expect(surplus).toMatchObject({ status: 'pending', amount: held.total });
    // The seats come free; a second payment pays the order again and takes them.
    await ok(server, 'orders', taker.id, 'cancel', s.customer2);
    const second = await ok(server, 'orders', held.id, 'pay', s.finance, {
      paymentMethod: 'cash',
      reference: 'LATE-B',
    });
    expect(second.status).toBe('paid');
    expect(second.reason).toBeNull();
    expect(await seatsShown(schedule.id)).toBe(2);
    // Finance approves the first request: that money goes back, the booking stays paid with its seats.
    await ok(server, 'refunds', surplus.id, 'approve', s.finance);
    const after = await getRecord(server, 'orders', held.id, s.admin);
    expect(after).toMatchObject({ status: 'paid', reason: null });
    expect(await seatsShown(schedule.id)).toBe(2);
    const ledger = await list(server, 'payments', s.finance, { orderId: held.id });
    expect(ledger.filter((p) => p.kind === 'charge')).toHaveLength(2);
    expect(ledger.filter((p) => p.kind === 'refund').map((p) => p.amount)).toEqual([held.total]);
    // A refund of the money behind the seats refunds the order and frees them.
    const rest = await create(server, 'refunds', s.finance, { orderId: held.id, reason: 'Cancelled by phone' });
    expect(rest.amount).toBe(held.total);
    await ok(server, 'refunds', rest.id, 'approve', s.finance);
    expect((await getRecord(server, 'orders', held.id, s.admin)).status).toBe('refunded');
    expect(await seatsShown(schedule.id)).toBe(0);
  });

  it('late money for an expired order with seats still free takes them again and pays it', async () => {
    const schedule = await newSchedule(3);
    const order = (await book(s.customer3, schedule.id, 2)).body;
    await endHold(order.id, new Date(Date.now() - 1_000));
    const expired = await asSystem('orders', order.id, 'expire');
    expect(expired.status).toBe('expired');
    await expectAudited(server, s.admin, 'orders', order.id, { action: 'expire', to: 'expired', actorKind: 'system' });
    expect(await seatsShown(schedule.id)).toBe(0);
    // The customer was told, in their language.
    const told = await list(server, 'notifications', s.customer3, { event: 'orders.expire' });
    expect(told.some((n) => n.recordId === order.id)).toBe(true);
    // Nobody signed in may run the system's transition.
    await expectRefused(server, s.admin, 'orders', order.id, 'expire', s.admin, 403);

    // The money arrives as a matched bank line would bring it: the system pays.
    const paid = await asSystem('orders', order.id, 'pay', { paymentMethod: 'bank_transfer', reference: 'TRX-77' });
    expect(paid.status).toBe('paid');
    await expectAudited(server, s.admin, 'orders', order.id, {
      action: 'pay',
      from: 'expired',
      to: 'paid',
      actorKind: 'system',
    });
    expect(await seatsShown(schedule.id)).toBe(2);
    expect(await list(server, 'payments', s.finance, { orderId: order.id })).toMatchObject([
      { kind: 'charge', amount: order.total, method: 'bank_transfer', reference: 'TRX-77' },
    ]);
    expect(await list(server, 'refunds', s.finance, { orderId: order.id })).toEqual([]);
  });

  it('one customer holds at most maxHeldSeats unpaid seats (409); a paid or ended hold frees the room', async () => {
    const schedule = await newSchedule(30);
    const held = await sql<{ n: number }>`
      select coalesce(sum(quantity), 0)::int as n from orders
      where "userId" = 1 and status = 'pending_payment' and "holdExpiresAt" > now()`.execute(server.db);
    const room = 10 - Number(held.rows[0].n);
    expect(room).toBeGreaterThan(1);
    const first = (await book(s.user, schedule.id, room - 1)).body;
    expect((await book(s.user, schedule.id, 1)).status).toBe(201);
    const over = await book(s.user, schedule.id, 1);
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(TOO_MANY);
    await ok(server, 'orders', first.id, 'pay', s.finance, { paymentMethod: 'bank_transfer' });
    expect((await book(s.user, schedule.id, 1)).status).toBe(201);
    // The setting moves the cap.
    const settings = await getRecord(server, 'settings', 'payments' as never, s.admin);
    const lowered = await call(server, 'PUT', '/api/settings/payments', {
      cookie: s.admin,
      body: { values: { ...settings.values, maxHeldSeats: 1 }, version: settings.version },
    });
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    try {
      const refused = await book(s.customer2, schedule.id, 2);
      expect(refused.body.message).toBe(TOO_MANY);
    } finally {
      const now = await getRecord(server, 'settings', 'payments' as never, s.admin);
      await call(server, 'PUT', '/api/settings/payments', {
        cookie: s.admin,
        body: { values: { ...now.values, maxHeldSeats: 10 }, version: now.version },
      });
    }
  });

  it('only a customer whose email is verified books (403)', async () => {
    const schedule = await newSchedule(5);
    await sql`update users set "emailVerifiedAt" = null where email = 'customer2@example.net'`.execute(server.db);
    try {
      const refused = await book(s.customer2, schedule.id);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Please confirm your email address first');
    } finally {
      await sql`update users set "emailVerifiedAt" = now() where email = 'customer2@example.net'`.execute(server.db);
    }
    expect((await book(s.customer2, schedule.id)).status).toBe(201);
  });

  it('the ledger: every charge written here is backed by finance by hand or by the system', async () => {
    const { rows } = await sql<{ id: number; actorKind: string | null; actorRole: string | null }>`
      select p.id, a."actorKind", a."actorRole" from payments p
      left join audit_log a on a.resource = 'payments' and a."recordId" = p.id and a.action = 'create'
      where p.kind = 'charge' and p.id > ${firstPayment} order by p.id`.execute(server.db);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows)
      expect(
        (row.actorKind === 'admin' && ['finance', 'super_admin'].includes(String(row.actorRole))) ||
          row.actorKind === 'system',
        `charge ${row.id}: ${row.actorKind}/${row.actorRole}`,
      ).toBe(true);
  });

  describe('the trail', () => {
    it('system runs are audited as the system, with no account behind them', async () => {
      const rows = (await list(server, 'audit-log', s.admin, { actorKind: 'system' })).filter(
        (row) => row.resource === 'orders',
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.actorId ?? null).toBeNull();
      expect(await trail(server, s.admin, 'orders', rows[0].recordId)).not.toHaveLength(0);
    });
  });
});
