/**
 * Live screens (SPEC §8): `GET /api/events` streams every committed change to the sessions that may read the row,
 * from whichever instance made it, and nothing of a change that rolled back. Read over real HTTP on both engines.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createDatabase, type Database } from '../../src/server/db/db';
import { RECONNECT_HINT_MS } from '../../src/server/edge/lifecycle';
import { openEvents, type EventReader, type SseEvent } from './events-client';
import { call, describeEachEngine, suiteServer } from './harness';
import { NO_CLIENT_DIST } from '../support/no-client';

const PASSWORD = { admin: 'Admin#2026', partner: 'Partner#2026' };
const about = (resource: string, id: number) => (e: SseEvent) => e.data.resource === resource && e.data.id === id;

describeEachEngine('Live event stream', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });
  const readers: EventReader[] = [];
  const open = async (baseUrl: string, cookie?: string) => {
    const reader = await openEvents(baseUrl, cookie);
    readers.push(reader);
    return reader;
  };
  afterAll(() => readers.forEach((reader) => reader.close()));

  /** A service of this partner that it may edit without a review step (not yet approved). */
  const editableService = async (cookie: string) => {
    const answer = await call(
      server,
      'GET',
      '/api/services?filter={"status":["draft","pending","rejected"]}&range=[0,0]',
      {
        cookie,
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.length, 'the demo partner has a service that is not approved').toBe(1);
    return answer.body[0] as { id: number; partnerId: number; version: number };
  };

  it('answers 401 without a session', async () => {
    const reader = await open(server.baseUrl);
    expect(reader.status).toBe(401);
    expect(reader.refusal).toEqual({ message: 'Not signed in' });
  });

  it('streams a change made by another session, with its action and version, and a retry hint', async () => {
    const moderator = await server.login('moderator@example.com', PASSWORD.admin);
    const partner = await server.login('partner@example.com', PASSWORD.partner);
    const stream = await open(server.baseUrl, moderator);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const service = await editableService(partner);
    const edited = await call(server, 'PATCH', `/api/services/${service.id}`, {
      cookie: partner,
      body: { meetingPoint: { en: `Gate ${Date.now()}` } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const event = await stream.next(about('services', service.id));
    expect(event).toEqual({
      event: 'change',
      data: { resource: 'services', id: service.id, action: 'update', version: edited.body.version },
    });
    expect(stream.retries.length).toBeGreaterThan(0);
  });

  it("names the transition; a partner hears of its own rows' changes and never of another partner's", async () => {
    const moderator = await server.login('moderator@example.com', PASSWORD.admin);
    const first = await server.login('partner@example.com', PASSWORD.partner);
    const second = await server.login('partner2@example.com', PASSWORD.partner);
    const firstStream = await open(server.baseUrl, first);
    const secondStream = await open(server.baseUrl, second);
    const theirs = await editableService(second);
    const mine = await editableService(first);
    expect(theirs.partnerId).not.toBe(mine.partnerId);

    // The other partner's change first, then this partner's own: one channel keeps commit order, so once the own
    // change has arrived, the other's would have arrived before it.
    const other = await call(server, 'PATCH', `/api/services/${theirs.id}`, {
      cookie: second,
      body: { meetingPoint: { en: `Pier ${Date.now()}` } },
    });
    expect(other.status).toBe(200);
    const own = await call(server, 'PATCH', `/api/services/${mine.id}`, {
      cookie: first,
      body: { meetingPoint: { en: `Bridge ${Date.now()}` } },
    });
    expect(own.status).toBe(200);
    await firstStream.next(about('services', mine.id));
    expect(firstStream.events.filter(about('services', theirs.id))).toEqual([]);
    const heard = await secondStream.next(about('services', theirs.id));
    expect(heard.data.version).toBe(other.body.version);

    // A moderator's transition on the second partner's service: its name is the action, and only that partner hears.
    const status = (await call(server, 'GET', `/api/services/${theirs.id}`, { cookie: moderator })).body.status;
    if (status !== 'pending') {
      const submitted = await call(server, 'POST', `/api/services/${theirs.id}/actions/submit`, {
        cookie: second,
        body: {},
      });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    }
    const approved = await call(server, 'POST', `/api/services/${theirs.id}/actions/approve`, {
      cookie: moderator,
      body: {},
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const approval = await secondStream.next((e) => about('services', theirs.id)(e) && e.data.action === 'approve');
    expect(approval.data.version).toBe(approved.body.version);
    const again = await call(server, 'PATCH', `/api/services/${mine.id}`, {
      cookie: first,
      body: { meetingPoint: { en: `Quay ${Date.now()}` } },
    });
    expect(again.status).toBe(200);
    await firstStream.next((e) => about('services', mine.id)(e) && e.data.version === again.body.version);
    expect(firstStream.events.filter(about('services', theirs.id))).toEqual([]);
  });

  it('a change that rolls back sends nothing; an admin hears only of resources its role reads', async () => {
    const finance = await server.login('finance@example.com', PASSWORD.admin);
    const pending = await call(server, 'GET', '/api/refunds?filter={"status":"pending"}&range=[0,0]', {
      cookie: finance,
    });
    expect(pending.body.length, 'the demo data has a pending refund').toBe(1);
    const refund = pending.body[0] as { id: number; orderId: number };
    const stream = await open(server.baseUrl, finance);
    const moderator = await server.login('moderator@example.com', PASSWORD.admin);
    const partner = await server.login('partner@example.com', PASSWORD.partner);
    const moderatorStream = await open(server.baseUrl, moderator);
    // Behind the API's back (no event): the order can no longer be refunded (unpaid again), so the approval's effect
    // refuses it after the refund's status was already written in the transaction.
    const rows = await server.database.db
      .updateTable('orders')
      .set({ status: 'pending_payment' })
      .where('id', '=', refund.orderId)
      .returning('status')
      .execute();
    expect(rows).toHaveLength(1);
    const refused = await call(server, 'POST', `/api/refunds/${refund.id}/actions/approve`, {
      cookie: finance,
      body: {},
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    const rejected = await call(server, 'POST', `/api/refunds/${refund.id}/actions/reject`, {
      cookie: finance,
      body: { reason: 'The order was cancelled' },
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    await stream.next((e) => about('refunds', refund.id)(e) && e.data.action === 'reject');
    expect(stream.events.filter(about('refunds', refund.id)).map((e) => e.data.action)).toEqual(['reject']);

    // An admin hears only of the resources its role may read: moderators do not read refunds. A later change the
    // moderator may read comes next: once it has arrived, the refund's would have arrived before it.
    expect((await call(server, 'GET', '/api/refunds', { cookie: moderator })).status).toBe(403);
    const service = (await call(server, 'GET', '/api/services?range=[0,0]', { cookie: partner })).body[0];
    const edited = await call(server, 'PATCH', `/api/services/${service.id}`, {
      cookie: partner,
      body: { meetingPoint: { en: `Terminal ${Date.now()}` } },
    });
    expect(edited.status).toBe(200);
    await moderatorStream.next((e) => about('services', service.id)(e) && e.data.version === edited.body.version);
    expect(moderatorStream.events.filter((e) => e.data.resource === 'refunds')).toEqual([]);
  });

  it("a disabled admin's stream ends at once, and so does a signed-out session's", async () => {
    const admin = await server.login('admin@example.com', PASSWORD.admin);
    const support = await server.login('support@example.com', PASSWORD.admin);
    const id = Number((await call(server, 'GET', '/api/auth/me', { cookie: support })).body.id);
    const stream = await open(server.baseUrl, support);
    expect(stream.status).toBe(200);
    const disabled = await call(server, 'POST', `/api/admins/${id}/actions/disable`, { cookie: admin, body: {} });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    await stream.ended;
    expect((await call(server, 'POST', `/api/admins/${id}/actions/enable`, { cookie: admin, body: {} })).status).toBe(
      200,
    );

    const partner = await server.login('partner2@example.com', PASSWORD.partner);
    const other = await server.login('partner2@example.com', PASSWORD.partner);
    const leaving = await open(server.baseUrl, partner);
    const staying = await open(server.baseUrl, other);
    expect((await call(server, 'POST', '/api/auth/logout', { cookie: partner })).status).toBe(204);
    await leaving.ended;
    // The same account's other session keeps its stream: it still hears of the partner's rows.
    const service = (await call(server, 'GET', '/api/services?range=[0,0]', { cookie: other })).body[0];
    const edited = await call(server, 'PATCH', `/api/services/${service.id}`, {
      cookie: other,
      body: { meetingPoint: { en: `Dock ${Date.now()}` } },
    });
    expect(edited.status).toBe(200);
    await staying.next((e) => about('services', service.id)(e) && e.data.version === edited.body.version);
  });

  it('refuses a session that opens streams too fast with 429 and Retry-After', async () => {
    const support = await server.login('support@example.com', PASSWORD.admin);
    const answers: EventReader[] = [];
    for (let i = 0; i < 12; i++) answers.push(await open(server.baseUrl, support));
    const refused = answers.filter((reader) => reader.status === 429);
    expect(answers.filter((reader) => reader.status === 200).length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThan(0);
    answers.forEach((reader) => reader.close());
  });
});

describeEachEngine('Live event stream across instances', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });
  let other: FastifyInstance;
  let otherUrl: string;
  let otherDatabase: Database | undefined;

  beforeAll(async () => {
    // On PostgreSQL a second instance with its own pool and LISTEN connection; on PGlite (one process owns the
    // files) a second app on the same database, as in instances-shared.test.ts.
    otherDatabase = server.databaseUrl ? await createDatabase({ databaseUrl: server.databaseUrl }) : undefined;
    other = await buildApp({
      database: otherDatabase ?? server.database,
      config: { production: false, distDir: NO_CLIENT_DIST },
      // Heartbeats far more often than the product's 20 s, so the test sees one without waiting.
      events: { heartbeatMs: 100 },
    });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const address = other.server.address();
    otherUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await otherDatabase?.close();
  });

  it('a change on instance A reaches a stream on instance B', async () => {
    const moderator = await server.login('moderator@example.com', PASSWORD.admin);
    const partner = await server.login('partner@example.com', PASSWORD.partner);
    const stream = await openEvents(otherUrl, moderator);
    try {
      expect(stream.status).toBe(200);
      const listed = await call(server, 'GET', '/api/services?range=[0,0]', { cookie: partner });
      const id = Number(listed.body[0].id);
      const edited = await call(server, 'PATCH', `/api/services/${id}`, {
        cookie: partner,
        body: { meetingPoint: { en: `Harbour ${Date.now()}` } },
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      const event = await stream.next((e) => about('services', id)(e) && e.data.version === edited.body.version);
      expect(event.event).toBe('change');
    } finally {
      stream.close();
    }
  });

  it("disabling an admin on instance A ends that admin's stream on instance B", async () => {
    const admin = await server.login('admin@example.com', PASSWORD.admin);
    const support = await server.login('support@example.com', PASSWORD.admin);
    const id = Number((await call(server, 'GET', '/api/auth/me', { cookie: support })).body.id);
    const stream = await openEvents(otherUrl, support);
    try {
      expect(stream.status).toBe(200);
      const disabled = await call(server, 'POST', `/api/admins/${id}/actions/disable`, { cookie: admin, body: {} });
      expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
      await stream.ended;
    } finally {
      stream.close();
      await call(server, 'POST', `/api/admins/${id}/actions/enable`, { cookie: admin, body: {} });
    }
  });

  it('an idle stream gets comment heartbeats', async () => {
    const support = await server.login('support@example.com', PASSWORD.admin);
    const stream = await openEvents(otherUrl, support);
    try {
      expect(stream.status).toBe(200);
      await expect.poll(() => stream.comments.includes('ping'), { timeout: 5_000 }).toBe(true);
    } finally {
      stream.close();
    }
  });

  it('a drain ends the streams with a reconnect hint', async () => {
    const support = await server.login('support@example.com', PASSWORD.admin);
    const stream = await openEvents(otherUrl, support);
    expect(stream.status).toBe(200);
    await other.lifecycle.drain(other.log);
    await stream.ended;
    expect(stream.retries.at(-1)).toBe(RECONNECT_HINT_MS);
  });
});
