/**
 * SPEC §16 over real HTTP, on both databases: only the customer of a completed order reviews it, once, within 90
 * days; moderators publish or reject; the partner replies once; the public reads published reviews only, with a
 * first name and an initial and never an email, and each service's {average, count}; the day after completion
 * the customer is invited by mail, once.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';
import { act, create, dayFromNow, IDS, list, ok, roomyHolds, signInAll, type Sessions } from './workflows-helpers';

const REFUSED = {
  notCompleted: 'A booking can be reviewed once it is completed',
  window: 'Reviews are accepted within 90 days of the trip',
  already: 'This booking has a review already',
  reviewersOnly: 'Only the traveller who booked it reviews a booking',
  replied: 'This review has a reply already',
};

describeEachEngine('reviews', (engine) => {
  const server = suiteServer({ engine, seed: 'small', setup: roomyHolds, config: { timerPollMs: 300 } });
  let s: Sessions;
  let serviceId = 0;

  /** A booking of the customer on a new departure of service 1 (partner@example.com's). */
  const book = async (cookie: string) => {
    const schedule = await create(server, 'schedules', s.partner, {
      serviceId,
      startDate: dayFromNow(10),
      endDate: dayFromNow(11),
      capacity: 20,
    });
    return create(server, 'orders', cookie, { scheduleId: schedule.id, quantity: 1 });
  };
  /** The trip happened: the order reads completed, `daysAgo` days ago. */
  const completed = async (orderId: number, daysAgo = 1) => {
    const at = new Date(Date.now() - daysAgo * 86_400_000);
    await sql`update orders set status = 'completed', "completedAt" = ${at} where id = ${orderId}`.execute(server.db);
  };
  const review = (cookie: string, body: Record<string, unknown>) =>
    call(server, 'POST', '/api/reviews', { cookie, body });
  const publicReviews = async () =>
    (
      await call(
        server,
        'GET',
        `/api/reviews?filter=${encodeURIComponent(JSON.stringify({ serviceId }))}&sort=["publishedAt","DESC"]&range=[0,99]`,
      )
    ).body as Record<string, unknown>[];

  beforeAll(async () => {
    s = await signInAll(server);
    const [service] = await list(server, 'services', s.admin, { partnerId: IDS.partners.partner, status: 'approved' });
    serviceId = service.id;
  });

  describe('writing', () => {
    it('only the customer of a completed order, once, within 90 days; others are refused', async () => {
      const order = await book(s.user);
      const early = await review(s.user, { orderId: order.id, rating: 5, text: 'Lovely' });
      expect(early.status).toBe(409);
      expect(early.body.message).toBe(REFUSED.notCompleted);
      await completed(order.id);

      for (const cookie of [s.partner, s.admin, s.moderator])
        expect((await review(cookie, { orderId: order.id, rating: 5 })).status).toBe(403);
      const stranger = await review(s.customer1, { orderId: order.id, rating: 1, text: 'Not mine' });
      expect(stranger.status).toBe(403);
      expect(stranger.body.message).toBe(REFUSED.reviewersOnly);

      const bad = await review(s.user, { orderId: order.id, rating: 6, text: 'x'.repeat(2001) });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['rating', 'text']);
      // Fields the server fills cannot be forged.
      const forged = await review(s.user, { orderId: order.id, rating: 5, status: 'published' });
      expect(forged.status).toBe(400);

      const written = await review(s.user, { orderId: order.id, rating: 5, text: 'Sunset on the Mekong' });
      expect(written.status, JSON.stringify(written.body)).toBe(201);
      expect(written.body).toMatchObject({
        status: 'pending',
        orderId: order.id,
        serviceId,
        partnerId: IDS.partners.partner,
        userId: IDS.users.user,
        rating: 5,
        reviewerName: expect.stringMatching(/^\S+ \S\.$/),
      });
      const again = await review(s.user, { orderId: order.id, rating: 4 });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(REFUSED.already);

      const old = await book(s.user);
      await completed(old.id, 91);
      const late = await review(s.user, { orderId: old.id, rating: 4 });
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(REFUSED.window);
    });
  });

  it('a completed trip is one to review until reviewed; a review keeps the language it is written in', async () => {
    // The account reads Lao; what it writes is in whichever language it writes.
    const { rows } = await sql<{ locale: string }>`select locale from users where id = ${IDS.users.user}`.execute(
      server.db,
    );
    await sql`update users set locale = 'lo' where id = ${IDS.users.user}`.execute(server.db);
    const toReview = async () =>
      (
        await list(server, 'orders', s.user, {
          status: 'completed',
          reviewedAt: null,
          completedAt_gte: dayFromNow(-89),
        })
      ).map((order) => order.id);
    const written: [string, string][] = [
      ['Great sunset cruise, the guide knew every island', 'en'],
      ['ລ່ອງເຮືອສວຍງາມ ໄກດ໌ໃຈດີ', 'lo'],
      ['Chuyến đi tuyệt vời, hướng dẫn viên rất nhiệt tình', 'vi'],
      ['ล่องเรือสวยมาก ไกด์ใจดี', 'th'],
      ['风景很美，导游很热情', 'zh'],
      ['👍👍', 'lo'],
    ];
    for (const [text, language] of written) {
      const order = await book(s.user);
      await completed(order.id);
      expect(await toReview()).toContain(order.id);
      const review_ = await review(s.user, { orderId: order.id, rating: 4, text });
      expect(review_.status, JSON.stringify(review_.body)).toBe(201);
      expect(review_.body.locale, text).toBe(language);
      expect(await toReview()).not.toContain(order.id);
    }
    await sql`update users set locale = ${rows[0].locale} where id = ${IDS.users.user}`.execute(server.db);
  });

  describe('moderating, replying and reading', () => {
    let first: Record<string, any>;
    let second: Record<string, any>;

    it('moderators publish or reject; the public reads published ones only, without email', async () => {
      const orders = [await book(s.customer1), await book(s.customer2), await book(s.customer3)];
      for (const order of orders) await completed(order.id);
      first = (await review(s.customer1, { orderId: orders[0].id, rating: 5, text: 'Wonderful guide' })).body;
      second = (await review(s.customer2, { orderId: orders[1].id, rating: 4, text: 'Good, a bit long' })).body;
      const third = (await review(s.customer3, { orderId: orders[2].id, rating: 1, text: 'Spam spam' })).body;
      const before = (await call(server, 'GET', `/api/services/${serviceId}`)).body.rating;

      expect((await act(server, 'reviews', first.id, 'publish', s.support)).status).toBe(403);
      expect((await act(server, 'reviews', third.id, 'reject', s.moderator)).status).toBe(400);
      await ok(server, 'reviews', third.id, 'reject', s.moderator, { reason: 'Not about the trip' });
      await ok(server, 'reviews', first.id, 'publish', s.moderator);
      await ok(server, 'reviews', second.id, 'publish', s.moderator);

      const shown = await publicReviews();
      const ids = shown.map((r) => r.id);
      expect(ids).toEqual(expect.arrayContaining([first.id, second.id]));
      expect(ids).not.toContain(third.id);
      for (const row of shown) {
        expect(row).not.toHaveProperty('userId');
        expect(row).not.toHaveProperty('orderId');
        expect(JSON.stringify(row)).not.toMatch(/@/);
        expect(row.reviewerName).toMatch(/^\S+( \S)?\.$/);
      }
      // The service carries {average, count} of its published reviews, one decimal.
      const rating = (await call(server, 'GET', `/api/services/${serviceId}`)).body.rating;
      const count = Number(before?.count ?? 0) + 2;
      expect(rating.count).toBe(count);
      const all = shown.map((r) => Number(r.rating));
      expect(rating.average).toBe(Math.round((all.reduce((a, b) => a + b, 0) / all.length) * 10) / 10);
      // The catalogue's items carry it too.
      const items = (await call(server, 'GET', `/api/services?filter={"id":[${serviceId}]}`)).body;
      expect(items[0].rating).toEqual(rating);
      // A pending review is nobody's to read but its writer's and the moderators'.
      const pending = (await review(s.user, { orderId: (await completedOrder(s.user)).id, rating: 3 })).body;
      expect((await call(server, 'GET', `/api/reviews/${pending.id}`)).status).toBe(404);
      expect((await call(server, 'GET', `/api/reviews/${pending.id}`, { cookie: s.customer1 })).status).toBe(404);
      expect((await call(server, 'GET', `/api/reviews/${pending.id}`, { cookie: s.moderator })).status).toBe(200);
      // An admin role left out of the reviews' rules (finance) is refused their screens, not shown the public view.
      const queue = `/api/reviews?filter=${encodeURIComponent(JSON.stringify({ status: 'pending' }))}`;
      expect((await call(server, 'GET', queue, { cookie: s.finance })).status).toBe(403);
      expect((await call(server, 'GET', `/api/reviews/${first.id}`, { cookie: s.finance })).status).toBe(403);
    });

    /** A completed order of that customer, booked now. */
    const completedOrder = async (cookie: string) => {
      const order = await book(cookie);
      await completed(order.id);
      return order;
    };

    it('the partner replies once to a published review of theirs; another partner cannot', async () => {
      expect((await act(server, 'reviews', first.id, 'reply', s.partner2, { reply: 'Thanks' })).status).toBe(404);
      expect((await act(server, 'reviews', first.id, 'reply', s.partner, {})).status).toBe(400);
      const offered = async () =>
        (await call(server, 'GET', `/api/reviews/${first.id}/actions`, { cookie: s.partner })).body.actions;
      expect(await offered()).toEqual(['reply']);
      const replied = await ok(server, 'reviews', first.id, 'reply', s.partner, { reply: 'Thank you, come back!' });
      expect(replied).toMatchObject({ reply: 'Thank you, come back!', status: 'published' });
      expect(replied.repliedAt).toBeTruthy();
      const twice = await act(server, 'reviews', first.id, 'reply', s.partner, { reply: 'Again' });
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe(REFUSED.replied);
      // Answered, the page offers no second reply.
      expect(await offered()).toEqual([]);
      const shown = (await publicReviews()).find((r) => r.id === first.id);
      expect(shown).toMatchObject({ reply: 'Thank you, come back!' });
    });
  });

  it('the day after completion, the customer is invited by mail once, however often the timer runs', async () => {
    const order = await book(s.customer3);
    await sql`update orders set status = 'confirmed' where id = ${order.id}`.execute(server.db);
    await sql`update schedules set "startDate" = ${dayFromNow(-2)} where id = ${order.scheduleId}`.execute(server.db);
    const done = await ok(server, 'orders', order.id, 'complete', s.partner);
    const invite = Date.parse(done.reviewInviteAt ?? '');
    expect(invite - Date.parse(done.completedAt)).toBe(86_400_000);
    const mails = async () =>
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from outbox
            where template = 'review.invite' and params->>'code' = ${order.code}`.execute(server.db)
        ).rows[0].n,
      );
    expect(await mails()).toBe(0);
    await sql`update orders set "reviewInviteAt" = now() - interval '1 second' where id = ${order.id}`.execute(
      server.db,
    );
    for (let i = 0; i < 50 && (await mails()) === 0; i++) await new Promise((r) => setTimeout(r, 100));
    // Several more rounds of the timer: still one mail, to the customer, with the order's page.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await mails()).toBe(1);
    const [mail] = (
      await sql<{ recipient: string; params: Record<string, string> }>`select recipient, params from outbox
        where template = 'review.invite' and params->>'code' = ${order.code}`.execute(server.db)
    ).rows;
    expect(mail.recipient).toBe('customer3@example.net');
    expect(mail.params.link).toMatch(new RegExp(`^/(lo|en|vi|th|zh)/account/orders/${order.id}$`));
  });
});
