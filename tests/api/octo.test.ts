/**
 * SPEC §19 over real HTTP, on both databases: the OCTO supplier API as the OCTO validator's core scenarios walk it
 * (supplier, products, calendar, availability, reserve and its refusals, extend, update, confirm, get, list, cancel),
 * every answer parsed with the OCTO project's own zod schemas (`@octocloud/types` 2.0.4), and what the platform
 * does with it: the reseller's key, the money on the reseller's account, the seats, the partner's view and the gate.
 */
import {
  zAvailability,
  zAvailabilityCalendar,
  zBooking,
  zErrorBadRequest,
  zErrorInvalidAvailabilityId,
  zErrorInvalidBookingUuid,
  zErrorInvalidOptionId,
  zErrorInvalidProductId,
  zErrorInvalidUnitId,
  zErrorUnauthorized,
  zErrorUnprocessableEntity,
  zProduct,
  zSupplier,
} from '@octocloud/types';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { call, describeEachEngine, suiteServer } from './harness';
import { act, create, dayFromNow, getRecord, signInAll, type Sessions } from './workflows-helpers';

/** OCTO's format rules (the validator's): lowercase UUIDs, UTC instants without offset, local starts with one. */
const LOWER_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const LOCAL_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

/** A booking as OCTO parses it, and the format rules of its state. */
function checkBooking(body: unknown) {
  const booking = zBooking.parse(body);
  expect(booking.uuid).toMatch(LOWER_UUID);
  expect(booking.utcCreatedAt).toMatch(UTC);
  expect(booking.utcUpdatedAt).toMatch(UTC);
  if (booking.availability) expect(booking.availability.localDateTimeStart).toMatch(LOCAL_WITH_OFFSET);
  if (booking.status === 'ON_HOLD') {
    expect(booking.utcExpiresAt).toMatch(UTC);
    expect(booking.utcConfirmedAt).toBeNull();
  }
  if (booking.status === 'CONFIRMED') {
    expect(booking.utcExpiresAt).toBeNull();
    expect(booking.utcConfirmedAt).toMatch(UTC);
  }
  if (booking.status === 'CANCELLED') expect(booking.cancellation?.utcCancelledAt).toMatch(UTC);
  else expect(booking.cancellation).toBeNull();
  for (const item of booking.unitItems) expect(item.uuid).toMatch(LOWER_UUID);
  return booking;
}

