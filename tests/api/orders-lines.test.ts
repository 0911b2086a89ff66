import { beforeAll, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';
import { create, dayFromNow, getRecord, list, ok, roomyHolds, signInAll, type Sessions } from './workflows-helpers';

/** The small seed's service of partner@example.com the API tests book (resources/demo/demo.ts, LAK 400,000). */
const SERVICE = 1;
const ADULT = 400_000;
const CHILD = 150_000;
const TYPES = [
  { code: 'ADULT', name: { en: 'Adult', lo: 'ຜູ້ໃຫຍ່' }, price: ADULT, minAge: 12 },
  { code: 'CHILD', name: { en: 'Child', lo: 'ເດັກນ້ອຍ' }, price: CHILD, maxAge: 11 },
];

const countBy = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

/** SPEC §14 ticket types and order lines: seats booked by type, each line priced when booked. */
describeEachEngine('ticket types and order lines', (engine) => {
  const server = suiteServer({ engine, seed: 'small', setup: roomyHolds });
  let sessions: Sessions;
  let days = 60;
  const departure = async (body: Record<string, unknown> = {}) => {
    days += 1;
    return create(server, 'schedules', sessions.partner, {
      serviceId: SERVICE,
      startDate: dayFromNow(days),
      endDate: dayFromNow(days),
      capacity: 20,
      ...body,
    });
  };
  const book = (body: Record<string, unknown>, cookie = sessions.user) =>
    call(server, 'POST', '/api/orders', { cookie, body });

  beforeAll(async () => {
    sessions = await signInAll(server);
    // A moderator's edit keeps the service on sale (a partner's would send it back to review).
    const edited = await call(server, 'PUT', `/api/services/${SERVICE}`, {
      cookie: sessions.moderator,
      body: { ticketTypes: TYPES },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ price: ADULT, status: 'approved', ticketTypes: TYPES });
  });

  it('books 2 adults + 1 child: lines priced when booked, quantity and total their sums, shown to its customer', async () => {
    const schedule = await departure();
    const placed = await book({
      scheduleId: schedule.id,
      lines: [
        { ticketType: 'ADULT', quantity: 2 },
        { ticketType: 'CHILD', quantity: 1 },
      ],
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.lines).toEqual([
      { ticketType: 'ADULT', quantity: 2, unitPrice: ADULT, name: TYPES[0].name },
      { ticketType: 'CHILD', quantity: 1, unitPrice: CHILD, name: TYPES[1].name },
    ]);
    expect(placed.body).toMatchObject({ quantity: 3, total: 2 * ADULT + CHILD });
    const read = await getRecord(server, 'orders', placed.body.id, sessions.user);
    expect(read.lines).toEqual(placed.body.lines);
    // The hold takes every seat (the API's seatsBooked counts running holds); the charge, the commission and the
    // seats paid follow the total and the sum.
    expect(await getRecord(server, 'schedules', schedule.id, sessions.partner)).toMatchObject({ seatsBooked: 3 });
    const paid = await ok(server, 'orders', placed.body.id, 'pay', sessions.finance);
    expect(paid.commission).toBe(Math.round(((2 * ADULT + CHILD) * paid.commissionRate) / 100));
    const charges = await list(server, 'payments', sessions.finance, { orderId: placed.body.id });
    expect(charges.map((p) => [p.kind, p.amount])).toEqual([['charge', 2 * ADULT + CHILD]]);
    expect(await getRecord(server, 'schedules', schedule.id, sessions.partner)).toMatchObject({ seatsBooked: 3 });
    // The guide's manifest counts the seats by type (SPEC §15).
    const manifest = await call(server, 'GET', `/api/schedules/${schedule.id}/manifest`, { cookie: sessions.partner });
    expect(manifest.body.rows).toMatchObject([{ code: placed.body.code, seats: '2 ADULT, 1 CHILD', paid: true }]);
    expect(manifest.body.totals).toMatchObject({ bookings: 1, seats: 3, paidSeats: 3 });
    // A cancellation gives back the terms' share of the lines' total.
    const preview = await call(server, 'GET', `/api/orders/${placed.body.id}/cancel-preview`, {
      cookie: sessions.user,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.refundAmount).toBe(Math.round(((2 * ADULT + CHILD) * preview.body.refundPercent) / 100));
  });

  it('{scheduleId, quantity} alone books the default type', async () => {
    const schedule = await departure();
    const placed = await book({ scheduleId: schedule.id, quantity: 2 });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.lines).toEqual([{ ticketType: 'ADULT', quantity: 2, unitPrice: ADULT, name: TYPES[0].name }]);
    expect(placed.body).toMatchObject({ quantity: 2, unitPrice: ADULT, total: 2 * ADULT });
  });

  it('an unknown ticket type is a 400 naming lines, and nothing is booked', async () => {
    const schedule = await departure();
    const refused = await book({
      scheduleId: schedule.id,
      lines: [
        { ticketType: 'ADULT', quantity: 1 },
        { ticketType: 'SENIOR', quantity: 1 },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: 'Invalid input', errors: { lines: 'Unknown ticket type SENIOR' } });
    expect(await list(server, 'orders', sessions.admin, { scheduleId: schedule.id })).toHaveLength(0);
  });

  it('bad quantities and lines are 400s naming the line, and nothing is booked', async () => {
    const schedule = await departure();
    const cases: [unknown, string][] = [
      [[{ ticketType: 'ADULT', quantity: 0 }], 'lines.0.quantity'],
      [[{ ticketType: 'ADULT', quantity: -2 }], 'lines.0.quantity'],
      [[{ ticketType: 'ADULT', quantity: 1.5 }], 'lines.0.quantity'],
      [[{ ticketType: 'ADULT', quantity: 'two' }], 'lines.0.quantity'],
      [[{ ticketType: 'ADULT' }], 'lines.0.quantity'],
      [
        [
          { ticketType: 'ADULT', quantity: 1 },
          { ticketType: 'CHILD', quantity: 51 },
        ],
        'lines.1.quantity',
      ],
      [
        [
          { ticketType: 'ADULT', quantity: 30 },
          { ticketType: 'CHILD', quantity: 30 },
        ],
        'lines',
      ],
      [
        [
          { ticketType: 'ADULT', quantity: 1 },
          { ticketType: 'ADULT', quantity: 1 },
        ],
        'lines.1.ticketType',
      ],
      [[{ ticketType: 'adult', quantity: 1 }], 'lines.0.ticketType'],
      [[{ ticketType: 'ADULT', quantity: 1, extra: true }], 'lines.0.extra'],
      ['ADULT', 'lines'],
    ];
    for (const [lines, field] of cases) {
      const refused = await book({ scheduleId: schedule.id, lines });
      expect(refused.status, JSON.stringify(lines)).toBe(400);
      expect(Object.keys(refused.body.errors), JSON.stringify(lines)).toEqual([field]);
    }
    for (const quantity of [0, 51, 'x']) {
      const refused = await book({ scheduleId: schedule.id, quantity });
      expect(refused.status, String(quantity)).toBe(400);
      expect(Object.keys(refused.body.errors)).toEqual(['quantity']);
    }
    // A quantity sent beside lines must be their sum.
    const mismatch = await book({
      scheduleId: schedule.id,
      quantity: 5,
      lines: [{ ticketType: 'ADULT', quantity: 2 }],
    });
    expect(mismatch.status).toBe(400);
    expect(Object.keys(mismatch.body.errors)).toEqual(['quantity']);
    expect(await list(server, 'orders', sessions.admin, { scheduleId: schedule.id })).toHaveLength(0);
  });

  it("a departure's price override applies to its type when booked; overrides are checked against the types", async () => {
    const schedule = await departure({ priceOverrides: { CHILD: 100_000 } });
    expect(schedule.priceOverrides).toEqual({ CHILD: 100_000 });
    const placed = await book({
      scheduleId: schedule.id,
      lines: [
        { ticketType: 'CHILD', quantity: 2 },
        { ticketType: 'ADULT', quantity: 1 },
      ],
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.lines.map((l: any) => [l.ticketType, l.quantity, l.unitPrice])).toEqual([
      ['CHILD', 2, 100_000],
      ['ADULT', 1, ADULT],
    ]);
    expect(placed.body.total).toBe(2 * 100_000 + ADULT);
    // A later change of the override does not move a booked line's price.
    const changed = await call(server, 'PUT', `/api/schedules/${schedule.id}`, {
      cookie: sessions.partner,
      body: { priceOverrides: { CHILD: 120_000, ADULT: 380_000 } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await getRecord(server, 'orders', placed.body.id, sessions.user)).total).toBe(2 * 100_000 + ADULT);

    for (const [priceOverrides, field] of [
      [{ SENIOR: 1 }, 'priceOverrides'],
      [{ CHILD: -1 }, 'priceOverrides.CHILD'],
      [{ CHILD: 1.5 }, 'priceOverrides.CHILD'],
      [{ CHILD: '100' }, 'priceOverrides.CHILD'],
      [[100], 'priceOverrides'],
    ] as const) {
      const refused = await call(server, 'POST', '/api/schedules', {
        cookie: sessions.partner,
        body: { serviceId: SERVICE, startDate: dayFromNow(90), endDate: dayFromNow(90), capacity: 5, priceOverrides },
      });
      expect(refused.status, JSON.stringify(priceOverrides)).toBe(400);
      expect(Object.keys(refused.body.errors), JSON.stringify(priceOverrides)).toEqual([field]);
    }
  });

  it("ticket types are validated on create and edit, and the service's price is the default type's", async () => {
    const base = {
      title: { en: 'Sunset cruise' },
      tourTypeId: 1,
      provinceId: 1,
      durationDays: 1,
      capacity: 10,
    };
    const bad: [unknown, string][] = [
      [[], 'ticketTypes'],
      [null, 'ticketTypes'],
      [[{ code: 'adult', name: { en: 'Adult' }, price: 1 }], 'ticketTypes.0.code'],
      [[{ code: 'ADULT', price: 1 }], 'ticketTypes.0.name'],
      [[{ code: 'ADULT', name: { en: 'Adult' } }], 'ticketTypes.0.price'],
      [[{ code: 'ADULT', name: { en: 'Adult' }, price: -5 }], 'ticketTypes.0.price'],
      [
        [
          { code: 'ADULT', name: { en: 'Adult' }, price: 5 },
          { code: 'ADULT', name: { en: 'Adult' }, price: 5 },
        ],
        'ticketTypes.1.code',
      ],
      [[{ code: 'CHILD', name: { en: 'Child' }, price: 5, minAge: 12, maxAge: 3 }], 'ticketTypes.0.maxAge'],
    ];
    for (const [ticketTypes, field] of bad) {
      const refused = await call(server, 'POST', '/api/services', {
        cookie: sessions.partner,
        body: { ...base, ticketTypes },
      });
      expect(refused.status, JSON.stringify(ticketTypes)).toBe(400);
      expect(Object.keys(refused.body.errors), JSON.stringify(ticketTypes)).toEqual([field]);
    }
    const created = await create(server, 'services', sessions.partner, { ...base, ticketTypes: TYPES });
    expect(created.price).toBe(ADULT);
    // A price alone names the default type's price; the types follow.
    const byPrice = await create(server, 'services', sessions.partner, { ...base, price: 90_000 });
    expect(byPrice.ticketTypes).toMatchObject([{ code: 'ADULT', price: 90_000, name: { en: 'Adult' } }]);
    const edited = await call(server, 'PUT', `/api/services/${created.id}`, {
      cookie: sessions.partner,
      body: { ticketTypes: [{ ...TYPES[1], price: 70_000 }, TYPES[0]] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.price).toBe(70_000);
    const refused = await call(server, 'PUT', `/api/services/${created.id}`, {
      cookie: sessions.partner,
      body: { ticketTypes: [] },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors)).toEqual(['ticketTypes']);
  });

  it("a partner sees only its own services' types and prices its own departures only", async () => {
    const own = await list(server, 'services', sessions.partner2, {});
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((s) => s.partnerId !== 1)).toBe(true);
    expect((await call(server, 'GET', `/api/services/${SERVICE}`, { cookie: sessions.partner2 })).status).toBe(404);
    const refused = await call(server, 'POST', '/api/schedules', {
      cookie: sessions.partner2,
      body: {
        serviceId: SERVICE,
        startDate: dayFromNow(91),
        endDate: dayFromNow(91),
        capacity: 5,
        priceOverrides: { CHILD: 1 },
      },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors)).toEqual(['serviceId']);
    // The public reads every approved service's types (the booking form prices them).
    const shown = await call(server, 'GET', `/api/services/${SERVICE}`);
    expect(shown.body.ticketTypes.map((t: any) => t.code)).toEqual(['ADULT', 'CHILD']);
  });

  it('20 bookings at once of the last seats across ticket types never oversell', async () => {
    const capacity = 6;
    const schedule = await departure({ capacity });
    const customers = [sessions.user, sessions.customer1, sessions.customer2, sessions.customer3];
    const shapes = [
      [{ ticketType: 'ADULT', quantity: 1 }],
      [{ ticketType: 'CHILD', quantity: 1 }],
      [
        { ticketType: 'ADULT', quantity: 1 },
        { ticketType: 'CHILD', quantity: 1 },
      ],
      [
        { ticketType: 'ADULT', quantity: 2 },
        { ticketType: 'CHILD', quantity: 1 },
      ],
    ];
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        book({ scheduleId: schedule.id, lines: shapes[i % shapes.length] }, customers[i % customers.length]),
      ),
    );
    const ms = Date.now() - started;
    const statuses = countBy(results.map((r) => r.status));
    expect(Object.keys(statuses).sort()).toEqual(expect.arrayContaining(['201']));
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const placed = await list(server, 'orders', sessions.admin, { scheduleId: schedule.id });
    const sold = placed.reduce((n, o) => n + Number(o.quantity), 0);
    const byType: Record<string, number> = {};
    for (const order of placed) {
      expect(order.quantity).toBe(order.lines.reduce((n: number, l: any) => n + l.quantity, 0));
      expect(order.total).toBe(order.lines.reduce((n: number, l: any) => n + l.quantity * l.unitPrice, 0));
      for (const line of order.lines) byType[line.ticketType] = (byType[line.ticketType] ?? 0) + line.quantity;
    }
    expect(placed).toHaveLength(statuses[201]);
    expect(sold).toBeLessThanOrEqual(capacity);
    // Every refusal came when fewer seats were left than it asked for: at most a one-seat gap stays unsold.
    expect(sold).toBeGreaterThanOrEqual(capacity - 1);
    // Nothing else fits now: one more seat of either type is refused.
    const after = await book({
      scheduleId: schedule.id,
      lines: [{ ticketType: 'CHILD', quantity: capacity - sold + 1 }],
    });
    expect(after.status).toBe(409);
    console.log(
      `[race ${engine}] 20 bookings at once on a ${capacity}-seat departure across ADULT and CHILD: ` +
        `${JSON.stringify(statuses)} in ${ms} ms; seats sold ${sold}/${capacity} ${JSON.stringify(byType)}`,
    );
  });
});
