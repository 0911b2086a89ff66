import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  login,
  PASSWORD,
  prepareDatabase,
  startAuthServer,
  type AuthServer,
  type SharedDatabase,
} from './auth-fixture';
import { describeEachEngine } from './harness';

describeEachEngine('auth Origin check', (engine) => {
  let shared: SharedDatabase;
  let server: AuthServer;
  let cookie: string;

  beforeAll(async () => {
    shared = await prepareDatabase(engine);
    server = await startAuthServer({ databaseUrl: shared.databaseUrl });
    cookie = (await login(server.url, 'boss@example.test', PASSWORD)).cookie!;
  });
  afterAll(async () => {
    await server?.close();
    await shared?.drop();
  });

  const send = (method: string, headers: Record<string, string>, path = '/api/probe') =>
    fetch(`${server.url}${path}`, { method, headers }).then(async (r) => ({ status: r.status, body: await r.json() }));

  describe('Origin check', () => {
    it('refuses a state-changing request with the session cookie from another site', async () => {
      for (const origin of ['http://evil.example', 'null', `${server.url.replace('127.0.0.1', 'localhost')}`]) {
        const answer = await send('POST', { cookie, origin });
        expect(answer).toEqual({ status: 403, body: { message: 'Cross-site request refused' } });
      }
      const other = await send('POST', { cookie, origin: `http://127.0.0.1:1` });
      expect(other.status).toBe(403);
    });

    it('compares the scheme too: the same host and port over https is another origin than the app over http', async () => {
      const answer = await send('POST', { cookie, origin: server.url.replace('http://', 'https://') });
      expect(answer).toEqual({ status: 403, body: { message: 'Cross-site request refused' } });
    });

    it('refuses a cross-site logout, which leaves the session alive', async () => {
      const answer = await send('POST', { cookie, origin: 'https://evil.example' }, '/api/auth/logout');
      expect(answer.status).toBe(403);
      expect((await send('GET', { cookie }, '/api/auth/me')).status).toBe(200);
    });

    it('lets the same site, requests without Origin, reads and cookie-less requests through', async () => {
      const same = await send('POST', { cookie, origin: server.url });
      expect(same.status).toBe(200);
      expect(same.body.principal.kind).toBe('admin');
      expect((await send('POST', { cookie })).body.principal.kind).toBe('admin');
      expect((await send('GET', { cookie, origin: 'http://evil.example' })).status).toBe(200);
      const anonymous = await send('POST', { origin: 'http://evil.example' });
      expect(anonymous).toEqual({ status: 200, body: { principal: { kind: 'public' } } });
    });
  });
});
