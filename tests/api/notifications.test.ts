/**
 * Notifications (SPEC §8), on both databases: declared in the resource configs, written in the transaction of the
 * change (a refused change tells no one), in the recipient's language, each account reading only its own (admins
 * too), newest first, the unread filter's total the unread count, `read` and `read-all`, and a mail per
 * notification queued in the outbox.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { openEvents } from './events-client';
import { call, describeEachEngine, suiteServer } from './harness';
import { act, create, IDS, ok, signInAll, type Sessions } from './workflows-helpers';
import { platformDay } from '../support/platform-day';

const UNREAD = `filter=${encodeURIComponent(JSON.stringify({ unread: true }))}`;

describeEachEngine('notifications', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });
  let s: Sessions;

  const newService = (title: string) =>
    create(server, 'services', s.partner, {
      title: { en: title, lo: `ທ່ຽວ ${title}` },
      description: { en: 'Swim and hike' },
      tourTypeId: 1,
      provinceId: 2,
      durationDays: 1,
      price: 250_000,
      capacity: 12,
    });
  const mine = async (cookie: string, query = 'range=[0,49]') => {
    const response = await call(server, 'GET', `/api/notifications?${query}`, { cookie });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response;
  };
  const unreadCount = async (cookie: string) =>
    Number(String((await mine(cookie, `${UNREAD}&range=[0,0]`)).headers.get('content-range')).split('/')[1]);

  beforeAll(async () => {
    s = await signInAll(server);
  });

  it('a rejected service reaches its partner, in the partner’s language, with the title and the reason', async () => {
    const before = await unreadCount(s.partner);
    const service = await newService('Kuang Si notice');
    await ok(server, 'services', service.id, 'submit', s.partner);
    await ok(server, 'services', service.id, 'reject', s.moderator, { reason: 'Photos missing' });
    expect(await unreadCount(s.partner)).toBe(before + 1);

    const [latest] = (await mine(s.partner)).body;
    expect(Object.keys(latest).sort()).toEqual(
      ['createdAt', 'event', 'id', 'message', 'readAt', 'recordId', 'resource', 'updatedAt', 'version'].sort(),
    );
    expect(latest).toMatchObject({
      event: 'services.reject',
      resource: 'services',
      recordId: service.id,
      readAt: null,
    });
    // The demo partner reads Lao: the Lao title and the Lao sentence around the reason.
    expect(latest.message).toBe('ບໍລິການ “ທ່ຽວ Kuang Si notice” ຂອງທ່ານຖືກປະຕິເສດ: Photos missing');
  });

  it('a new queue item reaches the admins whose role may act on it, and only them', async () => {
    const counts = async () => ({
      moderator: await unreadCount(s.moderator),
      finance: await unreadCount(s.finance),
      admin: await unreadCount(s.admin),
    });
    const before = await counts();
    const service = await newService('Queue notice');
    await ok(server, 'services', service.id, 'submit', s.partner);
    expect(await counts()).toEqual({ ...before, moderator: before.moderator + 1 });
    const [latest] = (await mine(s.moderator)).body;
    expect(latest).toMatchObject({ event: 'services.submit', recordId: service.id });
    expect(latest.message).toContain('Queue notice');

    // A withdrawal request goes to finance.
    const withdrawal = await create(server, 'withdrawals', s.partner, { amount: 100_000 });
    expect((await mine(s.finance)).body[0]).toMatchObject({ event: 'withdrawals.create', recordId: withdrawal.id });
  });

  it('a new notification arrives on its recipient’s event stream as event: notification, and on no other’s', async () => {
    const streams = {
      moderator: await openEvents(server.baseUrl, s.moderator),
      finance: await openEvents(server.baseUrl, s.finance),
    };
    try {
      expect([streams.moderator.status, streams.finance.status]).toEqual([200, 200]);
      const service = await newService('Live notice');
      await ok(server, 'services', service.id, 'submit', s.partner);
      const [latest] = (await mine(s.moderator)).body;
      expect(latest).toMatchObject({ event: 'services.submit', recordId: service.id });
      const heard = await streams.moderator.next((e) => e.data.resource === 'notifications' && e.data.id === latest.id);
      expect(heard).toEqual({
        event: 'notification',
        data: { resource: 'notifications', id: latest.id, action: 'create', version: latest.version },
      });
      // Finance may not act on services: its stream hears of the service but not of the moderator's notification.
      await streams.finance.next((e) => e.data.resource === 'services' && e.data.id === service.id);
      expect(streams.finance.events.filter((e) => e.data.resource === 'notifications')).toEqual([]);
    } finally {
      streams.moderator.close();
      streams.finance.close();
    }
  });

  it('each account reads its own only: another partner or an admin cannot list, read or mark it', async () => {
    const [latest] = (await mine(s.partner)).body;
    expect((await mine(s.partner2)).body.map((n: { id: number }) => n.id)).not.toContain(latest.id);
    expect((await mine(s.admin)).body.map((n: { id: number }) => n.id)).not.toContain(latest.id);
    expect((await call(server, 'GET', `/api/notifications/${latest.id}`, { cookie: s.partner2 })).status).toBe(404);
    const foreign = await call(server, 'POST', `/api/notifications/${latest.id}/actions/read`, {
      cookie: s.admin,
      body: {},
    });
    expect(foreign.status).toBe(404);
    expect((await call(server, 'GET', '/api/notifications', {})).status).toBe(401);
    // Nobody writes them through the API.
    const forged = await call(server, 'POST', '/api/notifications', {
      cookie: s.admin,
      body: { event: 'x.y', resource: 'x', recordId: 1, message: 'forged' },
    });
    expect(forged.status).toBe(403);
  });

  it('read marks one, read-all the rest; the unread filter’s total follows', async () => {
    const [latest] = (await mine(s.partner, `${UNREAD}&range=[0,0]`)).body;
    const before = await unreadCount(s.partner);
    const read = await call(server, 'POST', `/api/notifications/${latest.id}/actions/read`, {
      cookie: s.partner,
      body: {},
    });
    expect(read.status).toBe(200);
    expect(Date.parse(read.body.readAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await unreadCount(s.partner)).toBe(before - 1);
    const all = await call(server, 'POST', '/api/notifications/-/read-all', { cookie: s.partner, body: {} });
    expect(all.status).toBe(200);
    expect(all.body.read).toBe(before - 1);
    expect(await unreadCount(s.partner)).toBe(0);
    // Newest first.
    const listed = (await mine(s.partner)).body.map((n: { createdAt: string }) => Date.parse(n.createdAt));
    expect([...listed].sort((a, b) => b - a)).toEqual(listed);
  });

  it('a change that is refused tells no one', async () => {
    const service = await newService('Refused notice');
    await ok(server, 'services', service.id, 'submit', s.partner);
    const before = await unreadCount(s.partner);
    // A reject without its reason is a 400: the transaction rolls back.
    expect((await act(server, 'services', service.id, 'reject', s.moderator, {})).status).toBe(400);
    expect(await unreadCount(s.partner)).toBe(before);
  });

  it('a new order reaches its partner with the total in the partner’s language and queues a mail', async () => {
    // The partner switches to Vietnamese: the next message is written in it.
    await server.db.updateTable('partners').set({ locale: 'vi' }).where('id', '=', IDS.partners.partner).execute();
    const schedule = await create(server, 'schedules', s.partner, {
      serviceId: 1,
      startDate: platformDay(30),
      endDate: platformDay(30),
      capacity: 10,
    });
    const order = await create(server, 'orders', s.customer1, { scheduleId: schedule.id, quantity: 2 });
    const [latest] = (await mine(s.partner)).body;
    expect(latest).toMatchObject({ event: 'orders.create', recordId: order.id });
    const total = new Intl.NumberFormat('vi-VN', { style: 'currency', currency: order.currency }).format(order.total);
    expect(latest.message).toBe(`Đặt chỗ mới ${order.code}: ${total}`);
    const mail = await sql<{
      recipient: string;
      locale: string;
      template: string;
      params: { message: string; link: string };
      status: string;
    }>`select * from outbox where "notificationId" = ${latest.id}`.execute(server.db);
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]).toMatchObject({
      recipient: 'partner@example.com',
      locale: 'vi',
      template: 'notification',
      status: 'pending',
    });
    expect(mail.rows[0].params).toEqual({ message: latest.message, link: `/vi/partner/orders/${order.id}/show` });
    await server.db.updateTable('partners').set({ locale: 'lo' }).where('id', '=', IDS.partners.partner).execute();
  });

  describe('declared in config', () => {
    it('the OpenAPI document has the notifications list, read and read-all', async () => {
      const { paths } = (await call(server, 'GET', '/api/openapi.json', {})).body;
      expect(paths['/api/notifications']).toBeDefined();
      expect(paths['/api/notifications/{id}/actions/read']).toBeDefined();
      expect(paths['/api/notifications/-/read-all']).toBeDefined();
    });
  });
});
