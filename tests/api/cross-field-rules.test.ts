import { beforeAll, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';
import { dayFromNow } from './workflows-helpers';

const END_BEFORE_START = 'The end must not be before the start';
const MAX_BELOW_MIN = 'The maximum must not be less than the minimum';
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** Cross-field rules of the config language (`rules`), and the ranges of list filters, on the server. */
describeEachEngine('cross-field rules', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });
  let partner = '';
  let admin = '';
  let serviceId = 0;
  beforeAll(async () => {
    partner = await server.login('partner@example.com', 'Partner#2026');
    admin = await server.login('admin@example.com', 'Admin#2026');
    const services = await call(server, 'GET', `/api/services?filter=${q({ status: 'approved' })}&range=[0,0]`, {
      cookie: partner,
    });
    serviceId = services.body[0].id;
  });

  it('a departure ending before it starts is refused on create, with the message on the end date', async () => {
    const refused = await call(server, 'POST', '/api/schedules', {
      cookie: partner,
      body: { serviceId, startDate: dayFromNow(30), endDate: dayFromNow(29), capacity: 5 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ endDate: END_BEFORE_START });
    const oneDay = await call(server, 'POST', '/api/schedules', {
      cookie: partner,
      body: { serviceId, startDate: dayFromNow(30), endDate: dayFromNow(30), capacity: 5 },
    });
    expect(oneDay.status).toBe(201);
  });

  it('an update of either date is checked against the other one as stored', async () => {
    const created = await call(server, 'POST', '/api/schedules', {
      cookie: partner,
      body: { serviceId, startDate: dayFromNow(40), endDate: dayFromNow(42), capacity: 5 },
    });
    expect(created.status).toBe(201);
    const { id, version } = created.body;
    const later = await call(server, 'PUT', `/api/schedules/${id}`, {
      cookie: partner,
      body: { startDate: dayFromNow(43), version },
    });
    expect(later.status).toBe(400);
    expect(later.body.errors).toEqual({ endDate: END_BEFORE_START });
    const earlier = await call(server, 'PUT', `/api/schedules/${id}`, {
      cookie: partner,
      body: { endDate: dayFromNow(39), version },
    });
    expect(earlier.status).toBe(400);
    expect(earlier.body.errors).toEqual({ endDate: END_BEFORE_START });
    const moved = await call(server, 'PUT', `/api/schedules/${id}`, {
      cookie: partner,
      body: { startDate: dayFromNow(41), endDate: dayFromNow(41), version },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ startDate: dayFromNow(41), endDate: dayFromNow(41) });
  });

  it('a list filter whose upper bound lies below its lower bound answers 400 on the upper bound', async () => {
    const amounts = await call(server, 'GET', `/api/orders?filter=${q({ total_gte: 500_000, total_lte: 100_000 })}`, {
      cookie: admin,
    });
    expect(amounts.status).toBe(400);
    expect(amounts.body.errors).toEqual({ total_lte: MAX_BELOW_MIN });
    const days = await call(
      server,
      'GET',
      `/api/schedules?filter=${q({ startDate_gte: dayFromNow(10), startDate_lte: dayFromNow(9) })}`,
      { cookie: partner },
    );
    expect(days.status).toBe(400);
    expect(days.body.errors).toEqual({ startDate_lte: END_BEFORE_START });
    // Equal bounds, and one bound alone, are ranges like any other.
    for (const filter of [{ total_gte: 100_000, total_lte: 100_000 }, { total_lte: 100_000 }]) {
      const fine = await call(server, 'GET', `/api/orders?filter=${q(filter)}`, { cookie: admin });
      expect(fine.status, JSON.stringify(filter)).toBe(200);
    }
  });
});
