/**
 * SPEC §21 over real HTTP, on both databases: what a hand probe of the day of the trip found. A booked departure
 * keeps its date and time (a reschedule moves it with its bookings, mails each traveller and lets them cancel with
 * everything back); a boarded traveller neither cancels nor asks for a refund; only a paid or confirmed booking's
 * ticket scans, and the scan names the traveller, the seats and a second scan; the preview refuses as cancel does;
 * guessed codes are limited; no-show asks and can be undone that day; "today" is the platform's day.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformDay, PLATFORM_ZONE } from '../support/platform-day';
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

const DEPARTURE_BOOKED = 'This departure has bookings: reschedule it to move them';
const TRIP_BEGUN = 'Your trip has begun';

/** The wall clock's HH:MM in the platform's zone, `minutes` from now. */
const platformTime = (minutes: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: PLATFORM_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(new Date(Date.now() + minutes * 60_000))
    .replace(/^24/, '00');

describeEachEngine('the day of the trip’s money (SPEC §21)', (engine) => {
  const server = suiteServer({ engine, seed: 'small', setup: roomyHolds });
  let s: Sessions;

  const departure = async (days = 30, time = '09:00') =>
    create(server, 'schedules', s.partner, {
      serviceId: 1,
      startDate: dayFromNow(days),
      endDate: dayFromNow(days),
      startTime: time,
      capacity: 20,
    });
  /** Moves a departure and its bookings to the platform's day `days` from today at `time`, as time passing would. */
  const moveTo = async (scheduleId: number, days: number, time = '09:00') => {
    const day = platformDay(days);
    await sql`update schedules set "startDate" = ${day}, "endDate" = ${day}, "startTime" = ${time}
      where id = ${scheduleId}`.execute(server.db);
    await sql`update orders set "departureDate" = ${day}, "departureTime" = ${time}
      where "scheduleId" = ${scheduleId}`.execute(server.db);
  };
  const book = async (scheduleId: number, quantity = 1, paid = true, cookie?: string) => {
    const placed = await create(server, 'orders', cookie ?? s.customer1, { scheduleId, quantity });
    return paid ? ok(server, 'orders', placed.id, 'pay', s.finance, { reference: `T-${placed.code}` }) : placed;
  };
  const checkIn = (body: Record<string, unknown>, cookie = s.partner) =>
    call(server, 'POST', '/api/orders/-/check-in', { cookie, body });
  const actions = async (resource: string, id: number, cookie: string): Promise<string[]> =>
    (await call(server, 'GET', `/api/${resource}/${id}/actions`, { cookie })).body.actions;
  /** The partner's edit of its departure, at the version it has now. */
  const editDeparture = async (id: number, patch: Record<string, unknown>) =>
    call(server, 'PUT', `/api/schedules/${id}`, {
      cookie: s.partner,
      body: { ...patch, version: (await getRecord(server, 'schedules', id, s.partner)).version },
    });
  const mailsTo = async (address: string, template: string) =>
    server.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', address)
      .where('template', '=', template)
      .execute();

  beforeAll(async () => {
    s = await signInAll(server);
  });

  describe('a booked departure keeps its date and time; a reschedule moves it with its bookings', () => {
    it('an edit of the date, the time or the service of a departure with seats held or paid → 409 naming the field', async () => {
      const held = await departure();
      await book(held.id, 1, false);
      for (const patch of [{ startDate: dayFromNow(2), endDate: dayFromNow(2) }, { startTime: '00:30' }]) {
        const moved = await editDeparture(held.id, patch);
        expect(moved.status, JSON.stringify(moved.body)).toBe(409);
        expect(moved.body.message).toBe(DEPARTURE_BOOKED);
        expect(Object.keys(moved.body.errors)).toEqual([Object.keys(patch)[0]]);
      }
      expect(await getRecord(server, 'schedules', held.id, s.partner)).toMatchObject({
        startDate: dayFromNow(30),
        startTime: '09:00',
      });
      // Paid seats alike (the hand probe's case: a sold departure moved by an edit).
      const sold = await departure();
      await book(sold.id);
      const later = await editDeparture(sold.id, {
        startDate: dayFromNow(40),
        endDate: dayFromNow(40),
        startTime: '18:00',
      });
      expect(later.status, JSON.stringify(later.body)).toBe(409);
      expect(later.body).toEqual({
        message: DEPARTURE_BOOKED,
        errors: { startDate: DEPARTURE_BOOKED, startTime: DEPARTURE_BOOKED },
      });
      // Its note and capacity may still change; an empty departure may move freely.
      const note = await editDeparture(held.id, { note: 'Bring a hat' });
      expect(note.status, JSON.stringify(note.body)).toBe(200);
      const empty = await departure();
      const free = await editDeparture(empty.id, {
        startDate: dayFromNow(3),
        endDate: dayFromNow(3),
        startTime: '07:15',
      });
      expect(free.status, JSON.stringify(free.body)).toBe(200);
    });

    it('the partner moves it later: every booking follows, each traveller is mailed, the manifest follows', async () => {
      const schedule = await departure(10, '09:00');
      const paid = await book(schedule.id, 2);
      const unpaid = await book(schedule.id, 1, false, s.customer2);
      const earlier = await act(server, 'schedules', schedule.id, 'reschedule', s.partner, {
        startDate: dayFromNow(9),
        startTime: '09:00',
      });
      expect(earlier.status).toBe(400);
      expect(earlier.body.errors).toEqual({ startDate: 'A departure is moved only to a later time' });
      const mailsBefore = (await mailsTo('customer1@example.net', 'orders.rescheduled')).length;
      const moved = await ok(server, 'schedules', schedule.id, 'reschedule', s.partner, {
        startDate: dayFromNow(12),
        startTime: '16:30',
        reason: 'The river is too low in the morning',
      });
      expect(moved).toMatchObject({ startDate: dayFromNow(12), endDate: dayFromNow(12), startTime: '16:30' });
      for (const order of [paid, unpaid]) {
        const after = await getRecord(server, 'orders', order.id, s.admin);
        expect(after).toMatchObject({ departureDate: dayFromNow(12), departureTime: '16:30', status: order.status });
        expect(after.rescheduledAt).toBeTruthy();
        expect((await trail(server, s.admin, 'orders', order.id)).at(-1)).toMatchObject({
          action: 'reschedule',
          actorKind: 'system',
        });
      }
      const mails = await mailsTo('customer1@example.net', 'orders.rescheduled');
      expect(mails.length).toBe(mailsBefore + 1);
      expect((await mailsTo('customer2@example.net', 'orders.rescheduled')).length).toBeGreaterThan(0);
      const manifest = await call(server, 'GET', `/api/schedules/${schedule.id}/manifest`, { cookie: s.partner });
      expect(manifest.body.rows.map((row: { code: string }) => row.code).sort()).toEqual(
        [paid.code, unpaid.code].sort(),
      );
      expect((await trail(server, s.admin, 'schedules', schedule.id)).at(-1)).toMatchObject({
        action: 'reschedule',
        reason: 'The river is too low in the morning',
      });
      // Another partner cannot move it; a moderator may move it either way.
      expect(
        (
          await act(server, 'schedules', schedule.id, 'reschedule', s.partner2, {
            startDate: dayFromNow(20),
            startTime: '08:00',
          })
        ).status,
      ).toBe(404);
      const back = await ok(server, 'schedules', schedule.id, 'reschedule', s.moderator, {
        startDate: dayFromNow(11),
        startTime: '08:00',
      });
      expect(back.startDate).toBe(dayFromNow(11));
      expect((await getRecord(server, 'orders', paid.id, s.admin)).departureDate).toBe(dayFromNow(11));
    });

    it('after a reschedule the traveller cancels with a full refund whatever the tier, until it leaves', async () => {
      const schedule = await departure(10);
      const order = await book(schedule.id, 2);
      // Under the terms, a day before the departure gives nothing back.
      await sql`update orders set "cancellationPolicy" = '[{"hoursBefore": 72, "refundPercent": 100}]'::jsonb
        where id = ${order.id}`.execute(server.db);
      await ok(server, 'schedules', schedule.id, 'reschedule', s.partner, {
        startDate: dayFromNow(11),
        startTime: '09:00',
      });
      await moveTo(schedule.id, 1, '09:00');
      const preview = await call(server, 'GET', `/api/orders/${order.id}/cancel-preview`, { cookie: s.customer1 });
      expect(preview.body).toMatchObject({ refundPercent: 100, refundAmount: order.total, message: 'full' });
      const cancelled = await ok(server, 'orders', order.id, 'cancel', s.customer1);
      expect(cancelled.refundAmount).toBe(order.total);
      // Without the reschedule the same booking would have had nothing back.
      const plain = await book((await departure(10)).id, 1);
      await sql`update orders set "cancellationPolicy" = '[{"hoursBefore": 72, "refundPercent": 100}]'::jsonb
        where id = ${plain.id}`.execute(server.db);
      await moveTo(plain.scheduleId, 1, '09:00');
      expect(
        (await call(server, 'GET', `/api/orders/${plain.id}/cancel-preview`, { cookie: s.customer1 })).body
          .refundPercent,
      ).toBe(0);
    });

    it('late money on a departure moved after the hold ended: the order takes the departure as it now is, its paid mail says so, and cancelling gives everything back', async () => {
      const schedule = await departure(10, '09:00');
      const order = await book(schedule.id, 1, false);
      // Its hold ended: the departure holds no seat of it and may be moved by an edit.
      await sql`update orders set "holdExpiresAt" = now() - interval '1 minute' where id = ${order.id}`.execute(
        server.db,
      );
      const moved = await editDeparture(schedule.id, {
        startDate: dayFromNow(15),
        endDate: dayFromNow(15),
        startTime: '17:00',
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const paid = await ok(server, 'orders', order.id, 'pay', s.finance, { reference: `LATE-${order.code}` });
      expect(paid).toMatchObject({ status: 'paid', departureDate: dayFromNow(15), departureTime: '17:00' });
      expect(paid.rescheduledAt).toBeTruthy();
      const mail = (await mailsTo('customer1@example.net', 'orders.paid')).find(
        (row) => (row.params as { code?: string }).code === order.code,
      );
      expect(mail?.params).toMatchObject({ departureTime: '17:00' });
      // Under its terms nothing would come back 15 days ahead; the move gives everything back.
      await sql`update orders set "cancellationPolicy" = '[{"hoursBefore": 720, "refundPercent": 100}]'::jsonb
        where id = ${order.id}`.execute(server.db);
      const preview = await call(server, 'GET', `/api/orders/${order.id}/cancel-preview`, { cookie: s.customer1 });
      expect(preview.body).toMatchObject({ refundPercent: 100, refundAmount: order.total, message: 'full' });
      // Paid while its hold runs, a booking keeps its departure and is not marked moved.
      const kept = await book(schedule.id);
      expect(kept).toMatchObject({ departureDate: dayFromNow(15), departureTime: '17:00', rescheduledAt: null });
    });

    it('a moved departure never lands in the past, and a departure that has left is not moved', async () => {
      const schedule = await departure(10);
      await book(schedule.id);
      const past = await act(server, 'schedules', schedule.id, 'reschedule', s.moderator, {
        startDate: platformDay(-1),
        startTime: '09:00',
      });
      expect(past.status).toBe(400);
      expect(past.body.errors).toEqual({ startDate: 'The new departure must be in the future' });
      await moveTo(schedule.id, -1);
      const left = await act(server, 'schedules', schedule.id, 'reschedule', s.partner, {
        startDate: dayFromNow(5),
        startTime: '09:00',
      });
      expect(left.status).toBe(409);
      expect(left.body.message).toBe('This departure has already left');
      const bad = await act(server, 'schedules', schedule.id, 'reschedule', s.partner, {
        startDate: dayFromNow(5),
        startTime: '25:00',
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors)).toEqual(['startTime']);
    });
  });

  describe('once boarded, the trip has begun', () => {
    it('a checked-in booking is neither cancelled nor previewed (409 “Your trip has begun”) and stays on the manifest', async () => {
      const schedule = await departure();
      const order = await book(schedule.id, 2);
      await moveTo(schedule.id, 1);
      expect((await checkIn({ code: order.code })).status).toBe(200);
      const preview = await call(server, 'GET', `/api/orders/${order.id}/cancel-preview`, { cookie: s.customer1 });
      expect(preview.status).toBe(409);
      expect(preview.body).toEqual({ message: TRIP_BEGUN });
      const refused = await expectRefused(server, s.admin, 'orders', order.id, 'cancel', s.customer1, 409);
      expect(refused.message).toBe(TRIP_BEGUN);
      expect((await getRecord(server, 'schedules', schedule.id, s.partner)).seatsBooked).toBe(2);
      expect(await list(server, 'refunds', s.finance, { orderId: order.id })).toEqual([]);
    });

    it('a ticket of a booking that is no longer paid or confirmed never scans, even if it boarded before', async () => {
      const schedule = await departure();
      const refunded = await book(schedule.id);
      const completed = await book(schedule.id);
      await ok(server, 'orders', completed.id, 'confirm', s.partner);
      await moveTo(schedule.id, 0, '00:00');
      for (const order of [refunded, completed]) expect((await checkIn({ code: order.code })).status).toBe(200);
      const refund = await create(server, 'refunds', s.finance, { orderId: refunded.id, reason: 'Goodwill' });
      await ok(server, 'refunds', refund.id, 'approve', s.finance);
      await ok(server, 'orders', completed.id, 'complete', s.partner);
      const rescanRefunded = await checkIn({ code: refunded.code });
      expect(rescanRefunded.status).toBe(409);
      expect(rescanRefunded.body.message).toBe('This booking was refunded');
      const rescanCompleted = await checkIn({ code: completed.code });
      expect(rescanCompleted.status).toBe(409);
      expect(rescanCompleted.body.message).toBe('This booking is completed');
    });
  });

  describe('the preview answers what cancel answers', () => {
    it('a completed booking: the preview refuses with cancel’s status and message', async () => {
      const schedule = await departure();
      const order = await book(schedule.id);
      await ok(server, 'orders', order.id, 'confirm', s.partner);
      await moveTo(schedule.id, -1);
      await ok(server, 'orders', order.id, 'complete', s.partner);
      const cancel = await act(server, 'orders', order.id, 'cancel', s.customer1);
      const preview = await call(server, 'GET', `/api/orders/${order.id}/cancel-preview`, { cookie: s.customer1 });
      expect(cancel.status).toBe(409);
      expect(preview.status).toBe(cancel.status);
      expect(preview.body).toEqual(cancel.body);
    });

    it('a paid booking whose departure has left: both 409 “This departure has already left”', async () => {
      const schedule = await departure();
      const order = await book(schedule.id);
      await moveTo(schedule.id, -1);
      const preview = await call(server, 'GET', `/api/orders/${order.id}/cancel-preview`, { cookie: s.customer1 });
      const cancel = await act(server, 'orders', order.id, 'cancel', s.customer1);
      expect(preview.status).toBe(409);
      expect(preview.body).toEqual({ message: 'This departure has already left' });
      expect(cancel.body).toEqual(preview.body);
    });
  });

  describe('at the gate', () => {
    it('each scan names the traveller and the seats; a second one says it was checked in before, with the first time', async () => {
      const schedule = await departure();
      const order = await book(schedule.id, 3);
      await moveTo(schedule.id, 0, '23:59');
      const first = await checkIn({ code: order.code, scheduleId: schedule.id });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body).toMatchObject({ alreadyCheckedIn: false, seats: [{ ticketType: 'ADULT', quantity: 3 }] });
      expect(first.body.traveller).toMatch(/^\S+ \S\.$|^\S\.$/);
      const again = await checkIn({ code: order.code, scheduleId: schedule.id });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ alreadyCheckedIn: true, checkedInAt: first.body.checkedInAt });
      expect(again.body.traveller).toBe(first.body.traveller);
    });

    it('scanned on another departure, a ticket is not checked in: 409 naming the departure it is for', async () => {
      const tomorrow = await departure(30, '07:30');
      const today = await departure(30, '16:30');
      const order = await book(tomorrow.id);
      await moveTo(tomorrow.id, 1, '07:30');
      await moveTo(today.id, 0, '16:30');
      const wrong = await checkIn({ code: order.code, scheduleId: today.id });
      expect(wrong.status).toBe(409);
      const title = (await getRecord(server, 'services', Number(order.serviceId), s.admin)).title as Record<
        string,
        string
      >;
      expect(wrong.body.message).toBe(`This ticket is for another departure: ${title.en}, ${platformDay(1)} at 07:30`);
      // The guide reads it in the scan screen's language: the service by its name in that language.
      expect(title.lo).toBeTruthy();
      expect(title.lo).not.toBe(title.en);
      const inLao = await call(server, 'POST', '/api/orders/-/check-in', {
        cookie: s.partner,
        headers: { 'accept-language': 'lo' },
        body: { code: order.code, scheduleId: today.id },
      });
      expect(inLao.status).toBe(409);
      expect(inLao.body.message).toContain(title.lo);
      expect((await getRecord(server, 'orders', order.id, s.admin)).checkedInAt).toBeNull();
      const bad = await checkIn({ code: order.code, scheduleId: 'x' });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors)).toEqual(['scheduleId']);
      expect((await checkIn({ code: order.code, scheduleId: tomorrow.id })).status).toBe(200);
    });

    it('20 unknown codes a minute from one partner account, then 429 with Retry-After; another partner is not held up', async () => {
      await sql`delete from login_attempts where key like 'endpoint-miss:%'`.execute(server.db);
      const answers: number[] = [];
      for (let i = 0; i < 21; i++)
        answers.push((await checkIn({ code: `LT-GUESS${String(i).padStart(3, '0')}` })).status);
      expect(answers.slice(0, 20)).toEqual(Array(20).fill(404));
      const limited = await call(server, 'POST', '/api/orders/-/check-in', {
        cookie: s.partner,
        body: { code: 'LT-GUESS999' },
      });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await checkIn({ code: 'LT-GUESS000' }, s.partner2)).status).toBe(404);
      await sql`delete from login_attempts where key like 'endpoint-miss:%'`.execute(server.db);
    });
  });

  describe('no-show asks and can be undone the same day; nothing is offered that its guard refuses', () => {
    it('undo-no-show brings the booking back where it was that day; the next day it is neither offered nor run', async () => {
      const schedule = await departure();
      const paid = await book(schedule.id);
      const confirmed = await book(schedule.id);
      await ok(server, 'orders', confirmed.id, 'confirm', s.partner);
      await moveTo(schedule.id, -1);
      for (const order of [paid, confirmed]) {
        await ok(server, 'orders', order.id, 'no-show', s.partner);
        expect(await actions('orders', order.id, s.partner)).toContain('undo-no-show');
      }
      expect((await ok(server, 'orders', paid.id, 'undo-no-show', s.partner)).status).toBe('paid');
      const back = await ok(server, 'orders', confirmed.id, 'undo-no-show', s.partner);
      expect(back).toMatchObject({ status: 'confirmed', noShowAt: null });
      await ok(server, 'orders', paid.id, 'no-show', s.partner);
      await sql`update orders set "noShowAt" = now() - interval '2 days' where id = ${paid.id}`.execute(server.db);
      expect(await actions('orders', paid.id, s.partner)).not.toContain('undo-no-show');
      const late = await expectRefused(server, s.admin, 'orders', paid.id, 'undo-no-show', s.partner, 409);
      expect(late.message).toBe('A no-show can be undone only on the day it was marked');
    });

    it('cancel and reschedule are offered only as their guards take them: not on a boarded booking, not once the departure has left, nor the departure called off', async () => {
      const schedule = await departure();
      const boarded = await book(schedule.id);
      const waiting = await book(schedule.id);
      await moveTo(schedule.id, 1, '09:00');
      expect(await actions('orders', boarded.id, s.customer1)).toContain('cancel');
      expect(await actions('schedules', schedule.id, s.partner)).toContain('reschedule');
      expect((await checkIn({ code: boarded.code })).status).toBe(200);
      expect(await actions('orders', boarded.id, s.customer1)).not.toContain('cancel');
      expect(await actions('orders', waiting.id, s.customer1)).toContain('cancel');
      // Later today on the platform's clock: still both; once its time has come, neither, as the guards refuse.
      await moveTo(schedule.id, 0, '23:59');
      if (platformTime(0) < '23:59') {
        expect(await actions('orders', waiting.id, s.customer1)).toContain('cancel');
        expect(await actions('schedules', schedule.id, s.partner)).toContain('reschedule');
      }
      await moveTo(schedule.id, 0, '00:00');
      expect(await actions('orders', waiting.id, s.customer1)).not.toContain('cancel');
      expect((await expectRefused(server, s.admin, 'orders', waiting.id, 'cancel', s.customer1, 409)).message).toBe(
        'This departure has already left',
      );
      expect(await actions('schedules', schedule.id, s.partner)).not.toContain('reschedule');
      expect(await actions('schedules', schedule.id, s.moderator)).not.toContain('reschedule');
      const left = await act(server, 'schedules', schedule.id, 'reschedule', s.partner, {
        startDate: dayFromNow(5),
        startTime: '09:00',
      });
      expect(left.status).toBe(409);
      expect(left.body.message).toBe('This departure has already left');
      // Nor is it called off once it has left: a full refund of every booking would repay the boarded traveller.
      expect(await actions('schedules', schedule.id, s.partner)).not.toContain('cancel');
      const calledOff = await act(server, 'schedules', schedule.id, 'cancel', s.partner, { reason: 'Flooding' });
      expect(calledOff.status).toBe(409);
      expect(calledOff.body.message).toBe('This departure has already left');
      expect((await getRecord(server, 'orders', boarded.id, s.admin)).status).toBe('paid');
    });

    it('complete and no-show are not offered before the departure starts (tomorrow’s booking, or later today)', async () => {
      const schedule = await departure();
      const order = await book(schedule.id);
      await ok(server, 'orders', order.id, 'confirm', s.partner);
      await moveTo(schedule.id, 1);
      expect(await actions('orders', order.id, s.partner)).not.toContain('complete');
      const early = await expectRefused(server, s.admin, 'orders', order.id, 'complete', s.partner, 409);
      expect(early.message).toBe('This departure has not started yet');
      // Later today on the platform's clock: neither yet; once its time has come, both.
      await moveTo(schedule.id, 0, '23:59');
      if (platformTime(0) < '23:59') {
        expect(await actions('orders', order.id, s.partner)).not.toContain('no-show');
        expect(await actions('orders', order.id, s.partner)).not.toContain('complete');
      }
      await moveTo(schedule.id, 0, '00:00');
      expect(await actions('orders', order.id, s.partner)).toEqual(expect.arrayContaining(['complete', 'no-show']));
    });
  });

  describe('"today" is the platform’s day, not the server’s', () => {
    /** A zone whose day is not UTC's right now: a day ahead from 10:00 UTC, a day behind before 11:00. */
    const zoneOffTheServer = () =>
      new Date().getUTCHours() >= 10
        ? { zone: 'Pacific/Kiritimati', ahead: 1 }
        : { zone: 'Pacific/Pago_Pago', ahead: -1 };
    const setZone = (zone: string) =>
      sql`update settings set "values" = jsonb_set("values", '{timezone}', to_jsonb(${zone}::text))
        where "group" = 'general'`.execute(server.db);
    const zoneDay = (zone: string, days: number) => {
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
      const at = new Date(`${today}T00:00:00Z`);
      at.setUTCDate(at.getUTCDate() + days);
      return at.toISOString().slice(0, 10);
    };

    it('the check-in window and the booking cut-off count the platform’s days', async () => {
      const { zone, ahead } = zoneOffTheServer();
      const schedule = await departure();
      const order = await book(schedule.id);
      const bookable = await departure();
      await setZone(zone);
      try {
        // Its tomorrow (ahead) or yesterday (behind): inside the window, though not by the server's day.
        const day = zoneDay(zone, ahead);
        await sql`update schedules set "startDate" = ${day}, "endDate" = ${day} where id = ${schedule.id}`.execute(
          server.db,
        );
        const scan = await checkIn({ code: order.code });
        expect(scan.status, JSON.stringify(scan.body)).toBe(200);
        // The platform's today is not bookable when it runs ahead; its tomorrow is when it runs behind.
        const cutOff = zoneDay(zone, ahead > 0 ? 0 : 1);
        await sql`update schedules set "startDate" = ${cutOff}, "endDate" = ${cutOff} where id = ${bookable.id}`.execute(
          server.db,
        );
        const booking = await call(server, 'POST', '/api/orders', {
          cookie: s.customer2,
          body: { scheduleId: bookable.id, quantity: 1 },
        });
        expect(booking.status, JSON.stringify(booking.body)).toBe(ahead > 0 ? 409 : 201);
      } finally {
        await setZone(PLATFORM_ZONE);
      }
    });
  });
});
