/**
 * Property-based API tests generated from the resource configs: for every resource, random
 * valid records written by a role that may write them are accepted and read back equal; random invalid ones
 * (one bad field on an otherwise valid record, or an unknown field) answer 400 with a message on that field,
 * never a 5xx, and leave every table of the database exactly as it was.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import resources from '../../resources/index';
import { writableFieldsFor } from '../../src/core/access';
import type { Field } from '../../src/core/fields';
import { LOCALES } from '../../src/core/locales';
import type { AnyResource } from '../../src/core/resource';
import type { Principal } from '../../src/core/roles';
import { expectErrorBody, fingerprint, loginAll, type Cookies, type Role } from './hardening-fixture';
import { call, describeEachEngine, startTestServer, type TestServer } from './harness';
import { roomyHolds } from './workflows-helpers';
import { platformDay } from '../support/platform-day';

// Each property makes a few hundred requests; a loaded machine needs more than the default minute.
vi.setConfig({ testTimeout: 240_000 });

/** Runs per resource and property: enough to find type holes, few enough to keep the suite fast. */
const RUNS = 25;

/** Who writes each resource in these properties and how (settings rows and profiles exist once per key). */
const WRITER: Record<string, { role: Role; mode: 'create' | 'update' }> = {
  'tour-types': { role: 'moderator', mode: 'create' },
  provinces: { role: 'moderator', mode: 'create' },
  admins: { role: 'super_admin', mode: 'create' },
  users: { role: 'support', mode: 'create' },
  partners: { role: 'moderator', mode: 'create' },
  'partner-profiles': { role: 'partnerA', mode: 'update' },
  services: { role: 'partnerA', mode: 'create' },
  schedules: { role: 'partnerA', mode: 'create' },
  orders: { role: 'user', mode: 'create' },
  refunds: { role: 'user', mode: 'create' },
  withdrawals: { role: 'partnerA', mode: 'create' },
  complaints: { role: 'user', mode: 'create' },
};

/** Resources nobody may write through the API: every write is refused before validation. */
const NOT_WRITABLE = ['payments', 'audit-log'];

const PRINCIPALS: Record<Role, Principal> = {
  super_admin: { kind: 'admin', id: 1, role: 'super_admin' },
  moderator: { kind: 'admin', id: 2, role: 'moderator' },
  finance: { kind: 'admin', id: 3, role: 'finance' },
  support: { kind: 'admin', id: 4, role: 'support' },
  partnerA: { kind: 'partner', id: 1 },
  partnerB: { kind: 'partner', id: 2 },
  user: { kind: 'user', id: 1 },
};

let unique = 0;
const nextUnique = () => `${Date.now().toString(36).toUpperCase()}${(unique++).toString(36).toUpperCase()}`;

/** Characters that stress escaping: quotes, SQL wildcards, markup, Lao, Thai, Chinese and Vietnamese text. */
const CHARS = [...'abcXYZ019 .,-\'"%_\\;<>&/ລາວໄທ中文ệđ'];
const textArb = (min: number, max: number) =>
  fc.array(fc.constantFrom(...CHARS), { minLength: min, maxLength: max }).map((cs) => cs.join(''));

const day = (offsetDays: number) => platformDay(offsetDays);

interface Context {
  /** Ids the writer may reference, per referenced resource. */
  refs: Record<string, number[]>;
}