describeEachEngine('OCTO supplier API (SPEC §19)', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });
  let s: Sessions;
  let keyA: string;
  let keyB: string;
  let resellerA: number;
  let departure: { id: number; startDate: string; startTime: string };

  const octo = (method: string, url: string, key: string | undefined, body?: unknown) =>
    call(server, method, `/api/octo${url}`, {
      ...(body !== undefined && { body }),
      headers: key ? { authorization: `Bearer ${key}` } : {},
    });
  const newReseller = async (name: string) => {
    const made = await call(server, 'POST', '/api/resellers', {
      cookie: s.finance,
      body: { name, contactEmail: `${name.toLowerCase().replace(/\W+/g, '')}@agency.example` },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body as { id: number; apiKey: string };
  };
  const newDeparture = async (days: number, capacity: number, startTime = '08:30') =>
    create(server, 'schedules', s.partner, {
      serviceId: 1,
      startDate: dayFromNow(days),
      endDate: dayFromNow(days),
      startTime,
      capacity,
    });
  const availabilityOf = async (day: string, key = keyA) => {
    const answer = await octo('POST', '/availability', key, { productId: '1', optionId: 'DEFAULT', localDate: day });
    expect(answer.status).toBe(200);
    return (answer.body as unknown[]).map((a) => zAvailability.parse(a));
  };
  const reserve = (key: string, body: Record<string, unknown>) =>
    octo('POST', '/bookings', key, { productId: '1', optionId: 'DEFAULT', ...body });
  let unitId: string;

  beforeAll(async () => {
    s = await signInAll(server);
    const a = await newReseller('Agency A');
    const b = await newReseller('Agency B');
    keyA = a.apiKey;
    keyB = b.apiKey;
    resellerA = a.id;
    departure = await newDeparture(12, 20);
  });

  describe('resellers and their keys', () => {
    it('the key is answered once on create, stored only as its hash, never read back', async () => {
      expect(keyA).toMatch(/^lt_[A-Za-z0-9]{40}$/);
      const row = await server.db
        .selectFrom('resellers')
        .selectAll()
        .where('id', '=', resellerA)
        .executeTakeFirstOrThrow();
      expect(row.apiKeyHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(keyA);
      const read = await getRecord(server, 'resellers', resellerA, s.finance);
      expect(read).not.toHaveProperty('apiKey');
      expect(read).not.toHaveProperty('apiKeyHash');
      expect(read.status).toBe('active');
    });

    it('no key, a wrong key → 401 UNAUTHORIZED in OCTO’s error body', async () => {
      for (const key of [undefined, 'lt_nope']) {
        const answer = await octo('GET', '/supplier', key);
        expect(answer.status).toBe(401);
        expect(zErrorUnauthorized.parse(answer.body).error).toBe('UNAUTHORIZED');
      }
    });

    it('a suspended reseller’s key is refused; reactivated it opens again', async () => {
      const c = await newReseller('Agency C');
      expect((await octo('GET', '/supplier', c.apiKey)).status).toBe(200);
      expect((await act(server, 'resellers', c.id, 'suspend', s.finance, { reason: 'unpaid' })).status).toBe(200);
      const refused = await octo('GET', '/supplier', c.apiKey);
      expect(refused.status).toBe(401);
      expect(refused.body.error).toBe('UNAUTHORIZED');
      expect((await act(server, 'resellers', c.id, 'reactivate', s.finance)).status).toBe(200);
      expect((await octo('GET', '/supplier', c.apiKey)).status).toBe(200);
    });

    it('rotate-key answers a new key once; the old one is dead at once', async () => {
      const d = await newReseller('Agency D');
      const rotated = await act(server, 'resellers', d.id, 'rotate-key', s.finance);
      expect(rotated.status).toBe(200);
      expect(rotated.body.apiKey).toMatch(/^lt_/);
      expect(rotated.body.apiKey).not.toBe(d.apiKey);
      expect(rotated.body).not.toHaveProperty('apiKeyHash');
      expect((await octo('GET', '/supplier', d.apiKey)).status).toBe(401);
      expect((await octo('GET', '/supplier', rotated.body.apiKey)).status).toBe(200);
    });

    it('only finance (or super_admin) manages resellers', async () => {
      const refused = await call(server, 'POST', '/api/resellers', {
        cookie: s.partner,
        body: { name: 'X', contactEmail: 'x@example.com' },
      });
      expect(refused.status).toBe(403);
      const bad = await call(server, 'POST', '/api/resellers', { cookie: s.finance, body: { name: 'X' } });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toHaveProperty('contactEmail');
    });
  });

  describe('supplier and products', () => {
    it('GET /supplier parses as an OCTO supplier', async () => {
      const answer = await octo('GET', '/supplier', keyA);
      expect(answer.status).toBe(200);
      const supplier = zSupplier.parse(answer.body);
      expect(supplier.endpoint).toMatch(/\/api\/octo$/);
    });

    it('GET /products: the public services, each with its ticket types as units', async () => {
      const answer = await octo('GET', '/products', keyA);
      expect(answer.status).toBe(200);
      const products = (answer.body as unknown[]).map((p) => zProduct.parse(p));
      expect(products.length).toBeGreaterThan(0);
      const one = products.find((p) => p.id === '1')!;
      expect(one.availabilityType).toBe('START_TIME');
      expect(one.deliveryFormats).toEqual(['QRCODE']);
      expect(one.options.map((o) => o.id)).toEqual(['DEFAULT']);
      const service = await server.db
        .selectFrom('services')
        .select('ticketTypes')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      const codes = (service.ticketTypes as { code: string }[]).map((t) => t.code);
      expect(one.options[0].units.map((u) => u.id)).toEqual(codes);
      unitId = codes[0];
      // Only public services: none of a draft or of a partner not approved.
      const hidden = await server.db.selectFrom('services').select('id').where('status', '!=', 'approved').execute();
      for (const row of hidden) expect(products.map((p) => p.id)).not.toContain(String(row.id));
      const single = await octo('GET', '/products/1', keyA);
      expect(zProduct.parse(single.body).id).toBe('1');
    });

    it('an unknown product → 400 INVALID_PRODUCT_ID naming it', async () => {
      for (const id of ['999999', 'abc']) {
        const answer = await octo('GET', `/products/${id}`, keyA);
        expect(answer.status).toBe(400);
        expect(zErrorInvalidProductId.parse(answer.body)).toMatchObject({ error: 'INVALID_PRODUCT_ID', productId: id });
      }
    });
  });

  describe('availability', () => {
    it('the calendar answers every day of the range; a day without a departure is CLOSED', async () => {
      const from = dayFromNow(10);
      const to = dayFromNow(14);
      const answer = await octo('POST', '/availability/calendar', keyA, {
        productId: '1',
        optionId: 'DEFAULT',
        localDateStart: from,
        localDateEnd: to,
      });
      expect(answer.status).toBe(200);
      const days = (answer.body as unknown[]).map((d) => zAvailabilityCalendar.parse(d));
      expect(days.map((d) => d.localDate)).toEqual([10, 11, 12, 13, 14].map((n) => dayFromNow(n)));
      const booked = days.find((d) => d.localDate === departure.startDate)!;
      expect(booked.available).toBe(true);
      expect(booked.vacancies).toBeGreaterThanOrEqual(20);
      const departures = await server.db
        .selectFrom('schedules')
        .select('startDate')
        .where('serviceId', '=', 1)
        .execute();
      const taken = new Set(departures.map((d) => String(d.startDate instanceof Date ? '' : d.startDate)));
      const empty = days.find(
        (d) => !taken.has(d.localDate) && d.localDate !== departure.startDate && d.capacity === 0,
      );
      if (empty) expect(empty).toMatchObject({ status: 'CLOSED', available: false });
    });

    it('a calendar or availability without its dates → 400 BAD_REQUEST', async () => {
      for (const url of ['/availability/calendar', '/availability']) {
        const answer = await octo('POST', url, keyA, { productId: '1', optionId: 'DEFAULT' });
        expect(answer.status).toBe(400);
        expect(zErrorBadRequest.parse(answer.body).error).toBe('BAD_REQUEST');
      }
      const bad = await octo('POST', '/availability', keyA, {
        productId: '1',
        optionId: 'DEFAULT',
        localDateStart: '2026-02-30',
        localDateEnd: '2026-03-01',
      });
      expect(bad.body.error).toBe('BAD_REQUEST');
      expect(bad.body.errorMessage).toContain('localDateStart');
    });

    it('by date, by range and by ids: a departure is an availability, its id its local start with offset', async () => {
      const [one] = (await availabilityOf(departure.startDate)).filter((a) =>
        a.id.startsWith(`${departure.startDate}T08:30`),
      );
      expect(one.id).toMatch(LOCAL_WITH_OFFSET);
      expect(one.id).toBe(`${departure.startDate}T08:30:00+07:00`);
      expect(one.localDateTimeStart).toBe(one.id);
      expect(one.utcCutoffAt).toMatch(UTC);
      expect(one).toMatchObject({ status: 'AVAILABLE', available: true, capacity: 20, vacancies: 20 });
      const range = await octo('POST', '/availability', keyA, {
        productId: '1',
        optionId: 'DEFAULT',
        localDateStart: dayFromNow(11),
        localDateEnd: dayFromNow(13),
      });
      expect((range.body as unknown[]).map((a) => zAvailability.parse(a).id)).toContain(one.id);
      const byIds = await octo('POST', '/availability', keyA, {
        productId: '1',
        optionId: 'DEFAULT',
        availabilityIds: [one.id],
      });
      expect((byIds.body as unknown[]).map((a) => zAvailability.parse(a).id)).toEqual([one.id]);
    });

    it('unknown ids, option and units → their INVALID_* errors', async () => {
      const ids = await octo('POST', '/availability', keyA, {
        productId: '1',
        optionId: 'DEFAULT',
        availabilityIds: [`${departure.startDate}T23:11:00+07:00`],
      });
      expect(ids.status).toBe(400);
      expect(zErrorInvalidAvailabilityId.parse(ids.body).error).toBe('INVALID_AVAILABILITY_ID');
      const option = await octo('POST', '/availability', keyA, {
        productId: '1',
        optionId: 'NOPE',
        localDate: departure.startDate,
      });
      expect(zErrorInvalidOptionId.parse(option.body)).toMatchObject({ error: 'INVALID_OPTION_ID', optionId: 'NOPE' });
      const units = await octo('POST', '/availability', keyA, {
        productId: '1',
        optionId: 'DEFAULT',
        localDate: departure.startDate,
        units: [{ id: 'DRAGON', quantity: 1 }],
      });
      expect(zErrorInvalidUnitId.parse(units.body)).toMatchObject({ error: 'INVALID_UNIT_ID', unitId: 'DRAGON' });
      const product = await octo('POST', '/availability/calendar', keyA, {
        productId: '424242',
        optionId: 'DEFAULT',
        localDateStart: departure.startDate,
        localDateEnd: departure.startDate,
      });
      expect(zErrorInvalidProductId.parse(product.body).error).toBe('INVALID_PRODUCT_ID');
    });
  });

  describe('bookings', () => {
    const availabilityId = () => `${departure.startDate}T08:30:00+07:00`;

    it('reserve → ON_HOLD holding its seats; its refusals in OCTO’s codes', async () => {
      const answer = await reserve(keyA, {
        availabilityId: availabilityId(),
        unitItems: [{ unitId }, { unitId }],
        resellerReference: 'A-100',
        expirationMinutes: 30,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const booking = checkBooking(answer.body);
      expect(booking).toMatchObject({
        status: 'ON_HOLD',
        resellerReference: 'A-100',
        availabilityId: availabilityId(),
      });
      expect(booking.unitItems).toHaveLength(2);
      expect(booking.unitItems[0].ticket).toBeNull();
      const expires = Date.parse(booking.utcExpiresAt!);
      expect(Math.abs(expires - Date.now() - 30 * 60_000)).toBeLessThan(60_000);
      const [after] = (await availabilityOf(departure.startDate)).filter((a) => a.id === availabilityId());
      expect(after.vacancies).toBe(18);

      const refusals: [Record<string, unknown>, string, number?][] = [
        [{ availabilityId: availabilityId(), unitItems: [{ unitId: 'DRAGON' }] }, 'INVALID_UNIT_ID'],
        [{ availabilityId: availabilityId(), unitItems: [] }, 'UNPROCESSABLE_ENTITY'],
        [{ availabilityId: availabilityId(), unitItems: Array(19).fill({ unitId }) }, 'UNPROCESSABLE_ENTITY'],
        [
          { availabilityId: `${departure.startDate}T03:00:00+07:00`, unitItems: [{ unitId }] },
          'INVALID_AVAILABILITY_ID',
        ],
        [{ unitItems: [{ unitId }] }, 'BAD_REQUEST'],
        [{ availabilityId: availabilityId(), unitItems: [{ unitId }], optionId: 'X' }, 'INVALID_OPTION_ID'],
        [{ availabilityId: availabilityId(), unitItems: [{ unitId }], productId: '777777' }, 'INVALID_PRODUCT_ID'],
        [{ availabilityId: availabilityId(), unitItems: [{ unitId }], expirationMinutes: 0 }, 'BAD_REQUEST'],
        [{ availabilityId: availabilityId(), unitItems: [{ unitId }], uuid: 'not-a-uuid' }, 'BAD_REQUEST'],
      ];
      for (const [body, error] of refusals) {
        const refused = await reserve(keyA, body);
        expect(refused.status, `${error} ${JSON.stringify(refused.body)}`).toBe(400);
        expect(refused.body.error).toBe(error);
        expect(typeof refused.body.errorMessage).toBe('string');
        if (error === 'UNPROCESSABLE_ENTITY') zErrorUnprocessableEntity.parse(refused.body);
      }
      const [still] = (await availabilityOf(departure.startDate)).filter((a) => a.id === availabilityId());
      expect(still.vacancies).toBe(18);
    });

    it('the reseller’s uuid is kept (lowercased); extend, update, confirm, get, list, cancel walk the states', async () => {
      const uuid = 'A1B2C3D4-1111-4222-8333-444455556666';
      const reserved = await reserve(keyA, {
        uuid,
        availabilityId: availabilityId(),
        unitItems: [{ unitId }],
        expirationMinutes: 5,
      });
      const booking = checkBooking(reserved.body);
      expect(booking.uuid).toBe(uuid.toLowerCase());

      const extended = checkBooking(
        (await octo('POST', `/bookings/${booking.uuid}/extend`, keyA, { expirationMinutes: 60 })).body,
      );
      expect(Date.parse(extended.utcExpiresAt!)).toBeGreaterThan(Date.parse(booking.utcExpiresAt!) + 50 * 60_000);

      const updated = await octo('PATCH', `/bookings/${booking.uuid}`, keyA, {
        resellerReference: 'A-200',
        unitItems: [{ unitId }, { unitId }, { unitId }],
        contact: { fullName: 'Somchai Traveller' },
      });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      const changed = checkBooking(updated.body);
      expect(changed).toMatchObject({ resellerReference: 'A-200', status: 'ON_HOLD' });
      expect(changed.unitItems).toHaveLength(3);
      expect(changed.contact.fullName).toBe('Somchai Traveller');

      const confirmBare = await octo('POST', `/bookings/${booking.uuid}/confirm`, keyA, {});
      expect(confirmBare.body.error).toBe('BAD_REQUEST');
      const confirmed = await octo('POST', `/bookings/${booking.uuid}/confirm`, keyA, {
        contact: {
          fullName: 'Somchai Traveller',
          emailAddress: 'somchai@traveller.example',
          phoneNumber: '+856 20 5555 1234',
        },
      });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      const done = checkBooking(confirmed.body);
      expect(done.status).toBe('CONFIRMED');
      expect(done.unitItems.every((item) => item.ticket?.deliveryOptions[0]?.deliveryFormat === 'QRCODE')).toBe(true);
      expect(done.unitItems[0].ticket!.deliveryOptions[0].deliveryValue).toBe(done.supplierReference);

      // Money on evidence: one charge of the order's total, on the reseller's account, the reseller its evidence.
      const order = await server.db
        .selectFrom('orders')
        .selectAll()
        .where('bookingUuid', '=', booking.uuid)
        .executeTakeFirstOrThrow();
      expect(order).toMatchObject({ status: 'paid', resellerId: resellerA, resellerReference: 'A-200', userId: null });
      const charges = await server.db.selectFrom('payments').selectAll().where('orderId', '=', order.id).execute();
      expect(charges).toHaveLength(1);
      expect(charges[0]).toMatchObject({
        kind: 'charge',
        method: 'reseller_account',
        resellerId: resellerA,
        recordedById: null,
        incomingPaymentId: null,
      });
      expect(Number(charges[0].amount)).toBe(Number(order.total));

      // The traveller gets the customers' mail at the address the reseller gave.
      const paidMail = await server.db
        .selectFrom('outbox')
        .selectAll()
        .where('recipient', '=', 'somchai@traveller.example')
        .where('template', '=', 'orders.paid')
        .execute();
      expect(paidMail).toHaveLength(1);
      expect(JSON.stringify(paidMail[0].params)).toContain(done.supplierReference!);

      const again = await octo('POST', `/bookings/${booking.uuid}/confirm`, keyA, { contact: { fullName: 'x' } });
      expect(again.body.error).toBe('UNPROCESSABLE_ENTITY');

      const got = checkBooking((await octo('GET', `/bookings/${booking.uuid}`, keyA)).body);
      expect(got.status).toBe('CONFIRMED');
      const byReference = await octo('GET', '/bookings?resellerReference=A-200', keyA);
      expect((byReference.body as unknown[]).map((b) => checkBooking(b).uuid)).toEqual([booking.uuid]);
      const bySupplier = await octo('GET', `/bookings?supplierReference=${done.supplierReference}`, keyA);
      expect((bySupplier.body as unknown[]).map((b) => checkBooking(b).uuid)).toEqual([booking.uuid]);
      const bare = await octo('GET', '/bookings', keyA);
      expect(bare.status).toBe(400);
      expect(zErrorBadRequest.parse(bare.body).error).toBe('BAD_REQUEST');

      // Another reseller sees nothing of it.
      const foreign = await octo('GET', `/bookings/${booking.uuid}`, keyB);
      expect(foreign.status).toBe(400);
      expect(zErrorInvalidBookingUuid.parse(foreign.body)).toMatchObject({
        error: 'INVALID_BOOKING_UUID',
        uuid: booking.uuid,
      });
      for (const [method, path] of [
        ['POST', 'cancel'],
        ['POST', 'confirm'],
        ['POST', 'extend'],
      ] as const)
        expect((await octo(method, `/bookings/${booking.uuid}/${path}`, keyB, { contact: {} })).body.error).toBe(
          'INVALID_BOOKING_UUID',
        );
      expect((await octo('GET', '/bookings?resellerReference=A-200', keyB)).body).toEqual([]);

      // Cancelled under the terms (well before departure: everything back), credited to the reseller's account.
      const seatsBefore = (await availabilityOf(departure.startDate, keyA)).find((a) => a.id === availabilityId())!;
      const cancelled = await octo('POST', `/bookings/${booking.uuid}/cancel`, keyA, { reason: 'Traveller ill' });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      const gone = checkBooking(cancelled.body);
      expect(gone.status).toBe('CANCELLED');
      expect(gone.cancellation).toMatchObject({ refund: 'FULL', reason: 'Traveller ill' });
      const seatsAfter = (await availabilityOf(departure.startDate, keyA)).find((a) => a.id === availabilityId())!;
      expect(seatsAfter.vacancies).toBe(seatsBefore.vacancies! + 3);
      const credit = await server.db
        .selectFrom('payments')
        .selectAll()
        .where('orderId', '=', order.id)
        .where('kind', '=', 'refund')
        .executeTakeFirstOrThrow();
      expect(credit).toMatchObject({ method: 'reseller_account', resellerId: resellerA });
      expect(Number(credit.amount)).toBe(Number(order.total));
      const cancelMail = await server.db
        .selectFrom('outbox')
        .selectAll()
        .where('recipient', '=', 'somchai@traveller.example')
        .where('template', '=', 'orders.cancelled')
        .execute();
      expect(cancelMail).toHaveLength(1);
      const twice = await octo('POST', `/bookings/${booking.uuid}/cancel`, keyA, {});
      expect(twice.body.error).toBe('UNPROCESSABLE_ENTITY');
      const reserveTaken = await reserve(keyA, { uuid, availabilityId: availabilityId(), unitItems: [{ unitId }] });
      expect(reserveTaken.body.error).toBe('BAD_REQUEST');
    });

    it('cancel on hold frees the seats at once, with no money moved', async () => {
      const booking = checkBooking(
        (await reserve(keyA, { availabilityId: availabilityId(), unitItems: [{ unitId }, { unitId }] })).body,
      );
      const before = (await availabilityOf(departure.startDate)).find((a) => a.id === availabilityId())!;
      const cancelled = checkBooking((await octo('POST', `/bookings/${booking.uuid}/cancel`, keyA, {})).body);
      expect(cancelled).toMatchObject({ status: 'CANCELLED', cancellation: { refund: 'NONE' } });
      const after = (await availabilityOf(departure.startDate)).find((a) => a.id === availabilityId())!;
      expect(after.vacancies).toBe(before.vacancies! + 2);
      const order = await server.db
        .selectFrom('orders')
        .select('id')
        .where('bookingUuid', '=', booking.uuid)
        .executeTakeFirstOrThrow();
      expect(await server.db.selectFrom('payments').select('id').where('orderId', '=', order.id).execute()).toEqual([]);
    });

    it('an on-hold booking not confirmed in time reads EXPIRED, frees its seats and cannot be confirmed', async () => {
      const booking = checkBooking(
        (await reserve(keyA, { availabilityId: availabilityId(), unitItems: [{ unitId }], expirationMinutes: 1 })).body,
      );
      const before = (await availabilityOf(departure.startDate)).find((a) => a.id === availabilityId())!;
      await sql`update orders set "holdExpiresAt" = now() - interval '1 second' where "bookingUuid" = ${booking.uuid}`.execute(
        server.db,
      );
      const expired = checkBooking((await octo('GET', `/bookings/${booking.uuid}`, keyA)).body);
      expect(expired.status).toBe('EXPIRED');
      const after = (await availabilityOf(departure.startDate)).find((a) => a.id === availabilityId())!;
      expect(after.vacancies).toBe(before.vacancies! + 1);
      const confirm = await octo('POST', `/bookings/${booking.uuid}/confirm`, keyA, { contact: { fullName: 'Late' } });
      expect(confirm.body.error).toBe('UNPROCESSABLE_ENTITY');
      const extend = await octo('POST', `/bookings/${booking.uuid}/extend`, keyA, {});
      expect(extend.body.error).toBe('UNPROCESSABLE_ENTITY');
    });

    it('ten reservations at once for the last three seats hold at most three', async () => {
      const small = await newDeparture(14, 3, '10:15');
      const id = `${small.startDate}T10:15:00+07:00`;
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, n) =>
          reserve(n % 2 ? keyA : keyB, { availabilityId: id, unitItems: [{ unitId }] }),
        ),
      );
      const held = answers.filter((a) => a.status === 200);
      expect(held.length).toBe(3);
      for (const refused of answers.filter((a) => a.status !== 200)) {
        expect(refused.status).toBe(400);
        expect(refused.body.error).toBe('UNPROCESSABLE_ENTITY');
      }
      const [after] = await availabilityOf(small.startDate);
      expect(after).toMatchObject({ id, vacancies: 0, status: 'SOLD_OUT', available: false });
      const seats = await sql<{ n: number }>`select coalesce(sum(quantity), 0)::int as n from orders
        where "scheduleId" = ${small.id} and status = 'pending_payment'`.execute(server.db);
      expect(seats.rows[0].n).toBe(3);
    });
  });

  describe('the field and finance', () => {
    it('the partner sees the booking named by the reseller; its ticket checks in at the gate', async () => {
      const tomorrow = await newDeparture(1, 10, '07:45');
      const id = `${tomorrow.startDate}T07:45:00+07:00`;
      const booking = checkBooking(
        (await reserve(keyA, { availabilityId: id, unitItems: [{ unitId }], resellerReference: 'GATE-1' })).body,
      );
      const confirmed = checkBooking(
        (await octo('POST', `/bookings/${booking.uuid}/confirm`, keyA, { contact: { fullName: 'Gate Traveller' } }))
          .body,
      );
      const order = await server.db
        .selectFrom('orders')
        .select(['id', 'code'])
        .where('bookingUuid', '=', booking.uuid)
        .executeTakeFirstOrThrow();
      const listed = await call(
        server,
        'GET',
        `/api/orders?filter=${encodeURIComponent(JSON.stringify({ resellerId: resellerA }))}`,
        {
          cookie: s.partner,
        },
      );
      expect(listed.status).toBe(200);
      expect((listed.body as { id: number; resellerId: number }[]).map((o) => o.id)).toContain(order.id);
      const manifest = await call(server, 'GET', `/api/schedules/${tomorrow.id}/manifest`, { cookie: s.partner });
      expect(manifest.status).toBe(200);
      const row = manifest.body.rows.find((r: { code: string }) => r.code === order.code);
      expect(row).toMatchObject({ reseller: 'Agency A · GATE-1', contactName: 'Gate Traveller', paid: true });
      const code = confirmed.unitItems[0].ticket!.deliveryOptions[0].deliveryValue;
      const scan = await call(server, 'POST', '/api/orders/-/check-in', { cookie: s.partner, body: { code } });
      expect(scan.status, JSON.stringify(scan.body)).toBe(200);
      expect(scan.body.alreadyCheckedIn).toBe(false);
      const redeemed = checkBooking((await octo('GET', `/bookings/${booking.uuid}`, keyA)).body);
      expect(redeemed.status).toBe('REDEEMED');
      expect(redeemed.utcRedeemedAt).toMatch(UTC);
    });

    it('finance reads what each reseller owes: charges on its account less the credits', async () => {
      const balance = await call(server, 'GET', `/api/resellers/${resellerA}/balance`, { cookie: s.finance });
      expect(balance.status).toBe(200);
      const ledger = await sql<{ charged: number; credited: number }>`select
          coalesce(sum(amount) filter (where kind = 'charge'), 0)::float8 as charged,
          coalesce(sum(amount) filter (where kind = 'refund'), 0)::float8 as credited
        from payments where "resellerId" = ${resellerA}`.execute(server.db);
      const { charged, credited } = ledger.rows[0];
      expect(charged).toBeGreaterThan(0);
      expect(credited).toBeGreaterThan(0);
      expect(balance.body).toMatchObject({ charged, credited, owed: charged - credited });
      expect((await call(server, 'GET', `/api/resellers/${resellerA}/balance`, { cookie: s.partner })).status).toBe(
        403,
      );
    });
  });

  it('the OCTO routes are in the OpenAPI document', async () => {
    const doc = (await call(server, 'GET', '/api/openapi.json')).body;
    for (const path of [
      '/api/octo/supplier',
      '/api/octo/products',
      '/api/octo/products/{id}',
      '/api/octo/availability',
      '/api/octo/availability/calendar',
      '/api/octo/bookings',
      '/api/octo/bookings/{uuid}',
      '/api/octo/bookings/{uuid}/extend',
      '/api/octo/bookings/{uuid}/confirm',
      '/api/octo/bookings/{uuid}/cancel',
    ])
      expect(doc.paths, path).toHaveProperty([path]);
  });
});

