/**
 * The statistics the dashboard and the statistics page add to the series: the refund rate (over time and over
 * the period), top partners and services, new partners against the previous period, gross bookings beside revenue,
 * who may read them (finance, not the other admin roles) and their OpenAPI paths. Every expected number is
 * computed here from the rows this file inserts into an otherwise empty stretch of time (2018–2019).
 */
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import resources from '../../resources/index';
import { checkResources } from '../../src/core/config-check';
import type { AnyResource } from '../../src/core/resource';
import { compactRollups, rollupOf } from '../../src/server/stats/rollup';
import { call, describeEachEngine, suiteServer } from './harness';

type Who = 'a' | 'b' | 'c';

const orders = resources.find((r) => r.name === 'orders')!;

interface OrderSpec {
  at: string;
  who: Who;
  /** Which of the partner's two services. */
  service: 0 | 1;
  status: string;
  total: number;
  commission: number;
}

/** The period the tests ask about (90 days) and, before it, the previous period of the same length. */
const FROM = '2019-01-01';
const TO = '2019-03-31';
const PREVIOUS = { from: '2018-10-03', to: '2018-12-31' };
const PERIOD = `from=${FROM}&to=${TO}`;

const ORDERS: OrderSpec[] = [
  { at: '2018-12-20T10:00:00Z', who: 'a', service: 0, status: 'refunded', total: 640_000, commission: 64_000 },
  { at: '2019-01-01T00:00:00Z', who: 'a', service: 0, status: 'completed', total: 500_000, commission: 50_000 },
  { at: '2019-01-20T08:00:00Z', who: 'a', service: 1, status: 'refunded', total: 300_000, commission: 30_000 },
  { at: '2019-01-25T08:00:00Z', who: 'c', service: 0, status: 'completed', total: 150_000, commission: 12_000 },
  { at: '2019-02-03T12:00:00Z', who: 'b', service: 0, status: 'paid', total: 900_000, commission: 90_000 },
  { at: '2019-02-14T12:00:00Z', who: 'a', service: 0, status: 'confirmed', total: 200_000, commission: 20_000 },
  { at: '2019-02-28T23:59:00Z', who: 'c', service: 0, status: 'refunded', total: 700_000, commission: 56_000 },
  { at: '2019-03-10T09:00:00Z', who: 'b', service: 1, status: 'pending_payment', total: 400_000, commission: 40_000 },
  { at: '2019-03-15T09:00:00Z', who: 'c', service: 0, status: 'cancelled', total: 100_000, commission: 8_000 },
  { at: '2019-03-16T09:00:00Z', who: 'b', service: 1, status: 'completed', total: 250_000, commission: 25_000 },
  { at: '2019-03-31T23:30:00Z', who: 'a', service: 1, status: 'completed', total: 800_000, commission: 80_000 },
  // The day after the period: counted nowhere below.
  { at: '2019-04-01T00:00:00Z', who: 'a', service: 1, status: 'refunded', total: 999_000, commission: 99_000 },
];

/** Partners created in the period (3) and in the previous period (2), plus one just outside both. */
const NEW_PARTNERS = [
  '2018-10-02T23:59:00Z',
  '2018-10-03T00:00:00Z',
  '2018-12-31T23:59:00Z',
  '2019-01-01T00:00:00Z',
  '2019-02-10T10:00:00Z',
  '2019-03-31T23:59:00Z',
];

const SOLD = ['paid', 'confirmed', 'completed'];
const PAID_OR_LATER = [...SOLD, 'refunded'];

/** The orders' summary metrics as defined in docs/resources.md, computed from the specs. */
function expectedSummary(specs: OrderSpec[]) {
  const sold = specs.filter((o) => SOLD.includes(o.status));
  const sum = (list: OrderSpec[], of: (o: OrderSpec) => number) => list.reduce((n, o) => n + of(o), 0);
  return {
    count: sold.length,
    total: sum(sold, (o) => o.total),
    commission: sum(sold, (o) => o.commission),
    // Every order placed except those cancelled before payment.
    grossBookings: sum(
      specs.filter((o) => o.status !== 'cancelled'),
      (o) => o.total,
    ),
  };
}