/** A valid value of a field, or undefined to leave it out. */
function validValue(resource: AnyResource, name: string, field: Field, ctx: Context): fc.Arbitrary<unknown> {
  const optional = (arb: fc.Arbitrary<unknown>) =>
    field.required || field.default !== undefined ? arb : fc.option(arb, { nil: undefined });
  const max = Math.min(field.maxLength ?? 60, 60);
  switch (field.kind) {
    case 'text':
    case 'longText': {
      if (field.unique) return fc.nat().map(() => `U${nextUnique()}`);
      if (field.pattern) {
        const alphabet = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'].filter((c) => field.pattern!.test(c));
        // A pattern no single character matches (a time, `HH:MM`) is drawn from the pattern itself.
        if (!alphabet.length) return optional(fc.stringMatching(field.pattern));
        return optional(
          fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: max }).map((cs) => cs.join('')),
        );
      }
      return optional(textArb(field.required ? 1 : 0, max));
    }
    case 'email':
      return field.unique
        ? fc.nat().map(() => `u${nextUnique().toLowerCase()}@example.com`)
        : optional(fc.stringMatching(/^[a-z]{1,10}@[a-z]{1,10}\.(com|la)$/));
    case 'phone':
      return optional(fc.stringMatching(/^\+?[0-9]{6,15}$/));
    case 'password':
      return fc.string({ minLength: 8, maxLength: 40 }).filter((s) => s.length >= 8);
    case 'integer':
      return optional(fc.integer({ min: field.min ?? -100_000, max: field.max ?? 100_000 }));
    case 'money':
      return optional(fc.integer({ min: Math.max(field.min ?? 0, 0), max: 50_000_000 }));
    case 'percent':
      return optional(
        fc.integer({ min: (field.min ?? 0) * 1000, max: (field.max ?? 100) * 1000 }).map((n) => n / 1000),
      );
    case 'boolean':
      return optional(fc.boolean());
    case 'date':
      return optional(fc.integer({ min: 2, max: 900 }).map(day));
    case 'datetime':
      return optional(
        fc
          .date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString()),
      );
    case 'enum':
      return field.multiple
        ? optional(fc.subarray([...field.values], { minLength: field.required ? 1 : 0 }))
        : optional(fc.constantFrom(...field.values));
    case 'ref': {
      const ids = ctx.refs[field.reference] ?? [];
      return ids.length ? optional(fc.constantFrom(...ids)) : fc.constant(undefined);
    }
    case 'localized': {
      const entry = textArb(1, Math.min(field.maxLength ?? 60, 60));
      return optional(
        fc
          .record({ en: entry, lo: entry, th: entry, vi: entry, zh: entry }, { requiredKeys: ['en'] })
          .map((v) => v as Record<string, string>),
      );
    }
    case 'images':
      return optional(
        fc.array(fc.stringMatching(/^\/uploads\/[a-z0-9]{4,12}\.(jpg|png|webp)$/), {
          maxLength: Math.min(field.maxItems ?? 3, 3),
        }),
      );
    case 'json':
    case 'status':
      return fc.constant(undefined);
  }
}

/** Per resource, values the business rules need beyond the field types (a future departure, a small amount). */
function adjust(
  resource: string,
  record: Record<string, unknown>,
  ctx: Context & { available: number; minWithdrawal: number },
) {
  if (resource === 'schedules') {
    record.endDate = record.startDate;
    delete record.priceOverride;
  }
  if (resource === 'orders') record.quantity = Math.min(Number(record.quantity ?? 1), 20);
  // A service is priced by its ticket types or, without them (the generator leaves lists out), by its price.
  if (resource === 'services') record.price ??= 100_000;
  // Each request holds its amount: the runs together stay within the balance (see the runs of the valid property).
  if (resource === 'withdrawals') record.amount = ctx.minWithdrawal + (Number(record.amount) % 1000);
  if (resource === 'refunds') delete record.amount;
  return record;
}

function validRecord(resource: AnyResource, role: Role, mode: 'create' | 'update', ctx: Context) {
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of writableFieldsFor(resource, PRINCIPALS[role], mode)) {
    const field = resource.fields[name];
    if (field.kind === 'json') continue;
    shape[name] = validValue(resource, name, field, ctx);
  }
  return fc.record(shape).map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)));
}

/** Values that are wrong for the field's kind, each with a reason for the failure message. */
function invalidValues(field: Field): unknown[] {
  const tooLong = field.maxLength !== undefined ? ['a'.repeat(field.maxLength + 1)] : [];
  switch (field.kind) {
    case 'text':
    case 'longText':
      return [{ nested: 'object' }, ['array'], ...tooLong, ...(field.pattern ? ['lower case!'] : [])];
    case 'email':
      return ['not-an-email', 'a@', { x: 1 }, ...tooLong];
    case 'phone':
      return ['call me', '12', ['123456'], '1'.repeat(25)];
    case 'password':
      return ['short', ['array'], 'x'.repeat(129)];
    case 'integer':
      return [
        'abc',
        1.5,
        { n: 1 },
        2 ** 40,
        -(2 ** 40),
        ...(field.min !== undefined ? [field.min - 1] : []),
        ...(field.max !== undefined ? [field.max + 1] : []),
      ];
    case 'money':
      return ['abc', 1.5, -1, 2 ** 60, [1]];
    case 'percent':
      return ['abc', -0.5, 100.5, 1e6, { n: 1 }];
    case 'boolean':
      return ['yes', 1, { b: true }];
    case 'date':
      return ['yesterday', '2024-13-01', '2031-02-30', '2031-04-31T00:00', '01/02/2024', 20240101];
    case 'datetime':
      return ['soon', '2024-13-01T00:00:00Z', { t: 1 }];
    case 'enum':
      return field.multiple ? ['not-an-array', ['nope']] : ['nope', 5, ['array']];
    case 'ref':
      return [987_654_321, -3, 'x', 1.5, { id: 1 }];
    case 'localized':
      return [
        'plain text',
        ['array'],
        { xx: 'unknown locale' },
        { en: 5 },
        { en: 'a'.repeat((field.maxLength ?? 255) + 1) },
        ...(field.required ? [{ en: '  ' }, {}] : []),
      ];
    case 'images':
      return [
        'one.jpg',
        ['javascript:alert(1)'],
        [5],
        Array.from({ length: (field.maxItems ?? 10) + 1 }, (_, i) => `/uploads/${i}.jpg`),
      ];
    case 'json':
    case 'status':
      return [];
  }
}

