import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';
import { TEST_RESOURCES } from './rest-fixtures';
import { PASSWORD, seedAccounts } from './rest-setup';

const valid = (code: string, extra: Record<string, unknown> = {}) => ({
  vendorId: 1,
  code,
  title: `Title ${code}`,
  price: 100,
  ...extra,
});

describeEachEngine('REST edge cases, access and scope', (engine) => {
  const server = suiteServer({ engine, resources: TEST_RESOURCES, setup: seedAccounts });
  let moderator: string;
  let support: string;
  let vendorA: string;
  let vendorB: string;
  let gadgetA: number;
  let gadgetB: number;

  beforeAll(async () => {
    [moderator, support, vendorA, vendorB] = await Promise.all([
      server.login('moderator@test.example', PASSWORD),
      server.login('support@test.example', PASSWORD),
      server.login('vendor-a@test.example', PASSWORD),
      server.login('vendor-b@test.example', PASSWORD),
    ]);
    gadgetA = (await call(server, 'POST', '/api/gadgets', { cookie: vendorA, body: valid('A-1') })).body.id;
    gadgetB = (await call(server, 'POST', '/api/gadgets', { cookie: vendorB, body: valid('B-1', { vendorId: 2 }) }))
      .body.id;
  });

  it('signed out: 401 on private resources, public view elsewhere', async () => {
    expect((await call(server, 'GET', '/api/vendors')).status).toBe(401);
    expect((await call(server, 'POST', '/api/gadgets', { body: valid('X-1') })).status).toBe(401);
    const list = await call(server, 'GET', '/api/gadgets');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    expect(list.headers.get('content-range')).toBe('gadgets 0-0/0');
  });

  it('a role without the verb gets 403', async () => {
    expect((await call(server, 'POST', '/api/gadgets', { cookie: support, body: valid('S-1') })).status).toBe(403);
    expect((await call(server, 'DELETE', `/api/gadgets/${gadgetA}`, { cookie: support })).status).toBe(403);
    expect((await call(server, 'GET', '/api/gadgets', { cookie: support })).status).toBe(200);
    const trail = await call(server, 'POST', '/api/trail', { cookie: moderator, body: { action: 'x' } });
    expect(trail.status).toBe(403);
  });

  it('a partner sees and changes only its own rows; another partner’s id is a 404', async () => {
    const list = await call(server, 'GET', '/api/gadgets', { cookie: vendorA });
    expect(list.body.map((g: { id: number }) => g.id)).toEqual([gadgetA]);
    expect(list.headers.get('content-range')).toBe('gadgets 0-0/1');
    expect((await call(server, 'GET', `/api/gadgets/${gadgetB}`, { cookie: vendorA })).status).toBe(404);
    expect(
      (await call(server, 'PUT', `/api/gadgets/${gadgetB}`, { cookie: vendorA, body: { title: 'x' } })).status,
    ).toBe(404);
    expect((await call(server, 'DELETE', `/api/gadgets/${gadgetB}`, { cookie: vendorA })).status).toBe(404);
    expect(
      (
        await call(server, 'GET', `/api/gadgets?filter=${encodeURIComponent(JSON.stringify({ id: [gadgetB] }))}`, {
          cookie: vendorA,
        })
      ).body,
    ).toEqual([]);
    expect((await call(server, 'GET', `/api/gadgets/${gadgetB}/summary`, { cookie: vendorA })).status).toBe(404);
    expect((await call(server, 'GET', `/api/gadgets/${gadgetA}/summary`, { cookie: vendorA })).body).toEqual({
      id: gadgetA,
      title: 'Title A-1',
      principal: 'partner',
    });
    // Its own account row, by the `id` scope; hidden fields never leave.
    const vendors = await call(server, 'GET', '/api/vendors', { cookie: vendorA });
    expect(vendors.body).toHaveLength(1);
    expect(vendors.body[0]).not.toHaveProperty('internalNote');
    expect(vendors.body[0]).not.toHaveProperty('passwordHash');
    expect(vendors.body[0]).not.toHaveProperty('password');
  });

  it('forged scope and status writes are refused; unchanged ones pass', async () => {
    const forgedCreate = await call(server, 'POST', '/api/gadgets', {
      cookie: vendorA,
      body: valid('A-2', { vendorId: 2 }),
    });
    expect(forgedCreate.status).toBe(400);
    expect(forgedCreate.body.errors).toEqual({ vendorId: 'This field cannot be changed' });
    const own = await call(server, 'GET', `/api/gadgets/${gadgetA}`, { cookie: vendorA });
    const forgedUpdate = await call(server, 'PUT', `/api/gadgets/${gadgetA}`, {
      cookie: vendorA,
      body: { ...own.body, vendorId: 2 },
    });
    expect(forgedUpdate.body.errors).toEqual({ vendorId: 'This field cannot be changed' });
    const forgedStatus = await call(server, 'PUT', `/api/gadgets/${gadgetA}`, {
      cookie: vendorA,
      body: { ...own.body, status: 'approved' },
    });
    expect(forgedStatus.status).toBe(400);
    expect(forgedStatus.body.errors).toEqual({ status: 'This field cannot be changed' });
    const whole = await call(server, 'PUT', `/api/gadgets/${gadgetA}`, {
      cookie: vendorA,
      body: { ...own.body, title: 'Mine' },
    });
    expect(whole.status).toBe(200);
    expect(whole.body).toMatchObject({ title: 'Mine', vendorId: 1, status: 'draft' });
    const createStatus = await call(server, 'POST', '/api/gadgets', {
      cookie: vendorA,
      body: valid('A-3', { status: 'approved' }),
    });
    expect(createStatus.body.errors).toEqual({ status: 'This field cannot be changed' });
  });

  it('bad input is a 4xx in the error format, never a 500', async () => {
    const cases: [string, string, Record<string, unknown>][] = [
      ['GET', '/api/gadgets?sort=["nope","ASC"]', { status: 400 }],
      ['GET', '/api/gadgets?sort=["title","SIDEWAYS"]', { status: 400 }],
      ['GET', '/api/gadgets?sort=not-json', { status: 400 }],
      ['GET', '/api/gadgets?range=[5,1]', { status: 400 }],
      ['GET', '/api/gadgets?filter={"price":"abc"}', { status: 400 }],
      ['GET', '/api/gadgets?filter={"title;drop table gadgets":1}', { status: 400 }],
      ['GET', `/api/gadgets?filter=${encodeURIComponent('{"q":"\'; drop table gadgets; --"}')}`, { status: 200 }],
      ['GET', '/api/gadgets?filter={"releaseDate_gte":"yesterday"}', { status: 400 }],
      ['GET', '/api/gadgets/abc', { status: 404 }],
      ['GET', '/api/gadgets/-1', { status: 404 }],
      ['GET', '/api/gadgets/0', { status: 404 }],
      ['GET', '/api/gadgets/99999999999999999999999', { status: 404 }],
      ['GET', '/api/gadgets/1.5', { status: 404 }],
      ['GET', '/api/nothing-here', { status: 404 }],
      ['POST', '/api/gadgets/1/actions/fly', { status: 404 }],
    ];
    for (const [method, url, expected] of cases) {
      const response = await call(server, method, url, { cookie: moderator });
      expect({ url, status: response.status }).toEqual({ url, status: expected.status });
      if (response.status >= 400) expect(response.body.message).toEqual(expect.any(String));
    }
    const malformed = await call(server, 'POST', '/api/gadgets', { cookie: moderator, raw: '{"code": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: expect.any(String) });
    const array = await call(server, 'POST', '/api/gadgets', { cookie: moderator, body: [1, 2] });
    expect(array.status).toBe(400);
    const unknown = await call(server, 'POST', '/api/gadgets', {
      cookie: moderator,
      body: valid('U-1', { colour: 'red' }),
    });
    expect(unknown.body.errors).toEqual({ colour: 'This field is not allowed' });
    const wrongTypes = await call(server, 'POST', '/api/gadgets', {
      cookie: moderator,
      body: valid('U-2', {
        price: 'cheap',
        active: 'yes',
        releaseDate: '2025-13-45',
        label: 'plain',
        photos: ['../etc/passwd'],
      }),
    });
    expect(wrongTypes.status).toBe(400);
    expect(Object.keys(wrongTypes.body.errors).sort()).toEqual([
      'active',
      'label',
      'photos[0]',
      'price',
      'releaseDate',
    ]);
    const huge = await call(server, 'POST', '/api/gadgets', {
      cookie: moderator,
      body: valid('U-3', { notes: 'x'.repeat(1_100_000) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toEqual(expect.any(String));
    const nested = await call(server, 'POST', '/api/gadgets', {
      cookie: moderator,
      raw: '{"extra":' + '['.repeat(5000) + ']'.repeat(5000) + '}',
    });
    expect(nested.status).toBeLessThan(500);
    expect(JSON.stringify(nested.body)).not.toMatch(/at .*\.ts:\d+/);
    const proto = await call(server, 'POST', '/api/gadgets', {
      cookie: moderator,
      raw: '{"__proto__": {"admin": true}}',
    });
    expect(proto.status).toBe(400);
  });

  it('public view: only its rows (nested where on the ref) and only its fields', async () => {
    const { db } = server;
    const rows = await db
      .insertInto('gadgets')
      .values([
        { vendorId: 1, code: 'P-1', title: 'Public one', price: 5, status: 'approved' },
        { vendorId: 3, code: 'P-2', title: 'Blocked vendor', price: 5, status: 'approved' },
        { vendorId: 2, code: 'P-3', title: 'Pending one', price: 5, status: 'pending' },
      ])
      .returning('id')
      .execute();
    const list = await call(server, 'GET', '/api/gadgets');
    expect(list.body).toEqual([{ id: rows[0].id, title: 'Public one', price: 5, currency: 'LAK' }]);
    expect((await call(server, 'GET', `/api/gadgets/${rows[1].id}`)).status).toBe(404);
    expect((await call(server, 'GET', '/api/gadgets?filter={"status":"pending"}')).status).toBe(400);
    expect((await call(server, 'GET', '/api/gadgets?sort=["code","ASC"]')).status).toBe(400);
    await db.deleteFrom('gadgets').where('code', 'in', ['P-1', 'P-2', 'P-3']).execute();
  });

  it('each write and its audit row commit together; a failing write leaves neither', async () => {
    const before = await server.db
      .selectFrom('trail')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const failed = await call(server, 'POST', '/api/gadgets', {
      cookie: moderator,
      body: valid('F-1', { title: 'FAIL AFTER INSERT' }),
    });
    expect(failed.body).toEqual({ message: 'Refused after insert' });
    expect(await server.db.selectFrom('gadgets').selectAll().where('code', '=', 'F-1').execute()).toEqual([]);
    const after = await server.db
      .selectFrom('trail')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const created = await call(server, 'POST', '/api/gadgets', { cookie: moderator, body: valid('F-2') });
    await call(server, 'PUT', `/api/gadgets/${created.body.id}`, {
      cookie: moderator,
      body: { title: 'Changed', version: 1 },
    });
    await call(server, 'DELETE', `/api/gadgets/${created.body.id}`, { cookie: moderator });
    const audit = await call(
      server,
      'GET',
      `/api/trail?filter=${encodeURIComponent(JSON.stringify({ recordId: created.body.id, resource: 'gadgets' }))}&sort=["id","ASC"]`,
      { cookie: moderator },
    );
    expect(audit.body.map((a: { action: string }) => a.action)).toEqual(['create', 'update', 'delete']);
    expect(audit.body[1]).toMatchObject({ actorKind: 'admin', diff: { title: ['Title F-2', 'Changed'] } });
  });

  it('SPA paths: real 404 status for unmatched paths, JSON 404 for unknown API routes, health and OpenAPI', async () => {
    const health = await call(server, 'GET', '/api/health');
    expect(health.body).toMatchObject({
      status: 'ok',
      db: engine,
      version: expect.any(String),
      buildId: expect.any(String),
      migration: '0001_init',
    });
    const openapi = await call(server, 'GET', '/api/openapi.json');
    expect(openapi.body.openapi).toBe('3.1.0');
    expect(Object.keys(openapi.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/gadgets',
        '/api/gadgets/{id}',
        '/api/gadgets/{id}/actions/approve',
        '/api/gadgets/-/count',
      ]),
    );
    expect(openapi.body.components.schemas.Gadgets.properties).not.toHaveProperty('password');
    expect((await call(server, 'GET', '/en/definitely/not/here')).status).toBe(404);
    expect((await call(server, 'DELETE', '/api/unknown/1')).body).toEqual({
      message: expect.stringContaining('Not found'),
    });
    expect((await call(server, 'GET', '/builds/latest.json')).status).toBe(404);
  });
});
