/**
 * `live.createEvent` (SPEC §8 "a new notification of the account arrives as event: notification"): new rows of a
 * resource that declares it go to their readers as `event: notification`, later changes as `event: change`, and
 * a partner hears only of its own. A test-only resource stands in for the notifications resource.
 */
import { afterAll, expect, it } from 'vitest';
import { ref, text } from '../../src/core/fields';
import { defineResource, type AnyResource } from '../../src/core/resource';
import { openEvents, type EventReader } from './events-client';
import { call, describeEachEngine, suiteServer } from './harness';
import { TEST_RESOURCES } from './rest-fixtures';
import { PASSWORD, seedAccounts } from './rest-setup';

const memos = defineResource({
  name: 'memos',
  paths: { admin: 'memos', partner: 'memos' },
  live: { createEvent: 'notification' },
  fields: {
    vendorId: ref('vendors', { required: true }),
    message: text({ required: true }),
  },
  list: { columns: ['vendorId', 'message'], sort: ['id', 'DESC'] },
  access: {
    admin: { read: true, create: ['moderator'], update: ['moderator'] },
    partner: { scope: 'vendorId', read: true },
  },
});

describeEachEngine('Live notifications', (engine) => {
  const server = suiteServer({
    engine,
    resources: [...TEST_RESOURCES, memos as unknown as AnyResource],
    setup: seedAccounts,
  });
  const readers: EventReader[] = [];
  afterAll(() => readers.forEach((reader) => reader.close()));

  it("a new row reaches its recipient as event: notification, a change as event: change; never another's", async () => {
    const moderator = await server.login('moderator@test.example', PASSWORD);
    const vendorA = await server.login('vendor-a@test.example', PASSWORD);
    const vendorB = await server.login('vendor-b@test.example', PASSWORD);
    const idOf = async (cookie: string) => Number((await call(server, 'GET', '/api/auth/me', { cookie })).body.id);
    const [a, b] = [await idOf(vendorA), await idOf(vendorB)];
    const streamA = await openEvents(server.baseUrl, vendorA);
    const streamB = await openEvents(server.baseUrl, vendorB);
    readers.push(streamA, streamB);
    expect([streamA.status, streamB.status]).toEqual([200, 200]);

    const forB = await call(server, 'POST', '/api/memos', { cookie: moderator, body: { vendorId: b, message: 'B' } });
    expect(forB.status, JSON.stringify(forB.body)).toBe(201);
    const forA = await call(server, 'POST', '/api/memos', { cookie: moderator, body: { vendorId: a, message: 'A' } });
    expect(forA.status).toBe(201);
    const heard = await streamA.next((e) => e.data.resource === 'memos' && e.data.id === forA.body.id);
    expect(heard).toEqual({
      event: 'notification',
      data: { resource: 'memos', id: forA.body.id, action: 'create', version: forA.body.version },
    });
    const toB = await streamB.next((e) => e.data.resource === 'memos' && e.data.id === forB.body.id);
    expect(toB.event).toBe('notification');

    const edited = await call(server, 'PATCH', `/api/memos/${forA.body.id}`, {
      cookie: moderator,
      body: { message: 'A, again' },
    });
    expect(edited.status).toBe(200);
    const change = await streamA.next((e) => e.data.id === forA.body.id && e.data.version === edited.body.version);
    expect(change).toEqual({
      event: 'change',
      data: { resource: 'memos', id: forA.body.id, action: 'update', version: edited.body.version },
    });
    // One channel keeps commit order: once a later row has arrived, an earlier one meant for the stream would have.
    expect(streamA.events.filter((e) => e.data.id === forB.body.id)).toEqual([]);
    const last = await call(server, 'POST', '/api/memos', { cookie: moderator, body: { vendorId: b, message: 'B2' } });
    expect(last.status).toBe(201);
    await streamB.next((e) => e.data.id === last.body.id);
    expect(streamB.events.filter((e) => e.data.id === forA.body.id)).toEqual([]);
  });
});
