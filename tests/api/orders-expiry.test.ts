/**
 * The expiry worker (SPEC §11): ended holds are marked `expired` by the system within 60 s, audited, with the
 * customer told (`orders.expire`), and each exactly once with two server instances on one database (PostgreSQL:
 * two pools, so `SKIP LOCKED` decides between them; PGlite: two app instances over its one connection).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createDatabase, type Database } from '../../src/server/db/db';
import { call, describeEachEngine, startTestServer, type TestServer } from './harness';
import { create, dayFromNow, signInAll, type Sessions } from './workflows-helpers';
import { NO_CLIENT_DIST } from '../support/no-client';

const POLL_MS = 150;
const ORDERS = 24;

describeEachEngine('the expiry worker on two instances', (engine) => {
  let server: TestServer;
  let other: FastifyInstance;
  let otherDatabase: Database | undefined;
  let s: Sessions;

  beforeAll(async () => {
    server = await startTestServer({ engine, seed: 'small', config: { timerPollMs: POLL_MS } });
    otherDatabase = server.databaseUrl ? await createDatabase({ databaseUrl: server.databaseUrl }) : undefined;
    other = await buildApp({
      database: otherDatabase ?? server.database,
      config: { production: false, distDir: NO_CLIENT_DIST, timerPollMs: POLL_MS },
    });
    s = await signInAll(server);
  }, 300_000);
  afterAll(async () => {
    await other?.close();
    await otherDatabase?.close();
    await server?.close();
  });

  it('every ended hold is expired once, by the system, audited, and its customer told', async () => {
    const schedule = await create(server, 'schedules', s.partner, {
      serviceId: 1,
      startDate: dayFromNow(20),
      endDate: dayFromNow(21),
      capacity: 40,
    });
    const customers = [s.customer1, s.customer2, s.customer3];
    const ids: number[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const placed = await call(server, 'POST', '/api/orders', {
        cookie: customers[i % customers.length],
        body: { scheduleId: schedule.id, quantity: 1 },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      ids.push(placed.body.id);
    }
    const ended = new Date(Date.now() - 1_000);
    await sql`update orders set "holdExpiresAt" = ${ended} where id in (${sql.join(ids)})`.execute(server.db);

    const deadline = Date.now() + 60_000;
    let left = ids.length;
    while (left > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from orders where id in (${sql.join(ids)}) and status <> 'expired'`.execute(
        server.db,
      );
      left = Number(rows[0].n);
    }
    expect(left, 'orders still unexpired 60 s after their hold ended').toBe(0);

    const audits = await sql<{ recordId: number; n: number; kinds: string }>`
      select "recordId", count(*)::int as n, string_agg(distinct "actorKind", ',') as kinds from audit_log
      where resource = 'orders' and action = 'expire' and "recordId" in (${sql.join(ids)})
      group by "recordId"`.execute(server.db);
    expect(audits.rows).toHaveLength(ids.length);
    for (const row of audits.rows) expect(row, `order ${row.recordId}`).toMatchObject({ n: 1, kinds: 'system' });

    const told = await sql<{ recordId: number; n: number }>`
      select "recordId", count(*)::int as n from notifications
      where event = 'orders.expire' and "recordId" in (${sql.join(ids)}) group by "recordId"`.execute(server.db);
    expect(told.rows).toHaveLength(ids.length);
    for (const row of told.rows) expect(Number(row.n), `order ${row.recordId}`).toBe(1);

    // The customer reads it in their language (customer1's is Thai in the small seed).
    const mine = await call(
      server,
      'GET',
      `/api/notifications?filter=${encodeURIComponent('{"event":"orders.expire"}')}`,
      {
        cookie: s.customer1,
      },
    );
    expect(mine.status).toBe(200);
    expect(mine.body.length).toBeGreaterThan(0);
    expect(typeof mine.body[0].message).toBe('string');
    // The seats went back on sale the instant the holds ended; expiring changed no count.
    const seats = await call(server, 'GET', `/api/schedules/${schedule.id}`, {
      cookie: s.partner,
    });
    expect(seats.body.seatsBooked).toBe(0);
  }, 120_000);
});