describeEachEngine('OCTO keys are limited in rate (SPEC §19)', (engine) => {
  const server = suiteServer({ engine, seed: 'small', config: { octoPerMinute: 5 } });

  it('past its calls per minute a key gets 429 TOO_MANY_REQUESTS with Retry-After; another key is not slowed', async () => {
    const finance = await server.login('finance@example.com', 'Admin#2026');
    const keys: string[] = [];
    for (const name of ['Fast agency', 'Calm agency']) {
      const made = await call(server, 'POST', '/api/resellers', {
        cookie: finance,
        body: { name, contactEmail: `${name.split(' ')[0].toLowerCase()}@agency.example` },
      });
      keys.push(made.body.apiKey);
    }
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let n = 0; n < 7; n++) {
      last = await call(server, 'GET', '/api/octo/supplier', { headers: { authorization: `Bearer ${keys[0]}` } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(last!.body.error).toBe('TOO_MANY_REQUESTS');
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    const calm = await call(server, 'GET', '/api/octo/supplier', { headers: { authorization: `Bearer ${keys[1]}` } });
    expect(calm.status).toBe(200);
  });

  it('two instances on one database share a key’s count: five calls in all, whichever instance answers', async () => {
    const finance = await server.login('finance@example.com', 'Admin#2026');
    const made = await call(server, 'POST', '/api/resellers', {
      cookie: finance,
      body: { name: 'Balanced agency', contactEmail: 'balanced@agency.example' },
    });
    const second = await buildApp({ database: server.database, config: { octoPerMinute: 5 } });
    const secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const statuses: number[] = [];
      for (let n = 0; n < 6; n++) {
        const base = n % 2 ? secondUrl : server.baseUrl;
        const answer = await fetch(`${base}/api/octo/supplier`, {
          headers: { authorization: `Bearer ${made.body.apiKey}` },
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await second.close();
    }
  });
});