/** Compares what was sent with what the API reads back, tolerant of representation only. */
function expectSame(resource: AnyResource, sent: Record<string, unknown>, stored: Record<string, unknown>) {
  for (const [name, value] of Object.entries(sent)) {
    const field = resource.fields[name];
    if (!field || field.kind === 'password') continue;
    const got = stored[name];
    if (field.kind === 'datetime') expect(Date.parse(String(got)), name).toBe(Date.parse(String(value)));
    else if (field.kind === 'localized' && value && typeof value === 'object')
      for (const locale of LOCALES)
        expect((got as Record<string, unknown>)?.[locale] ?? undefined, `${name}.${locale}`).toEqual(
          (value as Record<string, unknown>)[locale] ?? undefined,
        );
    else expect(got, `${resource.name}.${name}`).toEqual(value);
  }
  expect(JSON.stringify(stored)).not.toMatch(/Hash|\$argon2/);
}

describeEachEngine('Property-based writes generated from the configs', (engine) => {
  let server: TestServer;
  let cookies: Cookies;
  const ctx: Context & {
    available: number;
    minWithdrawal: number;
    paidOrders: number[];
    orderSchedule: number;
    profileId: number;
  } = {
    refs: {},
    available: 0,
    minWithdrawal: 0,
    paidOrders: [],
    orderSchedule: 0,
    profileId: 0,
  };
  const get = async (role: Role, url: string) => {
    const response = await call(server, 'GET', url, { cookie: cookies[role] });
    expect(response.status, url).toBe(200);
    return response.body;
  };
  const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
  let inputs = 0;

  beforeAll(async () => {
    // Random orders stay unpaid: the cap on held seats has its own test.
    server = await startTestServer({ engine, seed: 'small', setup: roomyHolds });
    cookies = await loginAll(server);
    // A departure of partner A with room for every generated order.
    const services = await get('partnerA', `/api/services?filter=${encodeURIComponent('{"status":"approved"}')}`);
    const schedule = await call(server, 'POST', '/api/schedules', {
      cookie: cookies.partnerA,
      body: { serviceId: services[0].id, startDate: day(60), endDate: day(61), capacity: 1000 },
    });
    expect(schedule.status, JSON.stringify(schedule.body)).toBe(201);
    ctx.orderSchedule = schedule.body.id;
    // Paid orders of the user to ask refunds on: one per valid refund run.
    for (let i = 0; i < RUNS + 1; i++) {
      const order = await call(server, 'POST', '/api/orders', {
        cookie: cookies.user,
        body: { scheduleId: ctx.orderSchedule, quantity: 1 },
      });
      expect(order.status, JSON.stringify(order.body)).toBe(201);
      const paid = await call(server, 'POST', `/api/orders/${order.body.id}/actions/pay`, {
        cookie: cookies.finance,
        body: {},
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      ctx.paidOrders.push(order.body.id);
    }
    ctx.refs = {
      'tour-types': ids(await get('moderator', '/api/tour-types?filter={"active":true}')),
      provinces: ids(await get('moderator', '/api/provinces?filter={"active":true}')),
      partners: ids(await get('moderator', '/api/partners')),
      services: [services[0].id],
      orders: ids(await get('user', '/api/orders')),
      admins: ids(await get('super_admin', '/api/admins')),
    };
    const balance = await get('partnerA', '/api/partners/1/balance');
    ctx.available = Number(balance.available);
    ctx.minWithdrawal = Number((await get('partnerA', '/api/settings/payments')).values.minWithdrawal ?? 0);
    const profiles = await get('partnerA', '/api/partner-profiles');
    ctx.profileId = profiles[0].id;
  });
  afterAll(async () => {
    await server?.close();
    console.log(`[hardening-properties ${engine}] inputs tried: ${inputs}`);
  });

  for (const resource of resources) {
    const writer = WRITER[resource.name];
    if (!writer) continue;

    it(`${resource.name}: random valid records are accepted and read back equal`, async () => {
      const runs =
        resource.name === 'withdrawals' ? Math.min(RUNS, Math.floor(ctx.available / (ctx.minWithdrawal + 1000))) : RUNS;
      expect(runs, 'partner A needs a balance for several withdrawals').toBeGreaterThanOrEqual(5);
      let refund = 0;
      await fc.assert(
        fc.asyncProperty(validRecord(resource, writer.role, writer.mode, ctx), async (generated) => {
          inputs++;
          const record = adjust(resource.name, { ...generated }, ctx);
          if (resource.name === 'schedules') record.serviceId = ctx.refs.services[0];
          if (resource.name === 'orders') record.scheduleId = ctx.orderSchedule;
          if (resource.name === 'refunds') record.orderId = ctx.paidOrders[refund++];
          let response;
          if (writer.mode === 'create') {
            response = await call(server, 'POST', `/api/${resource.name}`, {
              cookie: cookies[writer.role],
              body: record,
            });
            expect(response.status, `${JSON.stringify(record)} → ${JSON.stringify(response.body)}`).toBe(201);
          } else {
            response = await call(server, 'PUT', `/api/${resource.name}/${ctx.profileId}`, {
              cookie: cookies[writer.role],
              body: record,
            });
            expect(response.status, `${JSON.stringify(record)} → ${JSON.stringify(response.body)}`).toBe(200);
          }
          const id = response.body.id ?? ctx.profileId;
          expectSame(resource, record, response.body);
          const readBack = await call(server, 'GET', `/api/${resource.name}/${id}`, { cookie: cookies[writer.role] });
          expect(readBack.status).toBe(200);
          expectSame(resource, record, readBack.body);
        }),
        { numRuns: runs },
      );
    });

    it(`${resource.name}: random invalid records answer 400 on the bad field and change nothing`, async () => {
      const writable = writableFieldsFor(resource, PRINCIPALS[writer.role], writer.mode).filter(
        (name) => invalidValues(resource.fields[name]).length,
      );
      const mutation = fc.oneof(
        fc
          .constantFrom(...writable)
          .chain((name) => fc.constantFrom(...invalidValues(resource.fields[name])).map((value) => ({ name, value }))),
        fc.constantFrom('unknownField', 'id; drop table users', '__proto__x').map((name) => ({ name, value: 1 })),
      );
      await fc.assert(
        fc.asyncProperty(validRecord(resource, writer.role, writer.mode, ctx), mutation, async (generated, bad) => {
          inputs++;
          const record = adjust(resource.name, { ...generated }, ctx);
          if (resource.name === 'schedules') record.serviceId = ctx.refs.services[0];
          if (resource.name === 'orders') record.scheduleId = ctx.orderSchedule;
          if (resource.name === 'refunds') record.orderId = ctx.paidOrders[RUNS];
          record[bad.name] = bad.value;
          const before = await fingerprint(server.db);
          const url = writer.mode === 'create' ? `/api/${resource.name}` : `/api/${resource.name}/${ctx.profileId}`;
          const response = await call(server, writer.mode === 'create' ? 'POST' : 'PUT', url, {
            cookie: cookies[writer.role],
            body: record,
          });
          const what = `${bad.name}=${JSON.stringify(bad.value)} → ${response.status} ${JSON.stringify(response.body)}`;
          expect(response.status, what).toBe(400);
          expectErrorBody(response.body, what);
          const keys = Object.keys(response.body.errors ?? {});
          expect(
            keys.some((key) => key === bad.name || key.startsWith(`${bad.name}.`) || key.startsWith(`${bad.name}[`)),
            what,
          ).toBe(true);
          expect(await fingerprint(server.db), what).toEqual(before);
        }),
        { numRuns: RUNS },
      );
    });
  }

  for (const name of NOT_WRITABLE) {
    it(`${name}: no role writes it, whatever the body`, async () => {
      const before = await fingerprint(server.db);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('super_admin', 'finance', 'partnerA', 'user') as fc.Arbitrary<Role>,
          fc.dictionary(fc.constantFrom('amount', 'kind', 'action', 'resource', 'x'), fc.jsonValue({ maxDepth: 2 })),
          async (role, body) => {
            inputs++;
            const response = await call(server, 'POST', `/api/${name}`, { cookie: cookies[role], body });
            // A `__proto__` key (not the same text as a value) is refused by the JSON parser before any route runs.
            const poisoned = /"__proto__":/.test(JSON.stringify(body));
            expect(response.status).toBe(poisoned ? 400 : 403);
            expectErrorBody(response.body);
          },
        ),
        { numRuns: 10 },
      );
      expect(await fingerprint(server.db)).toEqual(before);
    });
  }
});
