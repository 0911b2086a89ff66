/**
 * SIGTERM and the live streams (SPEC §8, §10): the real server process ends its open event streams with a reconnect
 * hint when it drains, and exits.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RECONNECT_HINT_MS } from '../../src/server/edge/lifecycle';
import { loginAt, prepareStore, startServerProcess, type DataStore, type ServerProcess } from './durability-server';
import { openEvents } from './events-client';
import { describeEachEngine } from './harness';

describeEachEngine('Event streams on SIGTERM', (engine) => {
  let store: DataStore;
  let server: ServerProcess;
  beforeAll(async () => {
    store = await prepareStore(engine);
    server = await startServerProcess(store, { SHUTDOWN_DELAY_MS: '200' });
  }, 300_000);
  afterAll(async () => {
    if (server?.child.exitCode === null) await server.kill('SIGKILL');
    await store?.drop();
  });

  it('ends every stream with a retry hint, then exits', async () => {
    const cookie = await loginAt(server.baseUrl, 'moderator@example.com', 'Admin#2026');
    const streams = await Promise.all([openEvents(server.baseUrl, cookie), openEvents(server.baseUrl, cookie)]);
    expect(streams.map((stream) => stream.status)).toEqual([200, 200]);
    const exited = server.kill('SIGTERM');
    await Promise.all(streams.map((stream) => stream.ended));
    for (const stream of streams) expect(stream.retries.at(-1), server.output()).toBe(RECONNECT_HINT_MS);
    expect(await exited).toBe(0);
  });
});
