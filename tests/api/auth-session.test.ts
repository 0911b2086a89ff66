import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { sessionIdOf } from '../../src/server/auth/sessions';
import {
  login,
  PASSWORD,
  prepareDatabase,
  startAuthServer,
  type AuthServer,
  type SharedDatabase,
} from './auth-fixture';
import { describeEachEngine } from './harness';
import { forgetSignedIn } from '../../src/server/auth/auth-changes';

describeEachEngine('auth sessions', (engine) => {
  let shared: SharedDatabase;
  let server: AuthServer;

  beforeAll(async () => {
    shared = await prepareDatabase(engine);
    server = await startAuthServer({ databaseUrl: shared.databaseUrl });
  });
  afterAll(async () => {
    await server?.close();
    await shared?.drop();
  });

  const me = (cookie?: string) =>
    fetch(`${server.url}/api/auth/me`, { headers: cookie ? { cookie } : {} }).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));

  describe('login', () => {
    it('signs each account kind in with its kind, role and permissions', async () => {
      const admin = await login(server.url, 'boss@example.test', PASSWORD);
      expect(admin.status).toBe(200);
      expect(admin.body).toMatchObject({
        email: 'boss@example.test',
        fullName: 'Boss',
        kind: 'admin',
        role: 'super_admin',
      });
      expect(admin.body.permissions['staff-accounts']).toEqual(['list', 'show', 'create', 'update', 'delete']);

      const moderator = await login(server.url, 'mod@example.test', PASSWORD);
      expect(moderator.body).toMatchObject({ kind: 'admin', role: 'moderator' });
      expect(moderator.body.permissions['staff-accounts']).toEqual(['list', 'show']);
      expect(moderator.body.permissions['catalogue-items']).toEqual(['list', 'show', 'create']);
      expect(moderator.body.permissions['customer-accounts']).toBeUndefined();

      const seller = await login(server.url, 'seller@example.test', PASSWORD);
      expect(seller.body).toMatchObject({
        kind: 'partner',
        role: 'partner',
        fullName: 'Sam Seller',
        status: 'approved',
      });
      expect(seller.body.partnerId).toBe(seller.body.id);
      expect(seller.body.permissions).toEqual({
        'seller-accounts': ['list', 'show', 'update'],
        'catalogue-items': ['list', 'show'],
      });

      // Emails match whatever their case.
      const customer = await login(server.url, 'customer@EXAMPLE.test', PASSWORD);
      expect(customer.body).toMatchObject({
        kind: 'user',
        role: 'user',
        fullName: 'Cus Tomer',
        userId: customer.body.id,
      });
    });

    it('answers 401 with one message for a wrong password and for an unknown email', async () => {
      const wrong = await login(server.url, 'boss@example.test', 'not-the-password');
      const unknown = await login(server.url, 'nobody@example.test', PASSWORD);
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual({ message: 'Invalid email or password' });
      expect(unknown.body).toEqual({ message: 'Invalid email or password' });
      expect(wrong.setCookie).toBeNull();
    });

    it('refuses an account whose state does not allow signing in, with a clear 403', async () => {
      const disabled = await login(server.url, 'off@example.test', PASSWORD);
      expect(disabled.status).toBe(403);
      expect(disabled.body.message).toBe('This account is disabled and cannot sign in');
      expect(disabled.setCookie).toBeNull();
      const suspended = await login(server.url, 'frozen@example.test', PASSWORD);
      expect(suspended.status).toBe(403);
      expect(suspended.body.message).toContain('suspended');
    });

    it('answers 400 with field errors for a missing email or password', async () => {
      const response = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 42 }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        message: 'Invalid input',
        errors: { email: 'This field is required', password: 'This field is required' },
      });
    });

    it('sets an httpOnly, SameSite=Lax, path=/ cookie for the session lifetime, not Secure outside production', async () => {
      const { setCookie } = await login(server.url, 'boss@example.test', PASSWORD);
      expect(setCookie).toMatch(/^lantern_session=[\w-]{43};/);
      expect(setCookie).toMatch(/; HttpOnly/i);
      expect(setCookie).toMatch(/; SameSite=Lax/i);
      expect(setCookie).toMatch(/; Path=\//);
      expect(setCookie).not.toMatch(/; Secure/i);
      const maxAge = Number(/Max-Age=(\d+)/i.exec(setCookie!)![1]);
      expect(maxAge).toBeGreaterThan(7 * 24 * 3600 - 60);
      expect(maxAge).toBeLessThanOrEqual(7 * 24 * 3600);
    });

    it('stores only the hash of the token and stamps the last sign-in', async () => {
      const { cookie } = await login(server.url, 'boss@example.test', PASSWORD);
      const token = cookie!.split('=')[1];
      const rows = await server.database.db.selectFrom('sessions').select('id').execute();
      expect(rows.map((r) => r.id)).toContain(sessionIdOf(token));
      expect(rows.map((r) => r.id)).not.toContain(token);
      const staff = await server.database.db
        .selectFrom('staff_accounts')
        .select(['lastLoginAt', 'version'])
        .where('email', '=', 'boss@example.test')
        .executeTakeFirstOrThrow();
      expect(Date.now() - new Date(staff.lastLoginAt).getTime()).toBeLessThan(60_000);
      expect(staff.version).toBe(1);
    });
  });

  describe('me', () => {
    it('answers 401 when signed out or with a forged cookie', async () => {
      expect(await me()).toEqual({ status: 401, body: { message: 'Not signed in' } });
      expect((await me('lantern_session=forged-token')).status).toBe(401);
    });

    it('never contains a hash or another column', async () => {
      const { cookie } = await login(server.url, 'seller@example.test', PASSWORD);
      const { status, body } = await me(cookie);
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual([
        'email',
        'fullName',
        'id',
        'kind',
        'partnerId',
        'permissions',
        'role',
        'stats',
        'status',
      ]);
      expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash|password/i);
    });

    it('sets the principal of every request from the cookie', async () => {
      const { cookie, body } = await login(server.url, 'mod@example.test', PASSWORD);
      const probe = await fetch(`${server.url}/api/probe`, { headers: { cookie: cookie! } }).then((r) => r.json());
      expect(probe.principal).toEqual({ kind: 'admin', id: body.id, role: 'moderator' });
      const anonymous = await fetch(`${server.url}/api/probe`).then((r) => r.json());
      expect(anonymous.principal).toEqual({ kind: 'public' });
      // Static files skip the session lookup: no database round trip per asset.
      const asset = await fetch(`${server.url}/assets/probe`, { headers: { cookie: cookie! } }).then((r) => r.json());
      expect(asset.principal).toEqual({ kind: 'public' });
    });

    it('follows changes of the account: a new role applies and a disabled account is signed out', async () => {
      const { cookie } = await login(server.url, 'mod@example.test', PASSWORD);
      const db = server.database.db;
      try {
        await db
          .updateTable('staff_accounts')
          .set({ role: 'finance' })
          .where('email', '=', 'mod@example.test')
          .execute();
        expect((await me(cookie)).body.role).toBe('finance');
        await db
          .updateTable('staff_accounts')
          .set({ status: 'disabled' })
          .where('email', '=', 'mod@example.test')
          .execute();
        expect((await me(cookie)).status).toBe(401);
      } finally {
        await db
          .updateTable('staff_accounts')
          .set({ role: 'moderator', status: 'active' })
          .where('email', '=', 'mod@example.test')
          .execute();
      }
    });
  });

  describe('session lifetime', () => {
    it('logout deletes the session: the old cookie is 401 afterwards and the cookie is cleared', async () => {
      const { cookie } = await login(server.url, 'boss@example.test', PASSWORD);
      expect((await me(cookie)).status).toBe(200);
      const response = await fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers: { cookie: cookie! } });
      expect(response.status).toBe(204);
      expect(response.headers.get('set-cookie')).toMatch(/^lantern_session=;.*Expires=Thu, 01 Jan 1970/i);
      expect((await me(cookie)).status).toBe(401);
      const token = cookie!.split('=')[1];
      const left = await server.database.db.selectFrom('sessions').where('id', '=', sessionIdOf(token)).execute();
      expect(left).toHaveLength(0);
    });

    it('an expired session is 401 and is pruned', async () => {
      const { cookie } = await login(server.url, 'boss@example.test', PASSWORD);
      const id = sessionIdOf(cookie!.split('=')[1]);
      await server.database.db
        .updateTable('sessions')
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where('id', '=', id)
        .execute();
      // A write outside the API: announce it, as the API's own writes do (sessions are cached).
      forgetSignedIn();
      const response = await fetch(`${server.url}/api/auth/me`, { headers: { cookie: cookie! } });
      expect(response.status).toBe(401);
      expect(response.headers.get('set-cookie')).toMatch(/^lantern_session=;/);
    });

    it('slides the expiry at most once a minute', async () => {
      const { cookie } = await login(server.url, 'boss@example.test', PASSWORD);
      const id = sessionIdOf(cookie!.split('=')[1]);
      const db = server.database.db;
      const read = () => db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const fresh = await read();
      await me(cookie);
      expect((await read()).lastSeenAt).toEqual(fresh.lastSeenAt);

      await db
        .updateTable('sessions')
        .set({ lastSeenAt: sql`now() - interval '2 minutes'`, expiresAt: sql`now() + interval '1 hour'` })
        .where('id', '=', id)
        .execute();
      // A write outside the API: announce it, as the API's own writes do (sessions are cached).
      forgetSignedIn();
      const response = await fetch(`${server.url}/api/auth/me`, { headers: { cookie: cookie! } });
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')).toMatch(/^lantern_session=[\w-]{43};.*Max-Age=60\d{4}/i);
      const slid = await read();
      expect(new Date(slid.expiresAt).getTime() - Date.now()).toBeGreaterThan(6 * 24 * 3600 * 1000);
      expect(new Date(slid.lastSeenAt).getTime()).toBeGreaterThan(new Date(fresh.lastSeenAt).getTime());
    });

    it('never extends a session past its absolute lifetime', async () => {
      const { cookie } = await login(server.url, 'boss@example.test', PASSWORD);
      const id = sessionIdOf(cookie!.split('=')[1]);
      const db = server.database.db;
      await db
        .updateTable('sessions')
        .set({
          createdAt: sql`now() - interval '30 days' + interval '1 hour'`,
          lastSeenAt: sql`now() - interval '1 day'`,
        })
        .where('id', '=', id)
        .execute();
      // A write outside the API: announce it, as the API's own writes do (sessions are cached).
      forgetSignedIn();
      expect((await me(cookie)).status).toBe(200);
      const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const left = new Date(row.expiresAt).getTime() - Date.now();
      expect(left).toBeLessThanOrEqual(3600 * 1000);
      expect(left).toBeGreaterThan(3500 * 1000);
    });
  });

  describe('production', () => {
    it('marks the cookie Secure', async () => {
      const secure = await startAuthServer({ production: true, databaseUrl: shared.databaseUrl });
      try {
        const { setCookie } = await login(secure.url, 'boss@example.test', PASSWORD);
        expect(setCookie).toMatch(/; Secure/i);
      } finally {
        await secure.close();
      }
    });
  });
});
