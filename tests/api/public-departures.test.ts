/**
 * SPEC §21 "which departures the service page offers are counted in the platform's time zone. A departure that has
 * left is never offered or preselected": the public reads of departures (the service page, its booking form's
 * preselected departure, the home cards' next departures, the server's first paint, all through `GET
 * /api/schedules`) answer only departures that can still be booked, those whose day is after the platform's today
 * (`settings.general.timezone`), whatever day the asking page counts from. On both databases.
 */
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { addDays, dayIn } from '../../resources/shared/departure';
import { call, describeEachEngine, suiteServer } from './harness';
import { create, dayFromNow, signInAll, type Sessions } from './workflows-helpers';

describeEachEngine('public departures: only those that can still be booked', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });
  let s: Sessions;
  const ids: Record<string, number> = {};

  const setZone = (zone: string) =>
    sql`update settings set "values" = jsonb_set("values", '{timezone}', ${JSON.stringify(zone)}::jsonb) where "group" = 'general'`.execute(
      server.db,
    );
  /** What a page asks for: the service's departures from the day it counts (UTC), soonest first. */
  const offered = async (cookie?: string) => {
    const filter = encodeURIComponent(
      JSON.stringify({ serviceId: [1], startDate_gte: addDays(dayIn(new Date(), 'UTC'), -1) }),
    );
    const answer = await call(server, 'GET', `/api/schedules?filter=${filter}&range=[0,499]&sort=["startDate","ASC"]`, {
      cookie,
    });
    expect(answer.status).toBe(200);
    return (answer.body as { id: number; startDate: string }[]).filter((row) => Object.values(ids).includes(row.id));
  };

  beforeAll(async () => {
    s = await signInAll(server);
    const utcToday = dayIn(new Date(), 'UTC');
    // Departures on the days around today, whatever zone counts it: yesterday to three days on (UTC days).
    for (const offset of [-1, 0, 1, 2, 3]) {
      const row = await create(server, 'schedules', s.partner, {
        serviceId: 1,
        startDate: dayFromNow(20 + offset),
        endDate: dayFromNow(20 + offset),
        capacity: 10,
      });
      const day = addDays(utcToday, offset);
      await server.db.updateTable('schedules').set({ startDate: day, endDate: day }).where('id', '=', row.id).execute();
      ids[day] = row.id;
    }
  });

  for (const zone of ['Asia/Vientiane', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
    it(`counted in the platform's time zone (${zone}): none of its today or before, every one after`, async () => {
      await setZone(zone);
      const today = dayIn(new Date(), zone);
      for (const cookie of [undefined, s.customer1]) {
        const days = (await offered(cookie)).map((row) => String(row.startDate).slice(0, 10));
        expect(
          days.every((day) => day > today),
          `${zone} ${today}: ${days}`,
        ).toBe(true);
        expect(days).toEqual(
          Object.keys(ids)
            .filter((day) => day > today)
            .sort(),
        );
        // The first one, the page's preselected departure, is one that can still be booked.
        expect(days[0] > today).toBe(true);
      }
    });
  }

  it('a departure that has left is not there by id either, for a visitor', async () => {
    await setZone('Asia/Vientiane');
    const today = dayIn(new Date(), 'Asia/Vientiane');
    const gone = Object.entries(ids).find(([day]) => day <= today)!;
    expect((await call(server, 'GET', `/api/schedules/${gone[1]}`)).status).toBe(404);
    const ahead = Object.entries(ids).find(([day]) => day > today)!;
    expect((await call(server, 'GET', `/api/schedules/${ahead[1]}`)).status).toBe(200);
  });
});
