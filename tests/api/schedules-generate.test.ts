/**
 * SPEC §14 "Departures by rule" over real HTTP: `POST /api/schedules/-/generate` and its preview create one
 * departure per matching day and time for the partner's own service, skip those already there, keep to the
 * limits, name each bad field, and refuse other partners' services, customers and visitors.
 */
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';
import { create, dayFromNow, IDS, signInAll, type Sessions } from './workflows-helpers';

/** The ISO weekday (Monday = 1) of a 'YYYY-MM-DD'. */
const isoWeekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

describeEachEngine('departures by rule', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });
  let s: Sessions;
  /** An approved service of each demo partner, and one of the first partner's in a state that takes no departures. */
  let own: number;
  let others: number;
  let closed: number;
  /** Each test takes its own window of days, so departures from other tests never overlap it. */
  let nextWindow = 1400;
  /** `days` days, both ends included. */
  const window = (days: number) => {
    const from = dayFromNow(nextWindow);
    nextWindow += days + 5;
    return { from, to: dayFromNow(nextWindow - 6) };
  };
  const generate = (body: unknown, cookie = s.partner) =>
    call(server, 'POST', '/api/schedules/-/generate', { cookie, body });
  const preview = (body: unknown, cookie = s.partner) =>
    call(server, 'POST', '/api/schedules/-/generate-preview', { cookie, body });
  const departuresOf = async (serviceId: number, from: string, to: string) =>
    (
      await sql<{ startDate: unknown; startTime: string; partnerId: number; endDate: unknown; capacity: number }>`
        select "startDate"::text as "startDate", "startTime", "partnerId", "endDate"::text as "endDate", capacity
        from schedules where "serviceId" = ${serviceId} and "startDate" between ${from} and ${to}
        order by "startDate", "startTime"`.execute(server.db)
    ).rows;
  const rule = (overrides: Record<string, unknown> = {}) => ({
    serviceId: own,
    ...window(7),
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    times: ['08:00', '17:00'],
    capacity: 12,
    ...overrides,
  });

  beforeAll(async () => {
    s = await signInAll(server);
    const services = (
      await sql<{ id: number; partnerId: number; status: string }>`
        select id, "partnerId", status from services order by id`.execute(server.db)
    ).rows;
    own = Number(services.find((row) => row.partnerId == IDS.partners.partner && row.status === 'approved')!.id);
    others = Number(services.find((row) => row.partnerId == IDS.partners.partner2 && row.status === 'approved')!.id);
    closed = Number(services.find((row) => row.partnerId == IDS.partners.partner && row.id != own)!.id);
    await sql`update services set status = 'archived' where id = ${closed}`.execute(server.db);
  });

  it('creates one departure per matching day and time (201), all the partner’s, ending endOffsetDays later', async () => {
    const { from, to } = window(14);
    const answer = await generate(rule({ from, to, weekdays: [1, 3, 5], times: ['17:00', '08:00'], endOffsetDays: 1 }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const rows = await departuresOf(own, from, to);
    // 14 days hold exactly two of each weekday: Monday, Wednesday and Friday, twice each, at two times.
    expect(answer.body).toEqual({ created: 12, skipped: 0 });
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      expect([1, 3, 5]).toContain(isoWeekday(String(row.startDate)));
      expect(Number(row.partnerId)).toBe(IDS.partners.partner);
      expect(Number(row.capacity)).toBe(12);
      const next = new Date(Date.parse(`${row.startDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      expect(row.endDate).toBe(next);
    }
    expect(rows.slice(0, 2).map((row) => row.startTime)).toEqual(['08:00', '17:00']);
    // The partner reads them through the API, like a departure added by hand.
    const listed = await call(
      server,
      'GET',
      `/api/schedules?filter=${encodeURIComponent(JSON.stringify({ serviceId: own, startDate_gte: from, startDate_lte: to }))}&range=[0,99]`,
      { cookie: s.partner },
    );
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(12);
    const theirs = await call(
      server,
      'GET',
      `/api/schedules?filter=${encodeURIComponent(JSON.stringify({ startDate_gte: from, startDate_lte: to }))}&range=[0,99]`,
      { cookie: s.partner2 },
    );
    expect(theirs.body).toHaveLength(0);
  });

  it('skips a day and time that already has a departure, and the preview says so without creating', async () => {
    const body = rule();
    const first = await create(server, 'schedules', s.partner, {
      serviceId: own,
      startDate: body.from,
      endDate: body.from,
      startTime: '08:00',
      capacity: 5,
    });
    expect(first.id).toBeGreaterThan(0);
    const seen = await preview(body);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.created).toBe(13);
    expect(seen.body.skipped).toBe(1);
    expect(seen.body.departures[0]).toEqual({ startDate: body.from, startTime: '17:00' });
    expect(await departuresOf(own, body.from, body.to)).toHaveLength(1);
    const made = await generate(body);
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ created: 13, skipped: 1 });
    const again = await generate(body);
    expect(again.body).toEqual({ created: 0, skipped: 14 });
    expect(await departuresOf(own, body.from, body.to)).toHaveLength(14);
  });

  it('keeps to 366 days and 1,000 departures, answering 400 on `to` with the reason', async () => {
    const from = dayFromNow(400);
    const tooLong = await generate(rule({ from, to: dayFromNow(400 + 367), times: ['08:00'] }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual({ to: 'A rule spans at most 366 days' });
    const tooMany = await generate(rule({ from, to: dayFromNow(400 + 366), times: ['08:00', '12:00', '17:00'] }));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual({ to: 'A rule creates at most 1000 departures; this one would create 1101' });
    expect(await departuresOf(own, from, dayFromNow(800))).toHaveLength(0);
    // A full year of twice-daily departures is within both limits.
    const year = await preview(rule({ from, to: dayFromNow(400 + 364) }));
    expect(year.status).toBe(200);
    expect(year.body.created).toBe(730);
  });

  it.each([
    ['serviceId', { serviceId: undefined }, 'This field is required'],
    ['from', { from: '2027-02-30' }, 'Please enter a date as YYYY-MM-DD'],
    ['from', { from: 'tomorrow' }, 'Please enter a date as YYYY-MM-DD'],
    ['from', { from: dayFromNow(-2), to: dayFromNow(3) }, 'The first day must be after today'],
    ['to', { to: '' }, 'This field is required'],
    ['to', { from: dayFromNow(20), to: dayFromNow(19) }, 'The end must not be before the start'],
    ['weekdays', { weekdays: [] }, 'Please choose at least one value'],
    ['weekdays', { weekdays: [0, 1] }, 'Weekdays run from 1 (Monday) to 7 (Sunday)'],
    ['weekdays', { weekdays: [8] }, 'Weekdays run from 1 (Monday) to 7 (Sunday)'],
    ['weekdays', { weekdays: ['1'] }, 'Weekdays run from 1 (Monday) to 7 (Sunday)'],
    ['times', { times: [] }, 'Please choose at least one value'],
    ['times', { times: ['8:00'] }, 'Please enter each time as HH:MM, from 00:00 to 23:59'],
    ['times', { times: ['24:00'] }, 'Please enter each time as HH:MM, from 00:00 to 23:59'],
    ['capacity', { capacity: 0 }, 'The value must be at least 1'],
    ['capacity', { capacity: 2.5 }, 'This field can only contain integer values'],
    ['capacity', { capacity: undefined }, 'This field is required'],
    ['endOffsetDays', { endOffsetDays: -1 }, 'The value must be at least 0'],
    ['colour', { colour: 'red' }, 'This field is not allowed'],
  ])('a bad %s answers 400 naming it (%j) and creates nothing', async (field, overrides, message) => {
    const body = rule(overrides);
    for (const answer of [await generate(body), await preview(body)]) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.message).toBe('Invalid input');
      expect(answer.body.errors).toEqual({ [field]: message });
    }
    const { from, to } = body as { from: string; to: string };
    const day = (text: string) =>
      /^\d{4}-\d{2}-\d{2}$/.test(text) && text === new Date(Date.parse(text) || 0).toISOString().slice(0, 10);
    if (day(from) && day(to) && from <= to) expect(await departuresOf(own, from, to)).toHaveLength(0);
  });

  it('names every bad field at once', async () => {
    const answer = await generate({ serviceId: own, from: 'x', to: 'y', weekdays: [], times: ['9'], capacity: 0 });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors).sort()).toEqual(['capacity', 'from', 'times', 'to', 'weekdays']);
  });

  it("refuses another partner's service (404) and a service that takes no departures (409)", async () => {
    const body = rule({ serviceId: others });
    expect((await generate(body)).status).toBe(404);
    expect((await preview(body)).status).toBe(404);
    expect((await generate(rule({ serviceId: 999_999 }))).status).toBe(404);
    expect(await departuresOf(others, body.from, body.to)).toHaveLength(0);
    const archived = await generate(rule({ serviceId: closed }));
    expect(archived.status).toBe(409);
    // The owner of the other service may, on the same days.
    const theirs = await generate(body, s.partner2);
    expect(theirs.status).toBe(201);
    expect(theirs.body.created).toBe(14);
    for (const row of await departuresOf(others, body.from, body.to))
      expect(Number(row.partnerId)).toBe(IDS.partners.partner2);
  });

  it('refuses visitors (401), customers and admins who add no departures (403)', async () => {
    const body = rule();
    expect((await call(server, 'POST', '/api/schedules/-/generate', { body })).status).toBe(401);
    expect((await call(server, 'POST', '/api/schedules/-/generate-preview', { body })).status).toBe(401);
    for (const cookie of [s.customer1, s.moderator, s.finance, s.support]) {
      expect((await generate(body, cookie)).status).toBe(403);
      expect((await preview(body, cookie)).status).toBe(403);
    }
    expect(await departuresOf(own, body.from, body.to)).toHaveLength(0);
  });

  it('lets the super admin, who may add a departure to any service, add them by rule: they stay the partner’s', async () => {
    const body = rule({ serviceId: others });
    const made = await generate(body, s.admin);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toEqual({ created: 14, skipped: 0 });
    for (const row of await departuresOf(others, body.from, body.to))
      expect(Number(row.partnerId)).toBe(IDS.partners.partner2);
  });

  it('the preview and the generation agree at the calendar’s ends: what cannot be written is refused by both, naming the field', async () => {
    // Departures ending past 9999-12-31 (the database's last day) and a year 0 (which it has not).
    const late = rule({ serviceId: others, from: '9999-12-20', to: '9999-12-31', endOffsetDays: 5 });
    const early = rule({ serviceId: others, from: '0000-01-01', to: '0000-01-07' });
    for (const body of [late, early]) {
      const promised = await preview(body, s.admin);
      const made = await generate(body, s.admin);
      expect(promised.status, JSON.stringify(promised.body)).toBe(400);
      expect(made.status, JSON.stringify(made.body)).toBe(400);
      expect(made.body).toEqual(promised.body);
      expect(Object.keys(made.body.errors ?? {}).length, JSON.stringify(made.body)).toBeGreaterThan(0);
    }
    expect((await preview(late, s.admin)).body.errors).toEqual({ to: 'Please enter a date as YYYY-MM-DD' });
    // A rule that ends on the last day is written whole.
    const last = await generate(rule({ serviceId: others, from: '9999-12-25', to: '9999-12-31' }), s.admin);
    expect(last.status, JSON.stringify(last.body)).toBe(201);
    expect(last.body.created).toBe(14);
  });

  it('creates every departure in one transaction: a failure leaves none', async () => {
    // 600 departures: written in more than one statement, the last of which fails on the probe below.
    const body = rule({ from: dayFromNow(1000), to: dayFromNow(1299) });
    await sql`alter table schedules add constraint generate_probe check ("startDate" <> ${sql.lit(body.to)}::date)`.execute(
      server.db,
    );
    try {
      const answer = await generate(body);
      expect(answer.status).toBeGreaterThanOrEqual(400);
    } finally {
      await sql`alter table schedules drop constraint generate_probe`.execute(server.db);
    }
    expect(await departuresOf(own, body.from, body.to)).toHaveLength(0);
  });

  it('audits each departure as created by the partner', async () => {
    const body = rule({ weekdays: [isoWeekday(dayFromNow(nextWindow))], times: ['09:30'] });
    const made = await generate(body);
    expect(made.status).toBe(201);
    const audits = await sql<{ n: number }>`
      select count(*)::int as n from audit_log where resource = 'schedules' and action = 'create'
      and "actorKind" = 'partner' and "recordId" in (
        select id from schedules where "serviceId" = ${own} and "startDate" between ${body.from} and ${body.to})`.execute(
      server.db,
    );
    expect(audits.rows[0].n).toBe(made.body.created);
  });
});
