/**
 * Two instances, one database (SPEC §7 "scaling out"): what a process remembers (signed-in
 * sessions, for a moment) is forgotten everywhere the moment it changes.
 * On PostgreSQL, two real server processes: a session signed in on one works on the other and a logout on one
 * ends it on both, login rate limits count attempts on both, and workflow locks serialise writes across both.
 * On PGlite (one process owns the files), two app instances in one process share the database the same way.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loginAt, prepareStore, startServerProcess, type DataStore, type ServerProcess } from './durability-server';
import { call, describeEachEngine, startTestServer, type TestServer } from './harness';
import { platformDay } from '../support/platform-day';
import { NO_CLIENT_DIST } from '../support/no-client';

interface Instance {
  baseUrl: string;
}

const day = (n: number) => platformDay(n);

describeEachEngine('Two instances on one database', (engine) => {
  let a: Instance;
  let b: Instance;
  const stops: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    if (engine === 'postgres') {
      const store: DataStore = await prepareStore('postgres');
      const first: ServerProcess = await startServerProcess(store);
      const second: ServerProcess = await startServerProcess(store);
      stops.push(
        () => first.kill('SIGTERM'),
        () => second.kill('SIGTERM'),
        () => store.drop(),
      );
      a = first;
      b = second;
    } else {
      // Default login limits (not the harness's relaxed ones): the limit itself is under test.
      const server: TestServer = await startTestServer({
        engine,
        seed: 'small',
        auth: { loginLimits: { perEmail: 10, perIp: 30, windowSeconds: 900 } },
      });
      const other: FastifyInstance = await buildApp({
        database: server.database,
        config: { production: false, distDir: NO_CLIENT_DIST },
      });
      await other.listen({ port: 0, host: '127.0.0.1' });
      const address = other.server.address();
      stops.push(
        () => other.close(),
        () => server.close(),
      );
      a = server;
      b = { baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
    }
  }, 300_000);
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  it('a session from one instance works on the other; a logout on one ends it on both', async () => {
    const cookie = await loginAt(a.baseUrl, 'finance@example.com', 'Admin#2026');
    const me = await call(b, 'GET', '/api/auth/me', { cookie });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('finance@example.com');
    expect((await call(b, 'GET', '/api/payments', { cookie })).status).toBe(200);
    expect((await call(b, 'POST', '/api/auth/logout', { cookie })).status).toBe(204);
    expect((await call(a, 'GET', '/api/auth/me', { cookie })).status).toBe(401);
    expect((await call(b, 'GET', '/api/auth/me', { cookie })).status).toBe(401);
  });

  it('disabling an admin on one instance ends its session on the other at once (sessions are cached)', async () => {
    const admin = await loginAt(a.baseUrl, 'admin@example.com', 'Admin#2026');
    const support = await loginAt(b.baseUrl, 'support@example.com', 'Admin#2026');
    const id = Number((await call(b, 'GET', '/api/auth/me', { cookie: support })).body.id);
    // Several requests in a row: the second instance now remembers the session.
    for (let i = 0; i < 3; i++) expect((await call(b, 'GET', '/api/complaints', { cookie: support })).status).toBe(200);
    const disabled = await call(a, 'POST', `/api/admins/${id}/actions/disable`, { cookie: admin, body: {} });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    // The other instance hears of it through NOTIFY, which races this client's next request by milliseconds on a
    // loaded machine: the first answer after it arrived is a 401.
    await expect
      .poll(async () => (await call(b, 'GET', '/api/complaints', { cookie: support })).status, { timeout: 2_000 })
      .toBe(401);
    expect((await call(b, 'GET', '/api/auth/me', { cookie: support })).status).toBe(401);
    const enabled = await call(a, 'POST', `/api/admins/${id}/actions/enable`, { cookie: admin, body: {} });
    expect(enabled.status).toBe(200);
    expect((await call(b, 'GET', '/api/complaints', { cookie: support })).status).toBe(200);
  });

  it('workflow locks hold across instances: one approval wins, seats never oversell', async () => {
    const partner = await loginAt(a.baseUrl, 'partner@example.com', 'Partner#2026');
    const moderators = [
      await loginAt(a.baseUrl, 'moderator@example.com', 'Admin#2026'),
      await loginAt(b.baseUrl, 'moderator@example.com', 'Admin#2026'),
    ];
    const mine = await call(a, 'GET', '/api/services?filter={"status":"approved"}&range=[0,0]', { cookie: partner });
    const { id: _id, createdAt: _c, updatedAt: _u, version: _v, status: _s, ...fields } = mine.body[0];
    for (const key of ['reason', 'submittedAt', 'approvedAt']) delete fields[key];
    const created = await call(a, 'POST', '/api/services', { cookie: partner, body: fields });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const submitted = await call(b, 'POST', `/api/services/${created.body.id}/actions/submit`, {
      cookie: partner,
      body: {},
    });
    expect(submitted.status).toBe(200);
    const approvals = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(i % 2 ? b : a, 'POST', `/api/services/${created.body.id}/actions/approve`, {
          cookie: moderators[i % 2],
          body: {},
        }),
      ),
    );
    const statuses = approvals.map((answer) => answer.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(
      statuses.filter((s) => s !== 200).every((s) => s === 409),
      statuses.join(),
    ).toBe(true);

    const schedule = await call(a, 'POST', '/api/schedules', {
      cookie: partner,
      body: { serviceId: created.body.id, startDate: day(20), endDate: day(21), capacity: 5 },
    });
    expect(schedule.status, JSON.stringify(schedule.body)).toBe(201);
    const users = [
      await loginAt(a.baseUrl, 'user@example.com', 'User#2026'),
      await loginAt(b.baseUrl, 'user@example.com', 'User#2026'),
    ];
    const orders = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        call(i % 2 ? b : a, 'POST', '/api/orders', {
          cookie: users[i % 2],
          body: { scheduleId: schedule.body.id, quantity: 1 },
        }),
      ),
    );
    const placed = orders.filter((answer) => answer.status === 201);
    expect(placed).toHaveLength(5);
    expect(orders.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
    const after = await call(b, 'GET', `/api/schedules/${schedule.body.id}`, { cookie: partner });
    expect(after.body.seatsBooked).toBe(5);
  });

  // Last: these fill the address's failure budget, after which every sign-in from it waits.
  it('login failures count on both instances: the limit holds, then even the right password waits', async () => {
    const email = 'partner2@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const answer = await call(i % 2 ? b : a, 'POST', '/api/auth/login', { body: { email, password: `wrong-${i}` } });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    for (const instance of [a, b]) {
      const blocked = await call(instance, 'POST', '/api/auth/login', { body: { email, password: 'Partner#2026' } });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe('Too many attempts, try again later');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('a burst of parallel wrong passwords over both instances gets no more tries than the limit', async () => {
    const email = 'nobody-burst@example.com';
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        call(i % 2 ? b : a, 'POST', '/api/auth/login', { body: { email, password: `wrong-${i}` } }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.every((s) => s === 401 || s === 429),
      statuses.join(),
    ).toBe(true);
    expect(statuses.filter((s) => s === 401).length, statuses.join()).toBeLessThanOrEqual(10);
  });
});
