/**
 * SPEC §5 catalogue workflows over real HTTP: services (submit, approve, reject, suspend, reinstate, archive, an
 * edit of an approved service back to review, only approved services public) and schedules (close, reopen,
 * cancel with its orders refunded or cancelled).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';
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
  signInAll,
  type Sessions,
  roomyHolds,
} from './workflows-helpers';

describeEachEngine('catalogue workflows', (engine) => {
  const server = suiteServer({ engine, seed: 'small', setup: roomyHolds });
  let s: Sessions;

  const newService = (cookie = s.partner, price = 250_000) =>
    create(server, 'services', cookie, {
      title: { en: 'Kuang Si waterfall day trip', lo: 'ທ່ຽວນ້ຳຕົກຕາດກວາງຊີ' },
      description: { en: 'Swim and hike' },
      tourTypeId: 1,
      provinceId: 2,
      durationDays: 1,
      price,
      capacity: 12,
    });

  const approvedService = async (cookie = s.partner) => {
    const service = await newService(cookie);
    await ok(server, 'services', service.id, 'submit', cookie);
    return ok(server, 'services', service.id, 'approve', s.moderator);
  };

  beforeAll(async () => {
    s = await signInAll(server);
  });

  describe('services', () => {
    it('draft → pending (partner submit) → approved (moderator), stamped and audited; only then public', async () => {
      const service = await newService();
      expect(service).toMatchObject({ status: 'draft', partnerId: IDS.partners.partner, version: 1 });
      expect((await call(server, 'GET', `/api/services/${service.id}`)).status).toBe(404);
      await expectRefused(server, s.admin, 'services', service.id, 'approve', s.moderator, 409);
      await expectRefused(server, s.admin, 'services', service.id, 'submit', s.moderator, 403);
      expect((await act(server, 'services', service.id, 'submit', s.partner2)).status).toBe(404);

      const submitted = await ok(server, 'services', service.id, 'submit', s.partner);
      expect(submitted).toMatchObject({ status: 'pending', version: 2 });
      expect(submitted.submittedAt).toBeTruthy();
      await expectAudited(server, s.admin, 'services', service.id, {
        action: 'submit',
        from: 'draft',
        to: 'pending',
        actorKind: 'partner',
      });
      await expectRefused(server, s.admin, 'services', service.id, 'submit', s.partner, 409);
      expect((await call(server, 'GET', `/api/services/${service.id}`)).status).toBe(404);

      for (const cookie of [s.partner, s.support, s.finance])
        await expectRefused(server, s.admin, 'services', service.id, 'approve', cookie, 403);
      const approved = await ok(server, 'services', service.id, 'approve', s.moderator);
      expect(approved).toMatchObject({ status: 'approved', reason: null, version: 3 });
      expect(approved.approvedAt).toBeTruthy();
      await expectAudited(server, s.admin, 'services', service.id, {
        action: 'approve',
        from: 'pending',
        to: 'approved',
        actorKind: 'admin',
      });
      const visitor = await call(server, 'GET', `/api/services/${service.id}`);
      expect(visitor.status).toBe(200);
      expect(visitor.body).not.toHaveProperty('status');
      const publicIds = (await call(server, 'GET', '/api/services?range=[0,999]')).body.map((r: any) => r.id);
      expect(publicIds).toContain(service.id);
      const all = await list(server, 'services', s.admin);
      const approvedLive = all.filter((r) => r.status === 'approved').map((r) => r.id);
      expect([...publicIds].sort()).toEqual([...approvedLive].sort());
    });

    it('reject needs a reason; the partner resubmits and the reason is cleared', async () => {
      const service = await newService();
      await ok(server, 'services', service.id, 'submit', s.partner);
      const missing = await expectRefused(server, s.admin, 'services', service.id, 'reject', s.moderator, 400);
      expect(missing.errors).toEqual({ reason: 'This field is required' });
      const rejected = await ok(server, 'services', service.id, 'reject', s.moderator, { reason: 'Blurry photos' });
      expect(rejected).toMatchObject({ status: 'rejected', reason: 'Blurry photos' });
      await expectAudited(server, s.admin, 'services', service.id, {
        action: 'reject',
        from: 'pending',
        to: 'rejected',
        reason: 'Blurry photos',
      });
      await expectRefused(server, s.admin, 'services', service.id, 'reject', s.moderator, 409, { reason: 'x' });
      const again = await ok(server, 'services', service.id, 'submit', s.partner);
      expect(again).toMatchObject({ status: 'pending', reason: null });
    });

    it('suspend and reinstate (moderator); archive (partner) from approved, not from pending', async () => {
      const service = await approvedService();
      await expectRefused(server, s.admin, 'services', service.id, 'suspend', s.partner, 403);
      const suspended = await ok(server, 'services', service.id, 'suspend', s.moderator, { reason: 'Safety check' });
      expect(suspended).toMatchObject({ status: 'suspended', reason: 'Safety check' });
      await expectAudited(server, s.admin, 'services', service.id, {
        action: 'suspend',
        from: 'approved',
        to: 'suspended',
        reason: 'Safety check',
      });
      expect((await call(server, 'GET', `/api/services/${service.id}`)).status).toBe(404);
      await expectRefused(server, s.admin, 'services', service.id, 'suspend', s.moderator, 409);
      const reinstated = await ok(server, 'services', service.id, 'reinstate', s.moderator);
      expect(reinstated).toMatchObject({ status: 'approved', reason: null });
      await expectRefused(server, s.admin, 'services', service.id, 'reinstate', s.moderator, 409);

      await expectRefused(server, s.admin, 'services', service.id, 'archive', s.moderator, 403);
      const archived = await ok(server, 'services', service.id, 'archive', s.partner);
      expect(archived.status).toBe('archived');
      await expectAudited(server, s.admin, 'services', service.id, {
        action: 'archive',
        from: 'approved',
        to: 'archived',
      });
      for (const action of ['archive', 'submit', 'approve', 'suspend'])
        await expectRefused(
          server,
          s.admin,
          'services',
          service.id,
          action,
          action === 'archive' || action === 'submit' ? s.partner : s.moderator,
          409,
          { reason: 'x' },
        );
      // Archived services cannot be edited any more.
      const edit = await call(server, 'PUT', `/api/services/${service.id}`, { cookie: s.partner, body: { price: 1 } });
      expect(edit.status).toBe(409);

      const pending = await newService();
      await ok(server, 'services', pending.id, 'submit', s.partner);
      await expectRefused(server, s.admin, 'services', pending.id, 'archive', s.partner, 409);
    });

    it("a partner's edit of an approved service sends it back to pending; a moderator's edit does not", async () => {
      const service = await approvedService();
      const edited = await call(server, 'PUT', `/api/services/${service.id}`, {
        cookie: s.partner,
        body: { ...service, price: 275_000 },
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ status: 'pending', price: 275_000, version: service.version + 1 });
      await expectAudited(server, s.admin, 'services', service.id, {
        action: 'update',
        from: 'approved',
        to: 'pending',
      });
      expect((await call(server, 'GET', `/api/services/${service.id}`)).status).toBe(404);
      const approved = await ok(server, 'services', service.id, 'approve', s.moderator);
      const byModerator = await call(server, 'PUT', `/api/services/${service.id}`, {
        cookie: s.moderator,
        body: { meetingPoint: { en: 'Hotel lobby' }, version: approved.version },
      });
      expect(byModerator.status).toBe(200);
      expect(byModerator.body).toMatchObject({ status: 'approved', meetingPoint: { en: 'Hotel lobby' } });
      // A stale version is a conflict and changes nothing.
      const stale = await call(server, 'PUT', `/api/services/${service.id}`, {
        cookie: s.partner,
        body: { price: 1_000, version: approved.version },
      });
      expect(stale.status).toBe(409);
      expect((await getRecord(server, 'services', service.id, s.admin)).price).toBe(275_000);
    });

    it('a suspended partner’s approved services leave the public list and come back on reinstatement', async () => {
      const publicIds = async () =>
        (await call(server, 'GET', '/api/services?range=[0,999]')).body.map((r: { id: number }) => r.id);
      const service = await approvedService(s.partner2);
      expect(await publicIds()).toContain(service.id);
      const departure = await create(server, 'schedules', s.partner2, {
        serviceId: service.id,
        startDate: dayFromNow(12),
        endDate: dayFromNow(12),
        capacity: 8,
      });
      await ok(server, 'partners', IDS.partners.partner2, 'suspend', s.moderator, { reason: 'Audit' });
      expect(await publicIds()).not.toContain(service.id);
      // Nobody books a suspended partner's departures, and no seat is taken by trying.
      const refused = await call(server, 'POST', '/api/orders', {
        cookie: s.user,
        body: { scheduleId: departure.id, quantity: 1 },
      });
      expect(refused.status).toBe(409);
      expect((await getRecord(server, 'schedules', departure.id, s.admin)).seatsBooked).toBe(0);
      expect((await call(server, 'GET', `/api/services/${service.id}`)).status).toBe(404);
      expect((await getRecord(server, 'services', service.id, s.admin)).status).toBe('approved');
      await ok(server, 'partners', IDS.partners.partner2, 'reinstate', s.moderator);
      expect(await publicIds()).toContain(service.id);
    });

    it('the status cannot be written through PUT', async () => {
      const service = await newService();
      for (const cookie of [s.partner, s.moderator, s.admin]) {
        const forged = await call(server, 'PUT', `/api/services/${service.id}`, {
          cookie,
          body: { status: 'approved' },
        });
        expect(forged.status).toBe(400);
        expect(forged.body.errors).toHaveProperty('status');
      }
      const forgedCreate = await call(server, 'POST', '/api/services', {
        cookie: s.partner,
        body: { ...service, id: undefined, status: 'approved' },
      });
      expect([400, 201]).toContain(forgedCreate.status);
      if (forgedCreate.status === 201) expect(forgedCreate.body.status).toBe('draft');
      expect((await getRecord(server, 'services', service.id, s.admin)).status).toBe('draft');
    });
  });

  describe('schedules', () => {
    const newSchedule = async (serviceId: number, capacity = 10, cookie = s.partner) =>
      create(server, 'schedules', cookie, {
        serviceId,
        startDate: dayFromNow(20),
        endDate: dayFromNow(21),
        capacity,
      });

    it('open → closed → open → cancelled by the partner; others are refused', async () => {
      const service = await approvedService();
      const schedule = await newSchedule(service.id);
      expect(schedule).toMatchObject({ status: 'open', seatsBooked: 0, partnerId: IDS.partners.partner });
      // Only the partner runs its departures (the super_admin may do everything, so is not asked here).
      for (const cookie of [s.moderator, s.finance, s.support, s.user])
        await expectRefused(server, s.admin, 'schedules', schedule.id, 'close', cookie, 403);
      expect((await act(server, 'schedules', schedule.id, 'close', s.partner2)).status).toBe(404);
      await expectRefused(server, s.admin, 'schedules', schedule.id, 'reopen', s.partner, 409);

      const closed = await ok(server, 'schedules', schedule.id, 'close', s.partner);
      expect(closed.status).toBe('closed');
      await expectAudited(server, s.admin, 'schedules', schedule.id, { action: 'close', from: 'open', to: 'closed' });
      // A closed departure takes no orders.
      const order = await call(server, 'POST', '/api/orders', {
        cookie: s.customer1,
        body: { scheduleId: schedule.id, quantity: 1 },
      });
      expect(order.status).toBe(409);
      await expectRefused(server, s.admin, 'schedules', schedule.id, 'close', s.partner, 409);
      const reopened = await ok(server, 'schedules', schedule.id, 'reopen', s.partner);
      expect(reopened.status).toBe('open');
      const cancelled = await ok(server, 'schedules', schedule.id, 'cancel', s.partner, { reason: 'Flooding' });
      expect(cancelled).toMatchObject({ status: 'cancelled', reason: 'Flooding', seatsBooked: 0 });
      await expectAudited(server, s.admin, 'schedules', schedule.id, {
        action: 'cancel',
        from: 'open',
        to: 'cancelled',
        reason: 'Flooding',
      });
      for (const action of ['close', 'reopen', 'cancel'])
        await expectRefused(server, s.admin, 'schedules', schedule.id, action, s.partner, 409);
      const forged = await call(server, 'PUT', `/api/schedules/${schedule.id}`, {
        cookie: s.partner,
        body: { status: 'open' },
      });
      expect(forged.status).toBe(400);
    });

    it('cancel refunds paid and confirmed orders in full, cancels unpaid ones and releases every seat', async () => {
      const service = await approvedService();
      const schedule = await newSchedule(service.id, 10);
      const order = async (cookie: string, quantity: number) =>
        create(server, 'orders', cookie, { scheduleId: schedule.id, quantity });
      const unpaid = await order(s.user, 2);
      const paid = await order(s.customer1, 1);
      await ok(server, 'orders', paid.id, 'pay', s.finance);
      const confirmed = await order(s.customer2, 3);
      await ok(server, 'orders', confirmed.id, 'pay', s.finance);
      await ok(server, 'orders', confirmed.id, 'confirm', s.partner);
      // Part of the confirmed order is already back with the customer, and more is requested (finance opens them on
      // the travellers' complaints: before the trip a customer cancels rather than asks).
      const partial = await create(server, 'refunds', s.finance, {
        orderId: confirmed.id,
        amount: 100_000,
        reason: 'One guest fell ill',
      });
      await ok(server, 'refunds', partial.id, 'approve', s.finance);
      const waiting = await create(server, 'refunds', s.finance, {
        orderId: paid.id,
        amount: 50_000,
        reason: 'Changed plans',
      });
      // SPEC §5: an approved refund marks its order refunded (even a partial one), and its seats go back on sale.
      expect(await getRecord(server, 'orders', confirmed.id, s.admin)).toMatchObject({ status: 'refunded' });
      expect((await getRecord(server, 'schedules', schedule.id, s.admin)).seatsBooked).toBe(3);

      await ok(server, 'schedules', schedule.id, 'cancel', s.partner, { reason: 'Road closed' });
      expect(await getRecord(server, 'schedules', schedule.id, s.admin)).toMatchObject({
        status: 'cancelled',
        seatsBooked: 0,
      });
      expect(await getRecord(server, 'orders', unpaid.id, s.admin)).toMatchObject({ status: 'cancelled' });
      expect(await getRecord(server, 'orders', paid.id, s.admin)).toMatchObject({ status: 'refunded' });
      expect(await getRecord(server, 'refunds', waiting.id, s.admin)).toMatchObject({ status: 'rejected' });

      const payments = await list(server, 'payments', s.admin, { orderId: [unpaid.id, paid.id, confirmed.id] });
      const sum = (orderId: number, kind: string) =>
        payments.filter((p) => p.orderId === orderId && p.kind === kind).reduce((n, p) => n + p.amount, 0);
      expect(sum(unpaid.id, 'charge')).toBe(0);
      expect(sum(unpaid.id, 'refund')).toBe(0);
      expect(sum(paid.id, 'refund')).toBe(paid.total);
      // The already refunded order is left as it was: no second refund.
      expect(sum(confirmed.id, 'charge')).toBe(confirmed.total);
      expect(sum(confirmed.id, 'refund')).toBe(100_000);
      expect(await getRecord(server, 'orders', confirmed.id, s.admin)).toMatchObject({ status: 'refunded' });
      await expectAudited(server, s.admin, 'orders', paid.id, { action: 'update', from: 'paid', to: 'refunded' });
      await expectAudited(server, s.admin, 'orders', unpaid.id, {
        action: 'update',
        from: 'pending_payment',
        to: 'cancelled',
      });
    });

    it('capacity never drops below the seats sold', async () => {
      const service = await approvedService();
      const schedule = await newSchedule(service.id, 5);
      await create(server, 'orders', s.customer1, { scheduleId: schedule.id, quantity: 3 });
      const below = await call(server, 'PUT', `/api/schedules/${schedule.id}`, {
        cookie: s.partner,
        body: { capacity: 2 },
      });
      expect(below.status).toBe(400);
      expect(below.body.errors).toHaveProperty('capacity');
      expect(await getRecord(server, 'schedules', schedule.id, s.admin)).toMatchObject({ capacity: 5, seatsBooked: 3 });
      const forged = await call(server, 'PUT', `/api/schedules/${schedule.id}`, {
        cookie: s.partner,
        body: { seatsBooked: 99 },
      });
      expect(forged.status).toBe(400);
      const exact = await call(server, 'PUT', `/api/schedules/${schedule.id}`, {
        cookie: s.partner,
        body: { capacity: 3 },
      });
      expect(exact.status).toBe(200);
      expect(exact.body).toMatchObject({ capacity: 3, seatsBooked: 3 });
      const full = await call(server, 'POST', '/api/orders', {
        cookie: s.customer2,
        body: { scheduleId: schedule.id, quantity: 1 },
      });
      expect(full.status).toBe(409);
    });

    it('a partner cannot schedule another partner’s service, nor a past departure', async () => {
      const foreign = await call(server, 'POST', '/api/schedules', {
        cookie: s.partner2,
        body: { serviceId: 1, startDate: dayFromNow(5), endDate: dayFromNow(5), capacity: 5 },
      });
      expect(foreign.status).toBe(400);
      expect(foreign.body.errors).toHaveProperty('serviceId');
      const past = await call(server, 'POST', '/api/schedules', {
        cookie: s.partner,
        body: { serviceId: 1, startDate: dayFromNow(-2), endDate: dayFromNow(-1), capacity: 5 },
      });
      expect(past.status).toBe(400);
      expect(past.body.errors).toHaveProperty('startDate');
    });
  });
});