const within = (spec: OrderSpec, from = FROM, to = TO) => spec.at.slice(0, 10) >= from && spec.at.slice(0, 10) <= to;

/** The refund rate of some orders, as the API states it: refunded among paid-or-later, by count and by total. */
function expectedRate(specs: OrderSpec[]) {
  const whole = specs.filter((o) => PAID_OR_LATER.includes(o.status));
  const part = whole.filter((o) => o.status === 'refunded');
  const sum = (list: OrderSpec[]) => list.reduce((n, o) => n + o.total, 0);
  const share = (p: number, w: number) => (w ? p / w : null);
  return {
    part: { count: part.length, total: sum(part) },
    whole: { count: whole.length, total: sum(whole) },
    rate: { count: share(part.length, whole.length), total: share(sum(part), sum(whole)) },
  };
}

/** Sold orders grouped by a key, largest total first (ties by key), as `by/{field}` answers them. */
function expectedTop(specs: OrderSpec[], keyOf: (o: OrderSpec) => number) {
  const groups = new Map<number, { key: number; count: number; total: number; commission: number }>();
  for (const o of specs.filter((s) => SOLD.includes(s.status))) {
    const group = groups.get(keyOf(o)) ?? { key: keyOf(o), count: 0, total: 0, commission: 0 };
    group.count += 1;
    group.total += o.total;
    group.commission += o.commission;
    groups.set(group.key, group);
  }
  return [...groups.values()].sort((x, y) => y.total - x.total || x.key - y.key);
}

