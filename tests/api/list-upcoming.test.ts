/**
 * A list with an `upcoming` date (schedules) can be read upcoming first: today onward, soonest first,
 * then the past, latest first (`sort=["upcoming","ASC"]`); only lists with an `upcoming` date have it.
 */
import { beforeAll, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';

const sortOf = (field: string, order: string) => encodeURIComponent(JSON.stringify([field, order]));

describeEachEngine('lists: upcoming first', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });
  let partner: string;
  let admin: string;

  beforeAll(async () => {
    partner = await server.login('partner@example.com', 'Partner#2026');
    admin = await server.login('admin@example.com', 'Admin#2026');
  });

  it('today onward ascending, then the past descending, for the partner and the admin alike', async () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const cookie of [partner, admin]) {
      const { status, body } = await call(server, 'GET', `/api/schedules?sort=${sortOf('upcoming', 'ASC')}`, {
        cookie,
      });
      expect(status).toBe(200);
      const dates = (body as { startDate: string }[]).map((row) => row.startDate);
      const upcoming = dates.filter((date) => date >= today);
      const past = dates.filter((date) => date < today);
      expect(upcoming.length).toBeGreaterThan(0);
      expect(past.length).toBeGreaterThan(0);
      expect(dates).toEqual([...[...upcoming].sort(), ...[...past].sort().reverse()]);
    }
    // Pages follow the same order.
    const all = await call(server, 'GET', `/api/schedules?sort=${sortOf('upcoming', 'ASC')}`, { cookie: admin });
    const second = await call(
      server,
      'GET',
      `/api/schedules?sort=${sortOf('upcoming', 'ASC')}&range=${encodeURIComponent('[2,3]')}`,
      { cookie: admin },
    );
    expect(second.body.map((row: { id: number }) => row.id)).toEqual(
      all.body.slice(2, 4).map((row: { id: number }) => row.id),
    );
  });

  it('the export takes the upcoming sort (rows by date); a list without an upcoming date refuses it with 400', async () => {
    const csv = await fetch(`${server.baseUrl}/api/schedules/-/export.csv?sort=${sortOf('upcoming', 'ASC')}`, {
      headers: { cookie: admin },
    });
    expect(csv.status).toBe(200);
    expect((await csv.text()).split('\n').length).toBeGreaterThan(2);
    for (const [url, message] of [
      [`/api/orders?sort=${sortOf('upcoming', 'ASC')}`, 'Unknown sort field: upcoming'],
      [`/api/schedules?sort=${sortOf('upcoming', 'DESC')}`, 'Invalid sort parameter'],
    ]) {
      const answer = await call(server, 'GET', url, { cookie: admin });
      expect(answer.status, url).toBe(400);
      expect(answer.body.message, url).toBe(message);
    }
  });
});
