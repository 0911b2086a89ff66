/**
 * A traveller's own booking always names its service as booked (SPEC §13: references are drawn as their display
 * value): once the service is no longer public (archived, suspended), its public fields stay readable by id to the
 * accounts whose own records reference it, and to nobody else; the catalogue leaves it out. On both databases.
 */
import { beforeAll, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';
import { create, dayFromNow, IDS, roomyHolds, signInAll, type Sessions } from './workflows-helpers';

describeEachEngine('references a reader’s own records name', (engine) => {
  const server = suiteServer({ engine, seed: 'small', setup: roomyHolds });
  let s: Sessions;
  let serviceId = 0;

  const byIds = (ids: number[], cookie?: string) =>
    call(server, 'GET', `/api/services?filter=${encodeURIComponent(JSON.stringify({ id: ids }))}`, { cookie });

  beforeAll(async () => {
    s = await signInAll(server);
    // An approved service of the partner that the other customer has never booked.
    const theirs = await server.db
      .selectFrom('orders')
      .select('serviceId')
      .where('userId', '=', IDS.users.customer2)
      .execute();
    const candidate = await server.db
      .selectFrom('services')
      .select('id')
      .where('status', '=', 'approved')
      .where('partnerId', '=', IDS.partners.partner)
      .where('id', 'not in', [0, ...theirs.map((row) => Number(row.serviceId))])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    serviceId = Number(candidate.id);
    const schedule = await create(server, 'schedules', s.partner, {
      serviceId,
      startDate: dayFromNow(15),
      endDate: dayFromNow(15),
      capacity: 20,
    });
    await create(server, 'orders', s.customer1, { scheduleId: schedule.id, quantity: 1 });
    // The service leaves the catalogue after the booking.
    await server.db.updateTable('services').set({ status: 'archived' }).where('id', '=', serviceId).execute();
  });

  it('the booking’s customer still reads the service’s title by id, with its public fields only', async () => {
    const one = await call(server, 'GET', `/api/services/${serviceId}`, { cookie: s.customer1 });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.title?.en).toBeTruthy();
    expect(one.body).not.toHaveProperty('status');
    expect(one.body).not.toHaveProperty('commissionRate');
    const many = await byIds([serviceId, 2], s.customer1);
    expect(many.status).toBe(200);
    expect(many.body.map((row: { id: number }) => row.id)).toContain(serviceId);
    expect(many.body.find((row: { id: number }) => row.id === serviceId)).not.toHaveProperty('status');
  });

  it('the catalogue, another customer and a visitor do not see it', async () => {
    const catalogue = await call(server, 'GET', '/api/services?range=[0,199]', { cookie: s.customer1 });
    expect(catalogue.status).toBe(200);
    expect(catalogue.body.map((row: { id: number }) => row.id)).not.toContain(serviceId);
    for (const cookie of [s.customer2, undefined]) {
      const one = await call(server, 'GET', `/api/services/${serviceId}`, { cookie });
      expect(one.status).toBe(404);
      const many = await byIds([serviceId], cookie);
      expect(many.body).toEqual([]);
    }
  });
});