describeEachEngine('statistics: refund rate, top lists, new partners', (engine) => {
  const server = suiteServer({
    engine,
    seed: 'small',
    setup: async (db) => {
      const idOf = async (email: string) =>
        Number((await sql<{ id: number }>`select id from partners where email = ${email}`.execute(db)).rows[0].id);
      const servicesOf = async (partnerId: number) =>
        (
          await sql<{ id: number }>`select id from services where "partnerId" = ${partnerId} order by id`.execute(db)
        ).rows.map((r) => Number(r.id));
      const { rows: empty } = await sql<{ orders: number; partners: number }>`
          select (select count(*)::int from orders where "createdAt" < '2019-06-01') as orders,
                 (select count(*)::int from partners where "createdAt" < '2019-06-01') as partners`.execute(db);
      expect(empty[0]).toEqual({ orders: 0, partners: 0 });
      // The small seed's partners: A and B with their services; C (pending, without services of its own) is
      // given two more of A's, so every partner and service below has its own orders.
      const [a, b, c] = await Promise.all(
        ['partner@example.com', 'partner2@example.com', 'pending.partner@example.com'].map(idOf),
      );
      const [ofA, ofB] = [await servicesOf(a), await servicesOf(b)];
      partners.a = { id: a, services: ofA.slice(0, 2) };
      partners.b = { id: b, services: ofB.slice(0, 2) };
      partners.c = { id: c, services: ofA.slice(2, 4) };
      expect(new Set(Object.values(partners).flatMap((p) => p.services)).size).toBe(6);
      for (const [i, o] of ORDERS.entries()) {
        const { id, services } = partners[o.who];
        await sql`
            insert into orders (code, "userId", "partnerId", "serviceId", "scheduleId", quantity, "unitPrice", total,
                                commission, currency, status, "createdAt", "updatedAt")
            values (${`ST-${i + 1}`}, (select min(id) from users), ${id}, ${services[o.service]},
                    (select min(id) from schedules), 1, ${o.total}, ${o.total}, ${o.commission}, 'LAK', ${o.status},
                    ${o.at}, ${o.at})`.execute(db);
      }
      for (const [i, at] of NEW_PARTNERS.entries())
        await sql`
            insert into partners (email, "passwordHash", "companyName", "contactName", phone, status, "createdAt",
                                  "updatedAt")
            values (${`new${i}@example.com`}, 'x', ${`New partner ${i}`}, 'Contact', '+85620000000', 'pending', ${at},
                    ${at})`.execute(db);
    },
  });
  let admin: string;
  let partnerA: string;
  const partners = {} as Record<Who, { id: number; services: number[] }>;

  beforeAll(async () => {
    admin = await server.login('admin@example.com', 'Admin#2026');
    partnerA = await server.login('partner@example.com', 'Partner#2026');
  });

  const get = (path: string, cookie = admin) => call(server, 'GET', path, { cookie });
  const inPeriod = ORDERS.filter((o) => within(o));
  const serviceOf = (o: OrderSpec) => partners[o.who].services[o.service];

  it('the refund rate is refunded orders among paid-or-later ones, over the period and per month', async () => {
    const answer = await get(`/api/stats/orders/rate/refundRate?${PERIOD}&interval=month`);
    expect(answer.status).toBe(200);
    const overall = expectedRate(inPeriod);
    // 2 refunded of 8 paid-or-later; by value 1,000,000 of 3,800,000.
    expect([overall.part.count, overall.whole.count, overall.whole.total]).toEqual([2, 8, 3_800_000]);
    expect(answer.body).toMatchObject({ name: 'refundRate', interval: 'month', from: FROM, to: TO });
    expect(answer.body.metrics).toEqual(['count', 'total']);
    expect({ part: answer.body.part, whole: answer.body.whole }).toEqual({ part: overall.part, whole: overall.whole });
    expect(answer.body.rate.count).toBeCloseTo(overall.rate.count!, 12);
    expect(answer.body.rate.total).toBeCloseTo(overall.rate.total!, 12);

    const months = ['2019-01', '2019-02', '2019-03'];
    expect(answer.body.rows.map((r: { bucket: string }) => r.bucket)).toEqual(months.map((m) => `${m}-01`));
    for (const [i, month] of months.entries()) {
      const expected = expectedRate(inPeriod.filter((o) => o.at.startsWith(month)));
      const row = answer.body.rows[i];
      expect({ part: row.part, whole: row.whole }).toEqual({ part: expected.part, whole: expected.whole });
      expect(row.rate.count).toEqual(expected.rate.count);
    }
    // March has paid orders but no refunds: a rate of 0, not "no data".
    expect(answer.body.rows[2].rate.count).toBe(0);

    // Per day, a day without paid orders has no rate at all.
    const daily = await get(`/api/stats/orders/rate/refundRate?from=2019-03-10&to=2019-03-16&interval=day`);
    expect(daily.body.rows).toHaveLength(7);
    expect(daily.body.rows[0]).toEqual({
      bucket: '2019-03-10',
      part: { count: 0, total: 0 },
      whole: { count: 0, total: 0 },
      rate: { count: null, total: null },
    });
    expect(daily.body.rows[6].whole).toEqual({ count: 1, total: 250_000 });
  });

  it('a filter the summary table does not keep gives the same rate from the base table', async () => {
    const filter = encodeURIComponent(JSON.stringify({ q: 'ST-' }));
    const fromBase = await get(`/api/stats/orders/rate/refundRate?${PERIOD}&filter=${filter}`);
    const fromRollup = await get(`/api/stats/orders/rate/refundRate?${PERIOD}`);
    expect(fromBase.status).toBe(200);
    expect(fromBase.body.part).toEqual(fromRollup.body.part);
    expect(fromBase.body.whole).toEqual(fromRollup.body.whole);
    // A list filter narrows it like the list: only partner B's orders.
    const onlyB = encodeURIComponent(JSON.stringify({ partnerId: partners.b.id }));
    const b = await get(`/api/stats/orders/rate/refundRate?${PERIOD}&filter=${onlyB}`);
    expect(b.body.whole).toEqual(expectedRate(inPeriod.filter((o) => o.who === 'b')).whole);
  });

  it('top partners and top services rank sold orders by total, with counts and commission', async () => {
    const byPartner = await get(`/api/stats/orders/by/partnerId?${PERIOD}`);
    expect(byPartner.status).toBe(200);
    const topPartners = expectedTop(inPeriod, (o) => partners[o.who].id);
    expect(topPartners.map((g) => g.key)).toEqual([partners.a.id, partners.b.id, partners.c.id]);
    expect(byPartner.body.rows).toEqual(topPartners);

    const byService = await get(`/api/stats/orders/by/serviceId?${PERIOD}`);
    expect(byService.body.rows).toEqual(expectedTop(inPeriod, serviceOf));
    const two = await get(`/api/stats/orders/by/serviceId?${PERIOD}&limit=2`);
    expect(two.body.rows).toEqual(expectedTop(inPeriod, serviceOf).slice(0, 2));
  });

  it('new partners: created in the period against the previous period, to the minute of the day bounds', async () => {
    const summary = await get(`/api/stats/partners/summary?${PERIOD}`);
    expect(summary.status).toBe(200);
    const count = (from: string, to: string) => NEW_PARTNERS.filter((at) => at >= from && at <= `${to}T23:59:59Z`);
    expect(summary.body).toEqual({
      from: FROM,
      to: TO,
      count: count(FROM, TO).length,
      previous: { ...PREVIOUS, count: count(PREVIOUS.from, PREVIOUS.to).length },
    });
    expect([summary.body.count, summary.body.previous.count]).toEqual([3, 2]);
    const series = await get(`/api/stats/partners/series?${PERIOD}&interval=month`);
    expect(series.body.rows.map((r: { count: number }) => r.count)).toEqual([1, 1, 1]);
    const funnel = await get(`/api/stats/partners/funnel?${PERIOD}`);
    expect(funnel.body.rows.find((r: { key: string }) => r.key === 'pending').count).toBe(3);
  });

  it('a partner aggregates only their own orders and their own account', async () => {
    const own = inPeriod.filter((o) => o.who === 'a');
    const rate = await get(`/api/stats/orders/rate/refundRate?${PERIOD}&interval=month`, partnerA);
    expect(rate.status).toBe(200);
    expect({ part: rate.body.part, whole: rate.body.whole }).toEqual({
      part: expectedRate(own).part,
      whole: expectedRate(own).whole,
    });
    const top = await get(`/api/stats/orders/by/partnerId?${PERIOD}`, partnerA);
    expect(top.body.rows).toEqual(expectedTop(own, () => partners.a.id));
    const services = await get(`/api/stats/orders/by/serviceId?${PERIOD}`, partnerA);
    expect(services.body.rows).toEqual(expectedTop(own, serviceOf));
    // Another partner's filter cannot widen the scope.
    const forged = encodeURIComponent(JSON.stringify({ partnerId: partners.b.id }));
    const widened = await get(`/api/stats/orders/rate/refundRate?${PERIOD}&filter=${forged}`, partnerA);
    expect(widened.body.whole.count).toBe(0);

    // Partners are their own only row: none of the new ones, and itself on the day it was created.
    expect((await get(`/api/stats/partners/summary?${PERIOD}`, partnerA)).body.count).toBe(0);
    const { rows } = await sql<{ day: string }>`
      select to_char("createdAt" at time zone 'UTC', 'YYYY-MM-DD') as day from partners where id = ${partners.a.id}`.execute(
      server.db,
    );
    const day = rows[0].day;
    const itself = await get(`/api/stats/partners/summary?from=${day}&to=${day}`, partnerA);
    expect(itself.body.count).toBe(1);
    const all = await get(`/api/stats/partners/summary?from=${day}&to=${day}`);
    expect(all.body.count).toBeGreaterThanOrEqual(1);
  });

  it('writes move the rate at once', async () => {
    // The last completed order of the period (ST-11) is refunded, then completed again.
    const last = ORDERS[10];
    const setStatus = (status: string) =>
      sql`update orders set status = ${status} where code = 'ST-11'`.execute(server.db);
    const before = await get(`/api/stats/orders/rate/refundRate?${PERIOD}`);
    await setStatus('refunded');
    const after = await get(`/api/stats/orders/rate/refundRate?${PERIOD}`);
    await setStatus(last.status);
    expect(after.body.part).toEqual({ count: before.body.part.count + 1, total: before.body.part.total + last.total });
    expect(after.body.whole).toEqual(before.body.whole);
  });

  it('gross bookings count every order placed but the unpaid-cancelled; revenue and commission only kept ones', async () => {
    const summary = await get(`/api/stats/orders/summary?${PERIOD}`);
    expect(summary.status).toBe(200);
    const current = expectedSummary(inPeriod);
    const previous = expectedSummary(ORDERS.filter((o) => within(o, PREVIOUS.from, PREVIOUS.to)));
    // Gross: 4,200,000 (all but the cancelled 100,000); revenue 2,800,000 (not the refunded 300,000 and 700,000
    // nor the unpaid 400,000); before the period only a refunded order: gross 640,000, no revenue.
    expect(current).toEqual({ count: 6, total: 2_800_000, commission: 277_000, grossBookings: 4_200_000 });
    expect(previous).toEqual({ count: 0, total: 0, commission: 0, grossBookings: 640_000 });
    expect(summary.body).toEqual({ from: FROM, to: TO, ...current, previous: { ...PREVIOUS, ...previous } });

    const series = await get(`/api/stats/orders/series?${PERIOD}&interval=month`);
    expect(series.body.rows).toEqual(
      ['2019-01', '2019-02', '2019-03'].map((month) => ({
        bucket: `${month}-01`,
        ...expectedSummary(inPeriod.filter((o) => o.at.startsWith(month))),
      })),
    );
    // A filter the summary table does not keep reads the orders themselves, with the same definitions.
    const searched = await get(`/api/stats/orders/summary?${PERIOD}&filter=${encodeURIComponent('{"q":"ST-"}')}`);
    expect(searched.body).toEqual(summary.body);

    // A partner's own: gross 1,800,000, revenue 1,500,000.
    const own = await get(`/api/stats/orders/summary?${PERIOD}`, partnerA);
    expect(own.body).toMatchObject(expectedSummary(inPeriod.filter((o) => o.who === 'a')));
    expect([own.body.grossBookings, own.body.total]).toEqual([1_800_000, 1_500_000]);
  });

  it('the coarse summary levels take new orders as deltas, exact at once, and fold them in without a change', async () => {
    const period = 'from=2017-06-01&to=2017-06-30';
    const rollup = rollupOf(orders as AnyResource)!;
    const coarse = rollup.levels.filter((level) => level.deltas);
    expect(coarse.map((level) => level.dims)).toEqual([['status'], ['status', 'partnerId']]);
    const pending = async () => {
      let n = 0;
      for (const level of coarse)
        n += Number(
          (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(level.deltas!)}`.execute(server.db))
            .rows[0].n,
        );
      return n;
    };
    const read = async () => ({
      summary: (await get(`/api/stats/orders/summary?${period}`)).body,
      funnel: (await get(`/api/stats/orders/funnel?${period}`)).body,
      own: (await get(`/api/stats/orders/summary?${period}`, partnerA)).body,
      // A filter no level keeps: the orders themselves.
      base: (await get(`/api/stats/orders/summary?${period}&filter=${encodeURIComponent('{"q":"SJ-"}')}`)).body,
    });
    await compactRollups(server.db, [rollup]);
    expect(await pending()).toBe(0);
    expect((await read()).summary).toMatchObject({ count: 0, total: 0, grossBookings: 0 });

    const { id, services } = partners.a;
    for (const [code, status, total] of [
      ['SJ-1', 'completed', 120_000],
      ['SJ-2', 'refunded', 30_000],
    ] as const)
      await sql`
        insert into orders (code, "userId", "partnerId", "serviceId", "scheduleId", quantity, "unitPrice", total,
                            commission, currency, status, "createdAt", "updatedAt")
        values (${code}, (select min(id) from users), ${id}, ${services[0]}, (select min(id) from schedules), 1,
                ${total}, ${total}, 0, 'LAK', ${status}, '2017-06-15T10:00:00Z', '2017-06-15T10:00:00Z')`.execute(
        server.db,
      );
    expect(await pending()).toBeGreaterThan(0);
    const fresh = await read();
    expect(fresh.summary).toMatchObject({ count: 1, total: 120_000, grossBookings: 150_000 });
    expect(fresh.own).toMatchObject({ count: 1, total: 120_000, grossBookings: 150_000 });
    const byState = Object.fromEntries(
      fresh.funnel.rows.map((row: { key: string; count: number }) => [row.key, row.count]),
    );
    expect([byState.completed, byState.refunded]).toEqual([1, 1]);
    expect(fresh.base).toEqual(fresh.summary);

    await compactRollups(server.db, [rollup]);
    expect(await pending()).toBe(0);
    expect(await read()).toEqual(fresh);

    // An update moves an order between states; a delete takes it out; each exact before and after folding in.
    await sql`update orders set status = 'refunded' where code = 'SJ-1'`.execute(server.db);
    expect((await read()).summary).toMatchObject({ count: 0, total: 0, grossBookings: 150_000 });
    await sql`delete from orders where code in ('SJ-1', 'SJ-2')`.execute(server.db);
    expect((await read()).summary).toMatchObject({ count: 0, total: 0, grossBookings: 0 });
    await compactRollups(server.db, [rollup]);
    expect((await read()).summary).toMatchObject({ count: 0, total: 0, grossBookings: 0 });
  });

  it('statistics are finance’s: moderator and support get 403 on every endpoint, finance and partners read', async () => {
    const logins = {
      moderator: await server.login('moderator@example.com', 'Admin#2026'),
      support: await server.login('support@example.com', 'Admin#2026'),
      finance: await server.login('finance@example.com', 'Admin#2026'),
    };
    const endpoints = [
      `/api/stats/orders/summary?${PERIOD}`,
      `/api/stats/orders/series?${PERIOD}`,
      `/api/stats/orders/by/partnerId?${PERIOD}`,
      `/api/stats/orders/funnel?${PERIOD}`,
      `/api/stats/orders/rate/refundRate?${PERIOD}`,
      `/api/stats/partners/summary?${PERIOD}`,
      `/api/stats/partners/series?${PERIOD}`,
    ];
    for (const path of endpoints) {
      for (const role of ['moderator', 'support'] as const) {
        const refused = await get(path, logins[role]);
        expect(refused.status, `${role} ${path}`).toBe(403);
        expect(refused.body, `${role} ${path}`).toEqual({ message: 'You are not allowed to do this' });
      }
      // The refusal comes before the parameters are read.
      expect((await get(`${path}&from=nope`, logins.support)).status, path).toBe(403);
      expect((await get(path, logins.finance)).status, `finance ${path}`).toBe(200);
    }
    // Support still reads the orders themselves (SPEC §1), just not their money aggregates.
    expect((await get('/api/orders?range=[0,0]', logins.support)).status).toBe(200);
    const financeSummary = await get(`/api/stats/orders/summary?${PERIOD}`, logins.finance);
    expect(financeSummary.body).toEqual((await get(`/api/stats/orders/summary?${PERIOD}`)).body);

    // `/api/auth/me` tells the client which aggregates to show.
    const me = async (cookie: string) => (await get('/api/auth/me', cookie)).body.stats;
    expect(await me(admin)).toEqual(['partners', 'orders']);
    expect(await me(logins.finance)).toEqual(['partners', 'orders']);
    expect(await me(logins.moderator)).toEqual([]);
    expect(await me(logins.support)).toEqual([]);
    expect(await me(partnerA)).toEqual(['partners', 'orders']);
  });

  it('the OpenAPI document lists the stats paths of every resource with stats, with their readers', async () => {
    const { paths, tags } = (await get('/api/openapi.json')).body;
    expect(tags.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['orders', 'partners']));
    for (const resource of resources.filter((r) => r.stats)) {
      const base = `/api/stats/${resource.name}`;
      const expected = [
        `${base}/summary`,
        `${base}/series`,
        ...(resource.stats!.groupBy?.length ? [`${base}/by/{field}`] : []),
        ...(resource.workflow ? [`${base}/funnel`] : []),
        ...Object.keys(resource.stats!.rates ?? {}).map((rate) => `${base}/rate/${rate}`),
      ];
      expect(
        Object.keys(paths)
          .filter((path) => path.startsWith(`${base}/`))
          .sort(),
        resource.name,
      ).toEqual(expected.sort());
      for (const path of expected) {
        const operation = paths[path].get;
        expect(operation.tags, path).toEqual([resource.name]);
        expect(Object.keys(operation.responses), path).toEqual(['200', '400', '401', '403', '404', '503']);
        expect(operation.description, path).toMatch(/^Readers: super_admin, finance, partners \(their own rows\)/);
      }
    }
    const summary = paths['/api/stats/orders/summary'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(summary.properties)).toEqual([
      'from',
      'to',
      'count',
      'total',
      'commission',
      'grossBookings',
      'previous',
    ]);
    const by = paths['/api/stats/orders/by/{field}'].get.parameters.find((p: { name: string }) => p.name === 'field');
    expect(by.schema.enum).toEqual(orders.stats!.groupBy);
    // Orders are read by customers too: their own orders' aggregates.
    expect(paths['/api/stats/orders/summary'].get.description).toContain('users (their own rows)');
  });

  it('bad parameters answer 400 with the field, unknown names 400 or 404, and visitors are refused', async () => {
    const bad = async (path: string, field: string) => {
      const answer = await get(path);
      expect(answer.status, path).toBe(400);
      expect(Object.keys(answer.body.errors), path).toEqual([field]);
    };
    await bad(`/api/stats/orders/rate/nope?${PERIOD}`, 'rate');
    await bad(`/api/stats/orders/rate/refundRate?interval=year`, 'interval');
    await bad(`/api/stats/orders/rate/refundRate?from=2019-02-30x`, 'from');
    await bad(`/api/stats/orders/rate/refundRate?from=2019-03-01&to=2019-01-01`, 'from');
    await bad(`/api/stats/orders/by/serviceId?limit=0`, 'limit');
    await bad(`/api/stats/orders/by/serviceId?limit=101`, 'limit');
    await bad(`/api/stats/orders/by/serviceId?limit=ten`, 'limit');
    await bad(`/api/stats/partners/by/companyName`, 'field');
    expect((await get(`/api/stats/nope/rate/refundRate`)).status).toBe(404);
    expect((await get(`/api/stats/partners/rate/refundRate`)).status).toBe(400);

    // Partners have a public list, but their aggregates are not for visitors or customers.
    expect((await call(server, 'GET', `/api/stats/partners/summary?${PERIOD}`)).status).toBe(401);
    const user = await server.login('user@example.com', 'User#2026');
    expect((await get(`/api/stats/partners/summary?${PERIOD}`, user)).status).toBe(403);
    expect((await call(server, 'GET', `/api/stats/orders/rate/refundRate?${PERIOD}`)).status).toBe(401);
  });
});

/** What the config check says of the resources with the orders config changed. */
function problemsWith(change: (config: AnyResource) => AnyResource): string[] {
  return checkResources(
    resources.map((r) => (r === orders ? change(orders) : r)),
    {},
  ).map((p) => `${p.path}: ${p.message}`);
}

it('the config check refuses a ranking outside groupBy and a rate on an unknown field or sum', () => {
  const problems = problemsWith((config) => ({
    ...config,
    stats: {
      ...config.stats!,
      top: ['userId'],
      rates: { wrong: { part: { nope: 1 }, whole: { status: 'paid' }, sum: ['quantity'] } },
    },
  }));
  expect(problems).toEqual([
    "stats.top: 'userId' is not in stats.groupBy",
    "stats.rates.wrong.part: unknown field 'nope'",
    "stats.rates.wrong.sum: 'quantity' is not in stats.sum",
  ]);
});

it('the config check refuses a measure over an unsummed field, an unknown KPI and a stats reader without read', () => {
  const problems = problemsWith((config) => ({
    ...config,
    stats: {
      ...config.stats!,
      measures: { quantity: { sum: 'total', where: { status: 'paid' } }, seats: { sum: 'quantity', where: { x: 1 } } },
      kpis: ['count', 'profit'],
      access: { admin: ['finance', 'moderator'] },
    },
    access: { ...config.access, admin: { ...config.access.admin, read: ['finance'] } },
  }));
  expect(problems).toEqual([
    "stats.measures.quantity: 'quantity' is already the name of a field or metric",
    "stats.measures.seats.sum: 'quantity' is not in stats.sum",
    "stats.measures.seats.where: unknown field 'x'",
    "stats.kpis: unknown metric 'profit'",
    "stats.access.admin: 'moderator' does not read the rows (access.admin.read)",
  ]);
});
