/**
 * SPEC §5 booking workflows over real HTTP: orders (placed by a user with seats taken atomically, pay → charge,
 * confirm, complete after the start date, cancel releasing seats), refunds (approve → refund payment and order
 * refunded, reject with a reason, never more than paid) and complaints (assign, start, resolve, dismiss).
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';
import { platformDay } from '../support/platform-day';
import {
  act,
  create,
  dayFromNow,
  expectAudited,
  expectRefused,
  getRecord,
  IDS,
  list,
  ok,
  roomyHolds,
  signInAll,
  trail,
  type Sessions,
} from './workflows-helpers';

describeEachEngine('booking workflows', (engine) => {
  const server = suiteServer({ engine, seed: 'small', setup: roomyHolds });
  let s: Sessions;
  /** An approved service of the demo partner (price 400,000 LAK) with fresh departures per test. */
  let serviceId: number;

  const newSchedule = async (capacity = 10, cookie = s.partner, service = serviceId) =>
    create(server, 'schedules', cookie, {
      serviceId: service,
      startDate: dayFromNow(30),
      endDate: dayFromNow(31),
      capacity,
    });
  const order = (cookie: string, scheduleId: number, quantity = 1) =>
    create(server, 'orders', cookie, { scheduleId, quantity });
  const seats = async (scheduleId: number) => (await getRecord(server, 'schedules', scheduleId, s.admin)).seatsBooked;
  const paymentsOf = (orderId: number) => list(server, 'payments', s.finance, { orderId });

  beforeAll(async () => {
    s = await signInAll(server);
    serviceId = 1;
    expect((await getRecord(server, 'services', serviceId, s.admin)).status).toBe('approved');
  });

  describe('orders', () => {
    it('a user places an order: seats taken, price and commission fixed from the schedule and settings', async () => {
      const schedule = await newSchedule(10);
      const placed = await order(s.user, schedule.id, 3);
      expect(placed).toMatchObject({
        status: 'pending_payment',
        userId: IDS.users.user,
        partnerId: IDS.partners.partner,
        serviceId,
        scheduleId: schedule.id,
        departureDate: schedule.startDate,
        quantity: 3,
        unitPrice: 400_000,
        total: 1_200_000,
      });
      expect(placed.code).toMatch(/^LT-[0-9A-Z]{8}$/);
      // Users never see the commission; admins see it fixed at the settings default (10 %).
      expect(placed).not.toHaveProperty('commission');
      expect(await getRecord(server, 'orders', placed.id, s.admin)).toMatchObject({
        commissionRate: 10,
        commission: 120_000,
      });
      expect(await seats(schedule.id)).toBe(3);
      expect((await trail(server, s.admin, 'orders', placed.id))[0]).toMatchObject({
        action: 'create',
        to: 'pending_payment',
        actorKind: 'user',
      });
      // The seats are held, not sold: the departure's stored count moves only when the order is paid.
      expect(await trail(server, s.admin, 'schedules', schedule.id)).toHaveLength(1);
    });

    it('only users place orders; more seats than left is a 409 that takes nothing', async () => {
      const schedule = await newSchedule(4);
      for (const cookie of [s.partner, s.admin, s.finance]) {
        const refused = await call(server, 'POST', '/api/orders', {
          cookie,
          body: { scheduleId: schedule.id, quantity: 1 },
        });
        expect(refused.status).toBe(403);
      }
      await order(s.customer1, schedule.id, 3);
      const tooMany = await call(server, 'POST', '/api/orders', {
        cookie: s.customer2,
        body: { scheduleId: schedule.id, quantity: 2 },
      });
      expect(tooMany.status).toBe(409);
      expect(tooMany.body.errors).toEqual({ quantity: 'Only 1 seats left' });
      expect(await seats(schedule.id)).toBe(3);
      await order(s.customer2, schedule.id, 1);
      const soldOut = await call(server, 'POST', '/api/orders', {
        cookie: s.customer3,
        body: { scheduleId: schedule.id, quantity: 1 },
      });
      expect(soldOut.status).toBe(409);
      expect(await seats(schedule.id)).toBe(4);
      expect(await list(server, 'orders', s.admin, { scheduleId: schedule.id })).toHaveLength(2);
    });

    it('pay (finance) writes a charge payment of the total; a second pay is 409; the customer and the partner cannot pay', async () => {
      const schedule = await newSchedule();
      const placed = await order(s.customer1, schedule.id, 2);
      // Each principal is offered exactly the transitions it may run now.
      const offered = async (cookie: string) =>
        (await call(server, 'GET', `/api/orders/${placed.id}/actions`, { cookie })).body.actions.sort();
      expect(await offered(s.customer1)).toEqual(['cancel']);
      expect(await offered(s.partner)).toEqual(['cancel']);
      expect(await offered(s.finance)).toEqual(['pay']);
      // Support reads orders only (SPEC §1).
      expect(await offered(s.support)).toEqual([]);
      expect(await offered(s.moderator)).toEqual([]);
      await expectRefused(server, s.admin, 'orders', placed.id, 'pay', s.customer1, 403);
      await expectRefused(server, s.admin, 'orders', placed.id, 'pay', s.partner, 403);
      await expectRefused(server, s.admin, 'orders', placed.id, 'pay', s.support, 403);
      expect((await act(server, 'orders', placed.id, 'pay', s.customer2)).status).toBe(404);
      const badMethod = await expectRefused(server, s.admin, 'orders', placed.id, 'pay', s.finance, 400, {
        paymentMethod: 'bitcoin',
      });
      expect(badMethod.errors).toHaveProperty('paymentMethod');
      expect(await paymentsOf(placed.id)).toEqual([]);

      const paid = await ok(server, 'orders', placed.id, 'pay', s.finance, { reference: 'BCEL-77' });
      // A paid booking is still the traveller's to cancel, under its cancellation terms (SPEC §14); not the partner's.
      expect(await offered(s.customer1)).toEqual(['cancel']);
      expect(await offered(s.partner)).toEqual(['confirm']);
      expect(paid.status).toBe('paid');
      expect(paid.paidAt).toBeTruthy();
      const payments = await paymentsOf(placed.id);
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({
        kind: 'charge',
        amount: placed.total,
        orderId: placed.id,
        partnerId: IDS.partners.partner,
        userId: IDS.users.customer1,
        reference: 'BCEL-77',
        status: 'completed',
      });
      await expectAudited(server, s.admin, 'orders', placed.id, { action: 'pay', from: 'pending_payment', to: 'paid' });
      expect((await trail(server, s.admin, 'payments', payments[0].id))[0]).toMatchObject({ action: 'create' });
      await expectRefused(server, s.admin, 'orders', placed.id, 'pay', s.finance, 409);
      expect(await paymentsOf(placed.id)).toHaveLength(1);

      // Finance records a bank transfer for another order.
      const other = await order(s.customer1, schedule.id, 1);
      await ok(server, 'orders', other.id, 'pay', s.finance, { paymentMethod: 'bank_transfer' });
      expect((await paymentsOf(other.id))[0]).toMatchObject({ kind: 'charge', method: 'bank_transfer' });
    });

    it('confirm (partner) and complete only from the departure date', async () => {
      const schedule = await newSchedule();
      const placed = await order(s.user, schedule.id, 1);
      await expectRefused(server, s.admin, 'orders', placed.id, 'confirm', s.partner, 409);
      await ok(server, 'orders', placed.id, 'pay', s.finance);
      await expectRefused(server, s.admin, 'orders', placed.id, 'confirm', s.user, 403);
      await expectRefused(server, s.admin, 'orders', placed.id, 'confirm', s.moderator, 403);
      expect((await act(server, 'orders', placed.id, 'confirm', s.partner2)).status).toBe(404);
      const confirmed = await ok(server, 'orders', placed.id, 'confirm', s.partner);
      expect(confirmed.status).toBe('confirmed');
      expect(confirmed.confirmedAt).toBeTruthy();
      await expectAudited(server, s.admin, 'orders', placed.id, {
        action: 'confirm',
        from: 'paid',
        to: 'confirmed',
        actorKind: 'partner',
      });
      // The departure is in 30 days: too early to complete.
      const early = await expectRefused(server, s.admin, 'orders', placed.id, 'complete', s.partner, 409);
      expect(early.message).toBe('This departure has not started yet');

      // The small seed's order 9 is confirmed on a departure that left three days ago.
      const past = await getRecord(server, 'orders', 9, s.admin);
      expect(past.status).toBe('confirmed');
      await expectRefused(server, s.admin, 'orders', 9, 'complete', s.user, 403);
      const balance = (await call(server, 'GET', '/api/partners/1/balance', { cookie: s.partner })).body;
      const completed = await ok(server, 'orders', 9, 'complete', s.partner);
      expect(completed.status).toBe('completed');
      expect(completed.completedAt).toBeTruthy();
      await expectAudited(server, s.admin, 'orders', 9, { action: 'complete', from: 'confirmed', to: 'completed' });
      const after = (await call(server, 'GET', '/api/partners/1/balance', { cookie: s.partner })).body;
      expect(after.completed - balance.completed).toBe(past.total - past.commission);
      expect(after.available - balance.available).toBe(past.total - past.commission);
      for (const action of ['complete', 'confirm', 'cancel', 'pay'])
        await expectRefused(server, s.admin, 'orders', 9, action, action === 'pay' ? s.finance : s.partner, 409);
    });

    it('cancel an unpaid order releases its seats; the partner cannot cancel a paid order', async () => {
      const schedule = await newSchedule(5);
      const a = await order(s.customer3, schedule.id, 2);
      const b = await order(s.customer3, schedule.id, 1);
      const c = await order(s.customer3, schedule.id, 1);
      expect(await seats(schedule.id)).toBe(4);
      await expectRefused(server, s.admin, 'orders', a.id, 'cancel', s.finance, 403);
      const cancelled = await ok(server, 'orders', a.id, 'cancel', s.customer3, { reason: 'Wrong date' });
      expect(cancelled).toMatchObject({ status: 'cancelled', reason: 'Wrong date' });
      expect(cancelled.cancelledAt).toBeTruthy();
      expect(await seats(schedule.id)).toBe(2);
      await expectAudited(server, s.admin, 'orders', a.id, {
        action: 'cancel',
        from: 'pending_payment',
        to: 'cancelled',
        reason: 'Wrong date',
      });
      await ok(server, 'orders', b.id, 'cancel', s.partner);
      await ok(server, 'orders', c.id, 'pay', s.finance);
      await expectRefused(server, s.admin, 'orders', c.id, 'cancel', s.partner, 409);
      await expectRefused(server, s.admin, 'orders', a.id, 'cancel', s.support, 403);
      await expectRefused(server, s.admin, 'orders', a.id, 'cancel', s.customer3, 409);
      expect(await seats(schedule.id)).toBe(1);
    });

    it('commission comes from the partner rate at order time, and later rate changes do not move it', async () => {
      const partner2 = await getRecord(server, 'partners', IDS.partners.partner2, s.admin);
      const rated = await call(server, 'PUT', `/api/partners/${IDS.partners.partner2}`, {
        cookie: s.moderator,
        body: { commissionRate: 15, version: partner2.version },
      });
      expect(rated.status).toBe(200);
      const schedule = await newSchedule(5, s.partner2, 7);
      const placed = await order(s.user, schedule.id, 2);
      const fixed = await getRecord(server, 'orders', placed.id, s.admin);
      expect(fixed).toMatchObject({ commissionRate: 15, commission: Math.round(placed.total * 0.15) });
      await call(server, 'PUT', `/api/partners/${IDS.partners.partner2}`, {
        cookie: s.moderator,
        body: { commissionRate: 20 },
      });
      expect(await getRecord(server, 'orders', placed.id, s.admin)).toMatchObject({
        commissionRate: 15,
        commission: fixed.commission,
      });
    });

    it('the status cannot be written through PUT', async () => {
      const schedule = await newSchedule();
      const placed = await order(s.user, schedule.id);
      const forged = await call(server, 'PUT', `/api/orders/${placed.id}`, {
        cookie: s.user,
        body: { status: 'paid' },
      });
      expect(forged.status).toBe(400);
      expect((await getRecord(server, 'orders', placed.id, s.admin)).status).toBe('pending_payment');
      expect(await paymentsOf(placed.id)).toEqual([]);
    });
  });

  describe('refunds', () => {
    const paidOrder = async (cookie: string, quantity = 2) => {
      const schedule = await newSchedule();
      const placed = await order(cookie, schedule.id, quantity);
      const paid = await ok(server, 'orders', placed.id, 'pay', s.finance);
      // A customer asks for a refund once the trip has left (before it, they cancel and the terms decide).
      await sql`update schedules set "startDate" = ${platformDay(-1)}, "endDate" = ${platformDay(-1)}
        where id = ${schedule.id}`.execute(server.db);
      await sql`update orders set "departureDate" = ${platformDay(-1)} where id = ${placed.id}`.execute(server.db);
      return { ...paid, scheduleId: schedule.id };
    };

    it('approve writes a refund payment, marks the order refunded and gives its seats back', async () => {
      const paid = await paidOrder(s.customer1, 2);
      expect(await seats(paid.scheduleId)).toBe(2);
      const refund = await create(server, 'refunds', s.customer1, { orderId: paid.id, reason: 'Sick' });
      // No amount: everything still refundable.
      expect(refund).toMatchObject({
        status: 'pending',
        amount: paid.total,
        userId: IDS.users.customer1,
        partnerId: IDS.partners.partner,
      });
      for (const cookie of [s.moderator, s.support, s.customer1, s.partner])
        await expectRefused(server, s.admin, 'refunds', refund.id, 'approve', cookie, 403);
      const approved = await ok(server, 'refunds', refund.id, 'approve', s.finance);
      expect(approved.status).toBe('approved');
      expect(approved.decidedAt).toBeTruthy();
      const payments = await paymentsOf(paid.id);
      expect(payments.map((p) => [p.kind, p.amount])).toEqual([
        ['charge', paid.total],
        ['refund', paid.total],
      ]);
      expect(payments[1]).toMatchObject({ refundId: refund.id, userId: IDS.users.customer1, status: 'completed' });
      expect(await getRecord(server, 'orders', paid.id, s.admin)).toMatchObject({ status: 'refunded' });
      expect(await seats(paid.scheduleId)).toBe(0);
      await expectAudited(server, s.admin, 'refunds', refund.id, {
        action: 'approve',
        from: 'pending',
        to: 'approved',
      });
      expect((await trail(server, s.admin, 'orders', paid.id)).at(-1)).toMatchObject({ to: 'refunded' });
      await expectRefused(server, s.admin, 'refunds', refund.id, 'approve', s.finance, 409);
      await expectRefused(server, s.admin, 'refunds', refund.id, 'reject', s.finance, 409, { reason: 'x' });
      // Nothing is left to refund.
      const more = await call(server, 'POST', '/api/refunds', {
        cookie: s.customer1,
        body: { orderId: paid.id, reason: 'Again' },
      });
      expect(more.status).toBe(409);
    });

    it('reject needs a reason, keeps the customer’s own and leaves the order and ledger alone', async () => {
      const paid = await paidOrder(s.customer2, 1);
      const refund = await create(server, 'refunds', s.customer2, {
        orderId: paid.id,
        amount: 100_000,
        reason: 'Bad weather',
      });
      const missing = await expectRefused(server, s.admin, 'refunds', refund.id, 'reject', s.finance, 400);
      expect(missing.errors).toEqual({ reason: 'This field is required' });
      // Stored in `rejectionReason`, reported under the input's own name.
      const long = await expectRefused(server, s.admin, 'refunds', refund.id, 'reject', s.finance, 400, {
        reason: 'z'.repeat(501),
      });
      expect(Object.keys(long.errors)).toEqual(['reason']);
      const rejected = await ok(server, 'refunds', refund.id, 'reject', s.finance, { reason: 'Not covered' });
      expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'Not covered', reason: 'Bad weather' });
      await expectAudited(server, s.admin, 'refunds', refund.id, {
        action: 'reject',
        from: 'pending',
        to: 'rejected',
        reason: 'Not covered',
      });
      expect((await getRecord(server, 'orders', paid.id, s.admin)).status).toBe('paid');
      expect((await paymentsOf(paid.id)).map((p) => p.kind)).toEqual(['charge']);
      await expectRefused(server, s.admin, 'refunds', refund.id, 'approve', s.finance, 409);
    });

    it('requests never exceed what was paid minus earlier refunds and pending requests', async () => {
      const paid = await paidOrder(s.customer3, 2);
      const tooMuch = await call(server, 'POST', '/api/refunds', {
        cookie: s.customer3,
        body: { orderId: paid.id, amount: paid.total + 1, reason: 'x' },
      });
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.body.errors).toHaveProperty('amount');
      const first = await create(server, 'refunds', s.customer3, {
        orderId: paid.id,
        amount: paid.total - 100_000,
        reason: 'Most of it',
      });
      const second = await call(server, 'POST', '/api/refunds', {
        cookie: s.customer3,
        body: { orderId: paid.id, amount: 100_001, reason: 'The rest and more' },
      });
      expect(second.status).toBe(400);
      const rest = await create(server, 'refunds', s.customer3, { orderId: paid.id, reason: 'The rest' });
      expect(rest.amount).toBe(100_000);
      await ok(server, 'refunds', first.id, 'approve', s.finance);
      await ok(server, 'refunds', rest.id, 'approve', s.finance);
      const refunded = (await paymentsOf(paid.id)).filter((p) => p.kind === 'refund');
      expect(refunded.reduce((n, p) => n + p.amount, 0)).toBe(paid.total);
    });

    it('only the order’s user, and only paid or confirmed orders', async () => {
      const schedule = await newSchedule();
      const unpaid = await order(s.user, schedule.id, 1);
      const early = await call(server, 'POST', '/api/refunds', {
        cookie: s.user,
        body: { orderId: unpaid.id, reason: 'x' },
      });
      expect(early.status).toBe(409);
      const paid = await paidOrder(s.user, 1);
      const foreign = await call(server, 'POST', '/api/refunds', {
        cookie: s.customer1,
        body: { orderId: paid.id, reason: 'Not mine' },
      });
      expect(foreign.status).toBe(400);
      expect(foreign.body.errors).toHaveProperty('orderId');
      const partner = await call(server, 'POST', '/api/refunds', {
        cookie: s.partner,
        body: { orderId: paid.id, reason: 'x' },
      });
      expect(partner.status).toBe(403);
      const forged = await call(server, 'PUT', `/api/refunds/1`, { cookie: s.finance, body: { status: 'approved' } });
      expect([400, 403, 405]).toContain(forged.status);
      expect((await getRecord(server, 'refunds', 1, s.admin)).status).toBe('approved');
    });
  });

  describe('complaints', () => {
    const file = async () => {
      const schedule = await newSchedule();
      const placed = await order(s.user, schedule.id, 1);
      return create(server, 'complaints', s.user, {
        orderId: placed.id,
        category: 'booking',
        subject: 'Pickup time',
        message: 'Nobody told me the pickup time',
      });
    };

    it('a user files a complaint about their own order; the partner of the order sees it', async () => {
      const complaint = await file();
      expect(complaint).toMatchObject({
        status: 'open',
        userId: IDS.users.user,
        partnerId: IDS.partners.partner,
        priority: 'normal',
      });
      expect((await call(server, 'GET', `/api/complaints/${complaint.id}`, { cookie: s.partner })).status).toBe(200);
      expect((await call(server, 'GET', `/api/complaints/${complaint.id}`, { cookie: s.partner2 })).status).toBe(404);
      const foreign = await call(server, 'POST', '/api/complaints', {
        cookie: s.customer1,
        body: { orderId: complaint.orderId, category: 'other', subject: 'x', message: 'y' },
      });
      expect(foreign.status).toBe(400);
    });

    it('assign → start → resolve (resolution required), each audited', async () => {
      const complaint = await file();
      await expectRefused(server, s.admin, 'complaints', complaint.id, 'assign', s.finance, 403);
      await expectRefused(server, s.admin, 'complaints', complaint.id, 'assign', s.partner, 403);
      const badAssignee = await expectRefused(server, s.admin, 'complaints', complaint.id, 'assign', s.support, 400, {
        assigneeId: 999,
      });
      expect(badAssignee.errors).toHaveProperty('assigneeId');
      const assigned = await ok(server, 'complaints', complaint.id, 'assign', s.support, {
        assigneeId: IDS.admins.moderator,
      });
      expect(assigned).toMatchObject({ status: 'open', assigneeId: IDS.admins.moderator });
      await expectAudited(server, s.admin, 'complaints', complaint.id, { action: 'assign', from: 'open', to: 'open' });
      await expectRefused(server, s.admin, 'complaints', complaint.id, 'resolve', s.moderator, 409, {
        resolution: 'x',
      });
      const started = await ok(server, 'complaints', complaint.id, 'start', s.moderator);
      expect(started).toMatchObject({ status: 'in_progress', assigneeId: IDS.admins.moderator });
      await expectRefused(server, s.admin, 'complaints', complaint.id, 'start', s.moderator, 409);
      await expectRefused(server, s.admin, 'complaints', complaint.id, 'assign', s.moderator, 409);
      const missing = await expectRefused(server, s.admin, 'complaints', complaint.id, 'resolve', s.moderator, 400);
      expect(missing.errors).toEqual({ resolution: 'This field is required' });
      const resolved = await ok(server, 'complaints', complaint.id, 'resolve', s.moderator, {
        resolution: 'Partner now sends pickup times by SMS',
      });
      expect(resolved).toMatchObject({ status: 'resolved', resolution: 'Partner now sends pickup times by SMS' });
      expect(resolved.resolvedAt).toBeTruthy();
      await expectAudited(server, s.admin, 'complaints', complaint.id, {
        action: 'resolve',
        from: 'in_progress',
        to: 'resolved',
      });
      for (const action of ['resolve', 'dismiss', 'start', 'assign'])
        await expectRefused(server, s.admin, 'complaints', complaint.id, action, s.support, 409, {
          reason: 'x',
          resolution: 'x',
        });
    });

    it('start with no assignee takes it; dismiss needs a reason', async () => {
      const complaint = await file();
      const started = await ok(server, 'complaints', complaint.id, 'start', s.support);
      expect(started.assigneeId).toBe(IDS.admins.support);
      const missing = await expectRefused(server, s.admin, 'complaints', complaint.id, 'dismiss', s.support, 400);
      expect(missing.errors).toEqual({ reason: 'This field is required' });
      const dismissed = await ok(server, 'complaints', complaint.id, 'dismiss', s.support, { reason: 'Duplicate' });
      expect(dismissed).toMatchObject({ status: 'dismissed', reason: 'Duplicate' });
      await expectAudited(server, s.admin, 'complaints', complaint.id, {
        action: 'dismiss',
        from: 'in_progress',
        to: 'dismissed',
        reason: 'Duplicate',
      });
      const open = await file();
      await ok(server, 'complaints', open.id, 'dismiss', s.moderator, { reason: 'Spam' });
      const forged = await call(server, 'PUT', `/api/complaints/${complaint.id}`, {
        cookie: s.moderator,
        body: { status: 'open' },
      });
      expect(forged.status).toBe(400);
      expect((await getRecord(server, 'complaints', complaint.id, s.admin)).status).toBe('dismissed');
    });
  });
});
