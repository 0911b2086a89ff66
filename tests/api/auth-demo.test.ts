import { expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';

/** SPEC §7's demo accounts and what SPEC §1 says each may do. */
const ACCOUNTS = [
  { email: 'admin@example.com', password: 'Admin#2026', kind: 'admin', role: 'super_admin' },
  { email: 'moderator@example.com', password: 'Admin#2026', kind: 'admin', role: 'moderator' },
  { email: 'finance@example.com', password: 'Admin#2026', kind: 'admin', role: 'finance' },
  { email: 'support@example.com', password: 'Admin#2026', kind: 'admin', role: 'support' },
  { email: 'partner@example.com', password: 'Partner#2026', kind: 'partner', role: 'partner' },
  { email: 'partner2@example.com', password: 'Partner#2026', kind: 'partner', role: 'partner' },
  { email: 'user@example.com', password: 'User#2026', kind: 'user', role: 'user' },
] as const;

describeEachEngine('demo accounts', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });

  it('each demo account signs in with its kind and role, and me answers the same without any secret', async () => {
    for (const account of ACCOUNTS) {
      const login = await call(server, 'POST', '/api/auth/login', {
        body: { email: account.email, password: account.password },
      });
      expect(login.status, account.email).toBe(200);
      expect(login.body).toMatchObject({ email: account.email, kind: account.kind, role: account.role });
      expect(login.body.fullName).toEqual(expect.any(String));
      expect(login.body.fullName).not.toBe('');
      const cookie = login.headers.getSetCookie()[0].split(';')[0];
      const me = await call(server, 'GET', '/api/auth/me', { cookie });
      expect(me.status).toBe(200);
      // `me` adds the second factor's state; a sign-in's own `twoFactor` is only ever `true` (the second step, SPEC §12).
      const { twoFactor, ...signedIn } = me.body;
      expect(signedIn).toEqual(login.body);
      expect(login.body.twoFactor).toBeUndefined();
      expect(twoFactor).toEqual({ enabled: false, setupRequired: false });
      expect(JSON.stringify(me.body)).not.toMatch(/hash|argon2|Partner#2026|Admin#2026|User#2026/i);
      if (account.kind === 'partner') expect(me.body.partnerId).toBe(me.body.id);
    }
  });

  it('permissions follow the sub-roles of SPEC §1', async () => {
    const permissions = async (email: string, password: string) =>
      (await call(server, 'POST', '/api/auth/login', { body: { email, password } })).body.permissions;
    const admin = await permissions('admin@example.com', 'Admin#2026');
    const moderator = await permissions('moderator@example.com', 'Admin#2026');
    const finance = await permissions('finance@example.com', 'Admin#2026');
    const support = await permissions('support@example.com', 'Admin#2026');
    const partner = await permissions('partner@example.com', 'Partner#2026');
    expect(admin.admins).toEqual(['list', 'show', 'create', 'update', 'delete']);
    expect(moderator.admins ?? []).not.toContain('create');
    expect(finance.payments).toContain('list');
    expect(moderator.payments).toBeUndefined();
    expect(support.orders).toEqual(['list', 'show']);
    expect(partner.admins).toBeUndefined();
    expect(partner.services).toEqual(expect.arrayContaining(['list', 'show', 'create', 'update']));
  });

  it('a wrong password is 401, and the REST API sees the session', async () => {
    const wrong = await call(server, 'POST', '/api/auth/login', {
      body: { email: 'admin@example.com', password: 'Admin#2025' },
    });
    expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid email or password' } });
    const cookie = await server.login('support@example.com', 'Admin#2026');
    expect((await call(server, 'GET', '/api/users?range=[0,4]')).status).toBe(401);
    const users = await call(server, 'GET', '/api/users?range=[0,4]', { cookie });
    expect(users.status).toBe(200);
    expect(JSON.stringify(users.body)).not.toMatch(/passwordHash|argon2/);
  });

  it('refuses a cross-site write with the session cookie, and accepts it from the same site', async () => {
    const cookie = await server.login('moderator@example.com', 'Admin#2026');
    const body = { code: 'ORIGIN_TEST', name: { en: 'Origin test' } };
    const evil = await call(server, 'POST', '/api/tour-types', {
      cookie,
      body,
      headers: { origin: 'https://evil.example' },
    });
    expect(evil).toMatchObject({ status: 403, body: { message: 'Cross-site request refused' } });
    const same = await call(server, 'POST', '/api/tour-types', { cookie, body, headers: { origin: server.baseUrl } });
    expect(same.status).toBe(201);
  });

  it('logout revokes the session across the whole API', async () => {
    const cookie = await server.login('finance@example.com', 'Admin#2026');
    expect((await call(server, 'GET', '/api/payments?range=[0,0]', { cookie })).status).toBe(200);
    expect((await call(server, 'POST', '/api/auth/logout', { cookie })).status).toBe(204);
    expect((await call(server, 'GET', '/api/payments?range=[0,0]', { cookie })).status).toBe(401);
    expect((await call(server, 'GET', '/api/auth/me', { cookie })).status).toBe(401);
  });
});
