/**
 * SPEC §15 over real HTTP: a departure's manifest, check-in by order code (own orders only, refusals with why, the
 * window from the day before to the day after, idempotent, audited) and no-show after the start.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformDay } from '../support/platform-day';
import { call, describeEachEngine, suiteServer } from './harness';
import {
  act,
  create,
  dayFromNow,
  expectRefused,
  getRecord,
  list,
  ok,
  roomyHolds,
  signInAll,
  trail,
  type Sessions,
} from './workflows-helpers';

/** The platform's calendar day `days` from today (check-in counts the platform's days). */
const localDay = (days: number) => platformDay(days);

describeEachEngine('the day of the trip', (engine) => {
  const server = suiteServer({ engine, seed: 'small', setup: roomyHolds });
  let s: Sessions;

  /** A departure of the demo partner 30 days out (bookable), then moved to `startDays` from today. */
  const departure = async () =>
    create(server, 'schedules', s.partner, {
      serviceId: 1,
      startDate: dayFromNow(30),
      endDate: dayFromNow(30),
      capacity: 20,
    });
  const moveTo = async (scheduleId: number, startDays: number) => {
    const day = localDay(startDays);
    await sql`update schedules set "startDate" = ${day}, "endDate" = ${day} where id = ${scheduleId}`.execute(
      server.db,
    );
    await sql`update orders set "departureDate" = ${day} where "scheduleId" = ${scheduleId}`.execute(server.db);
  };
  const book = async (scheduleId: number, quantity = 1, paid = true) => {
    const placed = await create(server, 'orders', s.customer1, { scheduleId, quantity });
    return paid ? ok(server, 'orders', placed.id, 'pay', s.finance, { reference: `T-${placed.code}` }) : placed;
  };
  const checkIn = (code: unknown, cookie = s.partner) =>
    call(server, 'POST', '/api/orders/-/check-in', { cookie, body: { code } });

  beforeAll(async () => {
    s = await signInAll(server);
  });

  describe('check-in', () => {
    it('stamps checkedInAt once, audited as check-in; a second scan answers the first time and changes nothing', async () => {
      const schedule = await departure();
      const order = await book(schedule.id, 2);
      await moveTo(schedule.id, 0);
      const first = await checkIn(` ${order.code.toLowerCase()} `);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body).toMatchObject({ id: order.id, code: order.code, status: 'paid' });
      expect(Date.parse(first.body.checkedInAt)).toBeGreaterThan(Date.now() - 60_000);
      const again = await checkIn(order.code);
      expect(again.status).toBe(200);
      expect(again.body.checkedInAt).toBe(first.body.checkedInAt);
      expect(again.body.version).toBe(first.body.version);
      const audit = (await trail(server, s.admin, 'orders', order.id)).filter((row) => row.action === 'check-in');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorKind: 'partner', diff: { checkedInAt: [null, first.body.checkedInAt] } });
      expect((await getRecord(server, 'orders', order.id, s.partner)).checkedInAt).toBe(first.body.checkedInAt);
    });

    it("another partner's code and an unknown code are 404; a customer is refused; no code is 400", async () => {
      const schedule = await departure();
      const order = await book(schedule.id);
      await moveTo(schedule.id, 0);
      expect((await checkIn(order.code, s.partner2)).status).toBe(404);
      expect((await checkIn('LT-NOSUCH00')).status).toBe(404);
      expect((await checkIn(order.code, s.customer1)).status).toBe(403);
      const empty = await checkIn('');
      expect(empty.status).toBe(400);
      expect(empty.body.errors).toEqual({ code: 'This field is required' });
      expect((await getRecord(server, 'orders', order.id, s.admin)).checkedInAt).toBeNull();
      // The super_admin, granted everything, checks in any partner's booking.
      expect((await checkIn(order.code, s.admin)).status).toBe(200);
    });

    it('an unpaid, cancelled or expired booking is 409 with why, and stays as it was', async () => {
      const schedule = await departure();
      const unpaid = await book(schedule.id, 1, false);
      const cancelled = await book(schedule.id, 1, false);
      await ok(server, 'orders', cancelled.id, 'cancel', s.customer1);
      const expired = await book(schedule.id, 1, false);
      await sql`update orders set status = 'expired' where id = ${expired.id}`.execute(server.db);
      await moveTo(schedule.id, 0);
      const why = async (code: string) => {
        const response = await checkIn(code);
        expect(response.status).toBe(409);
        return response.body.message;
      };
      expect(await why(unpaid.code)).toBe('This booking is not paid');
      expect(await why(cancelled.code)).toBe('This booking was cancelled');
      expect(await why(expired.code)).toBe('This booking expired unpaid');
      for (const order of [unpaid, cancelled, expired])
        expect((await getRecord(server, 'orders', order.id, s.admin)).checkedInAt).toBeNull();
    });

    it('opens the day before the departure and closes the day after', async () => {
      const schedule = await departure();
      const orders = [await book(schedule.id), await book(schedule.id), await book(schedule.id)];
      await moveTo(schedule.id, 2);
      const early = await checkIn(orders[0].code);
      expect(early.status).toBe(409);
      expect(early.body.message).toBe(`Check-in opens on ${localDay(1)}, the day before the departure`);
      await moveTo(schedule.id, 1);
      expect((await checkIn(orders[0].code)).status).toBe(200);
      await moveTo(schedule.id, -1);
      expect((await checkIn(orders[1].code)).status).toBe(200);
      await moveTo(schedule.id, -2);
      const late = await checkIn(orders[2].code);
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(`Check-in closed on ${localDay(-1)}, the day after the departure`);
    });
  });

  describe('no-show', () => {
    it('after the start, a paid or confirmed booking not checked in becomes no_show, audited, with no refund', async () => {
      const schedule = await departure();
      const paid = await book(schedule.id);
      const confirmed = await book(schedule.id);
      await ok(server, 'orders', confirmed.id, 'confirm', s.partner);
      await moveTo(schedule.id, -1);
      const offered = await call(server, 'GET', `/api/orders/${paid.id}/actions`, { cookie: s.partner });
      expect(offered.body.actions).toContain('no-show');
      for (const order of [paid, confirmed]) {
        const marked = await ok(server, 'orders', order.id, 'no-show', s.partner);
        expect(marked.status).toBe('no_show');
        expect((await trail(server, s.admin, 'orders', order.id)).at(-1)).toMatchObject({
          action: 'no-show',
          to: 'no_show',
          actorKind: 'partner',
        });
        expect(await list(server, 'refunds', s.admin, { orderId: order.id })).toEqual([]);
        expect((await list(server, 'payments', s.admin, { orderId: order.id })).map((p) => p.kind)).toEqual(['charge']);
      }
      // A no-show does not board later.
      expect((await checkIn(paid.code)).status).toBe(409);
    });

    it('before the start, once checked in, for another partner or an unpaid booking: refused', async () => {
      const schedule = await departure();
      const early = await book(schedule.id);
      const boarded = await book(schedule.id);
      const unpaid = await book(schedule.id, 1, false);
      await moveTo(schedule.id, 1);
      const offered = await call(server, 'GET', `/api/orders/${early.id}/actions`, { cookie: s.partner });
      expect(offered.body.actions).not.toContain('no-show');
      const notYet = await expectRefused(server, s.admin, 'orders', early.id, 'no-show', s.partner, 409);
      expect(notYet.message).toBe('This departure has not started yet');
      expect((await checkIn(boarded.code)).status).toBe(200);
      await moveTo(schedule.id, 0);
      const onBoard = await expectRefused(server, s.admin, 'orders', boarded.id, 'no-show', s.partner, 409);
      expect(onBoard.message).toBe('This traveller has checked in');
      expect((await act(server, 'orders', early.id, 'no-show', s.partner2)).status).toBe(404);
      await expectRefused(server, s.admin, 'orders', unpaid.id, 'no-show', s.partner, 409);
    });
  });

  describe('manifest', () => {
    it("lists the departure's bookings with seats, paid, checked in and totals; another partner gets 404", async () => {
      const schedule = await departure();
      const boarded = await book(schedule.id, 3);
      const waiting = await book(schedule.id, 2);
      const unpaid = await book(schedule.id, 1, false);
      const cancelled = await book(schedule.id, 1, false);
      await ok(server, 'orders', cancelled.id, 'cancel', s.customer1);
      await moveTo(schedule.id, 0);
      await checkIn(boarded.code);
      const answer = await call(server, 'GET', `/api/schedules/${schedule.id}/manifest`, { cookie: s.partner });
      expect(answer.status).toBe(200);
      const byCode = Object.fromEntries(answer.body.rows.map((row: any) => [row.code, row]));
      expect(Object.keys(byCode).sort()).toEqual([boarded.code, waiting.code, unpaid.code].sort());
      expect(byCode[boarded.code]).toMatchObject({ seats: '3 ADULT', paid: true, checkedIn: true });
      expect(byCode[boarded.code].contactName).toBeTruthy();
      expect(byCode[waiting.code]).toMatchObject({ seats: '2 ADULT', paid: true, checkedIn: false, checkedInAt: null });
      // An unpaid booking's contact is not the partner's to read yet.
      expect(byCode[unpaid.code]).toMatchObject({ paid: false, contactName: null, contactPhone: null });
      expect(answer.body.totals).toEqual({ bookings: 3, seats: 6, paidSeats: 5, checkedInSeats: 3, waitingSeats: 2 });
      const other = await call(server, 'GET', `/api/schedules/${schedule.id}/manifest`, { cookie: s.partner2 });
      expect(other.status).toBe(404);
      const customer = await call(server, 'GET', `/api/schedules/${schedule.id}/manifest`, { cookie: s.customer1 });
      expect(customer.status).toBe(403);
    });
  });
});
