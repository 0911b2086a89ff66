import { beforeAll, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';
import { dayFromNow } from './workflows-helpers';

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** SPEC §14 times and places: a departure's start time and meeting point, a service's localized meeting point. */
describeEachEngine('departure times and meeting points', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });
  let partner = '';
  let serviceId = 0;
  beforeAll(async () => {
    partner = await server.login('partner@example.com', 'Partner#2026');
    const services = await call(server, 'GET', `/api/services?filter=${q({ status: 'approved' })}&range=[0,0]`, {
      cookie: partner,
    });
    serviceId = services.body[0].id;
  });

  it('a departure keeps its HH:MM start time and its own meeting point, and shows both to the public', async () => {
    const created = await call(server, 'POST', '/api/schedules', {
      cookie: partner,
      body: {
        serviceId,
        startDate: dayFromNow(50),
        endDate: dayFromNow(50),
        startTime: '17:00',
        meetingPoint: { en: 'Chao Anouvong pier', lo: 'ທ່າເຮືອເຈົ້າອານຸວົງ' },
        capacity: 12,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ startTime: '17:00', meetingPoint: { en: 'Chao Anouvong pier' } });
    const shown = await call(server, 'GET', `/api/schedules/${created.body.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ startTime: '17:00', meetingPoint: { lo: 'ທ່າເຮືອເຈົ້າອານຸວົງ' } });
  });

  it('a start time that is not HH:MM is refused with a 400 naming the field', async () => {
    for (const startTime of ['25:00', '7:30', '07:60', 'noon']) {
      const refused = await call(server, 'POST', '/api/schedules', {
        cookie: partner,
        body: { serviceId, startDate: dayFromNow(51), endDate: dayFromNow(51), startTime, capacity: 5 },
      });
      expect(refused.status, startTime).toBe(400);
      expect(Object.keys(refused.body.errors), startTime).toEqual(['startTime']);
    }
  });

  it('the demo services meet somewhere in every language, and their departures leave at a time', async () => {
    const service = await call(server, 'GET', `/api/services/${serviceId}`, { cookie: partner });
    expect(Object.keys(service.body.meetingPoint ?? {}).sort()).toEqual(['en', 'lo', 'th', 'vi', 'zh']);
    const departures = await call(server, 'GET', `/api/schedules?filter=${q({ serviceId })}&range=[0,9]`, {
      cookie: partner,
    });
    expect(departures.body.length).toBeGreaterThan(0);
    for (const departure of departures.body) expect(departure.startTime).toMatch(/^\d\d:\d\d$/);
  });
});
