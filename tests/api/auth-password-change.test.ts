import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';

const REQUIRED = 'This field is required';
const WRONG = 'The current password is not correct';

describeEachEngine('a new password ends the old sessions', (engine) => {
  // Three failures per account and client, as sign-in counts them, so the limit is reached here.
  const server = suiteServer({
    engine,
    seed: 'small',
    auth: { loginLimits: { perEmailAndIp: 3, perEmail: 1000, perIp: 1000 } },
  });

  it('signs out every session of the account whose password a super_admin resets, and only that account', async () => {
    const admin = await server.login('admin@example.com', 'Admin#2026');
    const moderator = await server.login('moderator@example.com', 'Admin#2026');
    const me = await call(server, 'GET', '/api/auth/me', { cookie: moderator });
    expect(me.status).toBe(200);

    const current = await call(server, 'GET', `/api/admins/${me.body.id}`, { cookie: admin });
    // Resetting another account's password needs no current password of it.
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

    // The reset is in the audit trail: who did it, on which account, and that the password changed (not to what).
    const adminId = (await call(server, 'GET', '/api/auth/me', { cookie: admin })).body.id;
    const { rows } = await sql<{ actorId: number; action: string; diff: any }>`
      select "actorId", action, diff from audit_log
      where resource = 'admins' and "recordId" = ${me.body.id} order by id desc limit 1`.execute(server.db);
    expect(rows[0]).toMatchObject({ actorId: adminId, action: 'update' });
    expect(rows[0].diff.password).toEqual(['[changed]', '[changed]']);
  });

  describe('own password', () => {
    let partner = '';
    let other = '';
    let id = 0;
    const hash = async () =>
      (await server.db.selectFrom('partners').select('passwordHash').where('id', '=', id).executeTakeFirstOrThrow())
        .passwordHash as string;

    beforeAll(async () => {
      partner = await server.login('partner2@example.com', 'Partner#2026');
      other = await server.login('partner2@example.com', 'Partner#2026');
      id = (await call(server, 'GET', '/api/auth/me', { cookie: partner })).body.id;
    });

    it('an account changing its own password must give the current one (400 on currentPassword)', async () => {
      const before = await hash();
      const missing = await call(server, 'PUT', `/api/partners/${id}`, {
        cookie: partner,
        body: { password: 'Taken#Over2026' },
      });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ message: 'Invalid input', errors: { currentPassword: REQUIRED } });
      const wrong = await call(server, 'PUT', `/api/partners/${id}`, {
        cookie: partner,
        body: { password: 'Taken#Over2026', currentPassword: 'Guess#2026' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ message: 'Invalid input', errors: { currentPassword: WRONG } });
      expect(await hash()).toBe(before);
      // Other edits of one's own record need no password.
      const edit = await call(server, 'PUT', `/api/partners/${id}`, {
        cookie: partner,
        body: { contactName: 'Kham Partner' },
      });
      expect(edit.status).toBe(200);
    });

    it('with the right one it changes, keeps this session and ends the others', async () => {
      const changed = await call(server, 'PUT', `/api/partners/${id}`, {
        cookie: partner,
        body: { password: 'Renewed#2026', currentPassword: 'Partner#2026' },
      });
      expect(changed.status).toBe(200);
      expect((await call(server, 'GET', '/api/auth/me', { cookie: partner })).status).toBe(200);
      expect((await call(server, 'GET', '/api/auth/me', { cookie: other })).status).toBe(401);
      const old = await call(server, 'POST', '/api/auth/login', {
        body: { email: 'partner2@example.com', password: 'Partner#2026' },
      });
      expect(old.status).toBe(401);
      await server.login('partner2@example.com', 'Renewed#2026');
    });

    it('counts wrong current passwords like failed sign-ins: 429 with Retry-After, for sign-in too', async () => {
      const user = await server.login('user@example.com', 'User#2026');
      const me = (await call(server, 'GET', '/api/auth/me', { cookie: user })).body.id;
      for (let i = 0; i < 3; i++) {
        const wrong = await call(server, 'PUT', `/api/users/${me}`, {
          cookie: user,
          body: { password: 'Taken#Over2026', currentPassword: `Guess#${i}` },
        });
        expect(wrong.status).toBe(400);
        expect(wrong.body.errors).toEqual({ currentPassword: WRONG });
      }
      const limited = await call(server, 'PUT', `/api/users/${me}`, {
        cookie: user,
        body: { password: 'Taken#Over2026', currentPassword: 'User#2026' },
      });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ message: 'Too many attempts, try again later' });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      const login = await call(server, 'POST', '/api/auth/login', {
        body: { email: 'user@example.com', password: 'User#2026' },
      });
      expect(login.status).toBe(429);
      expect(Number(login.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });
});
