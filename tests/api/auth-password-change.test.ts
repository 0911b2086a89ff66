import { expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';

describeEachEngine('a new password ends the old sessions', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });

  it('signs out every session of the account whose password a super_admin resets, and only that account', async () => {
    const admin = await server.login('admin@example.com', 'Admin#2026');
    const moderator = await server.login('moderator@example.com', 'Admin#2026');
    const me = await call(server, 'GET', '/api/auth/me', { cookie: moderator });
    expect(me.status).toBe(200);

    const current = await call(server, 'GET', `/api/admins/${me.body.id}`, { cookie: admin });
    const reset = await call(server, 'PUT', `/api/admins/${me.body.id}`, {
      cookie: admin,
      body: { ...current.body, password: 'Changed#2026' },
    });
    expect(reset.status).toBe(200);
    expect(JSON.stringify(reset.body)).not.toMatch(/Changed#2026|argon2|Hash/);

    expect((await call(server, 'GET', '/api/auth/me', { cookie: moderator })).status).toBe(401);
    expect((await call(server, 'GET', '/api/auth/me', { cookie: admin })).status).toBe(200);
    const relogin = await call(server, 'POST', '/api/auth/login', {
      body: { email: 'moderator@example.com', password: 'Changed#2026' },
    });
    expect(relogin.status).toBe(200);
  });
});
