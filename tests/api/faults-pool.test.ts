/**
 * SPEC §10, bounded waits and a pool one row cannot take, on a PostgreSQL cluster of the suite's own: rows
 * locked from another connection, pools smaller than the load, a statement past its limit. Every request is
 * answered (409 busy, 503 with Retry-After, in the caller's language), and reads go on meanwhile.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import lo from '../../i18n/lo';
import th from '../../i18n/th';
import vi from '../../i18n/vi';
import { loadConfig } from '../../src/server/edge/config';
import { seededDatabase, startCluster, type PgCluster } from '../support/pg-cluster';
import { holdLock, lockWaiters, startFaultServer, tracked, until, type FaultServer } from './faults-fixture';
import { call } from './harness';
import { loginAt } from './durability-server';
import { platformDay } from '../support/platform-day';

const BUSY = { en: 'This record is busy; try again', vi: vi.app.fault.busy, th: th.app.fault.busy };
const UNAVAILABLE = { en: en.app.fault.unavailable, lo: lo.app.fault.unavailable };
/** Limits long enough that nothing times out while a case looks at who waits where. */
const PATIENT = { lockTimeoutMs: 120_000, statementTimeoutMs: 120_000, checkoutTimeoutMs: 120_000 };

describe('A hot row and a small pool (SPEC §10, PostgreSQL)', () => {
  let cluster: PgCluster;
  let url: string;
  const servers: FaultServer[] = [];
  const start = async (options: Parameters<typeof startFaultServer>[1]) => {
    const server = await startFaultServer(url, options);
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    cluster = await startCluster();
    url = await seededDatabase(cluster);
  }, 300_000);
  afterAll(async () => {
    for (const server of servers) await server.close();
    await cluster?.destroy();
  });

  it('the limits are settings with the defaults of the SPEC, and every pooled session runs with them', async () => {
    expect(loadConfig({}).limits).toEqual({
      lockTimeoutMs: 5_000,
      statementTimeoutMs: 15_000,
      idleInTransactionTimeoutMs: 30_000,
      checkoutTimeoutMs: 3_000,
    });
    expect(loadConfig({ PG_LOCK_TIMEOUT_MS: '2500', PG_POOL_CHECKOUT_TIMEOUT_MS: '900' }).limits).toMatchObject({
      lockTimeoutMs: 2_500,
      checkoutTimeoutMs: 900,
    });
    const server = await start({ poolSize: 2 });
    const { rows } = await sql<Record<string, string>>`
      select current_setting('lock_timeout') as lock, current_setting('statement_timeout') as statement,
             current_setting('idle_in_transaction_session_timeout') as idle`.execute(server.database.db);
    expect(rows[0]).toEqual({ lock: '5s', statement: '15s', idle: '30s' });
  });

  it('24 edits of a row locked from another connection wait in the process, and a list of other rows answers meanwhile', async () => {
    const server = await start({ poolSize: 4, limits: PATIENT });
    const admin = await loginAt(server.baseUrl, 'admin@example.com', 'Admin#2026');
    const lock = await holdLock(url, 'select * from tour_types where id = 1 for update');
    const edits = Array.from({ length: 24 }, (_, i) =>
      tracked(call(server, 'PUT', '/api/tour-types/1', { cookie: admin, body: { sortOrder: 100 + i } })),
    );
    // One edit waits on the row in PostgreSQL; the 23 others wait in the process, holding no connection.
    await until(async () => (await lockWaiters(url)) === 1, 'an edit waits on the row');
    const orders = await call(server, 'GET', '/api/orders?range=[0,24]', { cookie: admin });
    const types = await call(server, 'GET', '/api/tour-types?filter={"id":[2,3]}', { cookie: admin });
    expect(orders.status).toBe(200);
    expect(orders.body.length).toBeGreaterThan(0);
    expect(types.status).toBe(200);
    expect(
      edits.filter((edit) => edit.settled()),
      'no edit has answered while the row is held',
    ).toHaveLength(0);
    expect(await lockWaiters(url), 'still one connection waiting on the row').toBe(1);
    await lock.release();
    const answers = await Promise.all(edits.map((edit) => edit.promise));
    expect(answers.map((a) => a.status)).toEqual(Array(24).fill(200));
  });

  it('writes that reach one locked row through an effect take no more than the writers’ share: reads keep a connection', async () => {
    // A pool of 4 keeps one connection for reads; 8 orders on one locked departure can tie up 3 at most.
    const server = await start({ poolSize: 4, limits: PATIENT });
    const partner = await loginAt(server.baseUrl, 'partner@example.com', 'Partner#2026');
    const user = await loginAt(server.baseUrl, 'user@example.com', 'User#2026');
    const admin = await loginAt(server.baseUrl, 'admin@example.com', 'Admin#2026');
    const services = await call(server, 'GET', '/api/services?filter={"status":"approved"}', { cookie: partner });
    const day = (n: number) => platformDay(n);
    const schedule = await call(server, 'POST', '/api/schedules', {
      cookie: partner,
      body: { serviceId: services.body[0].id, startDate: day(50), endDate: day(51), capacity: 100 },
    });
    expect(schedule.status).toBe(201);
    const lock = await holdLock(url, 'select * from schedules where id = $1 for update', [schedule.body.id]);
    const orders = Array.from({ length: 8 }, () =>
      tracked(
        call(server, 'POST', '/api/orders', { cookie: user, body: { scheduleId: schedule.body.id, quantity: 1 } }),
      ),
    );
    await until(async () => (await lockWaiters(url)) === 3, 'three orders wait on the departure');
    const list = await call(server, 'GET', '/api/orders?range=[0,9]', { cookie: admin });
    const me = await call(server, 'GET', '/api/auth/me', { cookie: user });
    expect(list.status).toBe(200);
    expect(me.status).toBe(200);
    expect(orders.filter((order) => order.settled())).toHaveLength(0);
    expect(await lockWaiters(url), 'the other five wait for a writer connection, not on the row').toBe(3);
    await lock.release();
    const answers = await Promise.all(orders.map((order) => order.promise));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    const after = await call(server, 'GET', `/api/schedules/${schedule.body.id}`, { cookie: admin });
    expect(after.body.seatsBooked).toBe(8);
  });

  it('a lock held past the lock limit answers 409 busy with Retry-After, in the caller’s language', async () => {
    const server = await start({ poolSize: 4, limits: { lockTimeoutMs: 1_000 } });
    const admin = await loginAt(server.baseUrl, 'admin@example.com', 'Admin#2026');
    const lock = await holdLock(url, 'select * from tour_types where id = 2 for update');
    const callers: { headers: Record<string, string>; cookie: string; expected: string }[] = [
      { headers: { 'accept-language': 'en-US,en;q=0.9' }, cookie: admin, expected: BUSY.en },
      { headers: { 'accept-language': 'vi-VN,vi;q=0.9,en;q=0.5' }, cookie: admin, expected: BUSY.vi },
      // No language stated: the `locale` cookie the language switcher writes decides.
      { headers: {}, cookie: `${admin}; locale=th`, expected: BUSY.th },
    ];
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => {
        const { headers, cookie, expected } = callers[i % callers.length];
        return call(server, 'PUT', '/api/tour-types/2', { cookie, headers, body: { sortOrder: 7 } }).then((answer) => ({
          answer,
          expected,
        }));
      }),
    );
    await lock.release();
    for (const { answer, expected } of answers) {
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ message: expected });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const after = await call(server, 'PUT', '/api/tour-types/2', { cookie: admin, body: { sortOrder: 7 } });
    expect(after.status).toBe(200);
  });

  it('a pool smaller than the load: a write that finds no connection in time answers 503 with Retry-After, never 500', async () => {
    // Two connections: one for reads, one for writes; that one waits on the locked row.
    const server = await start({ poolSize: 2, limits: { lockTimeoutMs: 120_000, checkoutTimeoutMs: 500 } });
    const user = await loginAt(server.baseUrl, 'user@example.com', 'User#2026');
    const schedules = await call(server, 'GET', '/api/schedules?filter={"status":"open"}&range=[0,0]', {
      cookie: await loginAt(server.baseUrl, 'admin@example.com', 'Admin#2026'),
    });
    const scheduleId = schedules.body[0].id;
    const lock = await holdLock(url, 'select * from schedules where id = $1 for update', [scheduleId]);
    const first = tracked(call(server, 'POST', '/api/orders', { cookie: user, body: { scheduleId, quantity: 1 } }));
    await until(async () => (await lockWaiters(url)) === 1, 'the first order waits on the departure');
    const refused = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(server, 'POST', '/api/orders', {
          cookie: user,
          headers: { 'accept-language': i % 2 ? 'lo' : 'en' },
          body: { scheduleId, quantity: 1 },
        }).then((answer) => ({ answer, expected: i % 2 ? UNAVAILABLE.lo : UNAVAILABLE.en })),
      ),
    );
    expect(first.settled()).toBe(false);
    for (const { answer, expected } of refused) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ message: expected });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Reads still had their connection all along.
    expect((await call(server, 'GET', '/api/orders?range=[0,4]', { cookie: user })).status).toBe(200);
    await lock.release();
    expect((await first.promise).status).toBe(201);
  });

  it('a statement past its limit answers 503 with Retry-After, and the same server answers the next one', async () => {
    const server = await start({ poolSize: 4, limits: { statementTimeoutMs: 500, lockTimeoutMs: 120_000 } });
    const admin = await loginAt(server.baseUrl, 'admin@example.com', 'Admin#2026');
    const lock = await holdLock(url, 'lock table complaints in access exclusive mode');
    const slow = await call(server, 'GET', '/api/complaints?range=[0,4]', { cookie: admin });
    await lock.release();
    expect(slow.status).toBe(503);
    expect(slow.body).toEqual({ message: UNAVAILABLE.en });
    expect(slow.headers.get('retry-after')).toBeTruthy();
    expect((await call(server, 'GET', '/api/complaints?range=[0,4]', { cookie: admin })).status).toBe(200);
    // A database that is there is no outage: health stays 200 throughout.
    expect((await call(server, 'GET', '/api/health')).status).toBe(200);
  });
});
