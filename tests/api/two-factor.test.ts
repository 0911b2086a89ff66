/**
 * SPEC §12, two-step sign-in: every rule, on PGlite and PostgreSQL. Codes are made here with the library the
 * server uses (otplib), at instants chosen against the server's clock, which the suite sets.
 */
import { generate } from 'otplib';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { seedDefaults } from '../../resources/demo/demo';
import { hashPassword } from '../../src/server/auth/password';
import { MIGRATIONS_DIR, splitStatements } from '../../src/server/db/migrate';
import { call, describeEachEngine, suiteServer, type TestServer } from './harness';

const ADMIN = 'admin@example.com';
const FINANCE = 'finance@example.com';
const MODERATOR = 'moderator@example.com';
const PARTNER = 'partner@example.com';
const ADMIN_PASSWORD = 'Admin#2026';
const PARTNER_PASSWORD = 'Partner#2026';
const STEP_MS = 30_000;
const SETUP_REQUIRED = 'Set up two-step sign-in to continue';

/** The server's clock: the middle of a TOTP step, moved by the tests. */
let now = Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2;
const clock = () => now;

const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

const cookieOf = (headers: Headers, name: string) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`))
    ?.split(';')[0];

/** Signs in with the password; answers the body and the session or challenge cookie it set. */
async function passwordStep(server: TestServer, email: string, password: string) {
  const response = await call(server, 'POST', '/api/auth/login', { body: { email, password } });
  return {
    ...response,
    session: cookieOf(response.headers, 'lantern_session'),
    challenge: cookieOf(response.headers, 'lantern_two_factor'),
  };
}

/** Sets up and turns on the signed-in account's factor; answers its secret and recovery codes. */
async function enrol(server: TestServer, cookie: string, currentPassword = ADMIN_PASSWORD) {
  const setup = await call(server, 'POST', '/api/auth/two-factor/setup', { cookie, body: { currentPassword } });
  expect(setup.status).toBe(200);
  const enabled = await call(server, 'POST', '/api/auth/two-factor/enable', {
    cookie,
    body: { code: await codeAt(setup.body.secret, now) },
  });
  expect(enabled.status).toBe(200);
  return { secret: setup.body.secret as string, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

describeEachEngine('two-step sign-in', (engine) => {
  const server = suiteServer({ engine, seed: 'small', auth: { clock } });

  beforeEach(async () => {
    // Each test starts a step later than the last, so no code of one is a replay in the next.
    now += 10 * STEP_MS;
    await server.db.deleteFrom('login_attempts').execute();
  });

  describe('setting up', () => {
    it('needs a session, answers a secret and its otpauth URL once, and never the secret again', async () => {
      expect((await call(server, 'POST', '/api/auth/two-factor/setup', { body: {} })).status).toBe(401);
      const cookie = await server.login(MODERATOR, ADMIN_PASSWORD);
      // The owner's password, not the session alone: a stolen session cannot turn it on and lock the owner out.
      const attempts = async () =>
        Number((await sql<{ n: number }>`select count(*)::int as n from login_attempts`.execute(server.db)).rows[0].n);
      const missing = await call(server, 'POST', '/api/auth/two-factor/setup', { cookie, body: {} });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual({ currentPassword: 'This field is required' });
      const before = await attempts();
      const wrongPassword = await call(server, 'POST', '/api/auth/two-factor/setup', {
        cookie,
        body: { currentPassword: 'Not#The2026Password' },
      });
      expect(wrongPassword.status).toBe(400);
      expect(wrongPassword.body.errors).toEqual({ currentPassword: 'The current password is not correct' });
      // Counted as a failed sign-in of the account.
      expect(await attempts()).toBeGreaterThan(before);
      expect((await call(server, 'GET', '/api/auth/two-factor', { cookie })).body.enabled).toBe(false);
      const setup = await call(server, 'POST', '/api/auth/two-factor/setup', {
        cookie,
        body: { currentPassword: ADMIN_PASSWORD },
      });
      expect(setup.status).toBe(200);
      expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
      const url = new URL(setup.body.otpauthUrl);
      expect(url.protocol).toBe('otpauth:');
      expect(url.host).toBe('totp');
      expect(url.searchParams.get('secret')).toBe(setup.body.secret);
      expect(url.searchParams.get('algorithm') ?? 'SHA1').toBe('SHA1');
      expect(url.searchParams.get('digits') ?? '6').toBe('6');
      expect(url.searchParams.get('period') ?? '30').toBe('30');
      expect(decodeURIComponent(url.pathname)).toContain(MODERATOR);

      // A wrong code turns nothing on; the right one answers ten recovery codes.
      const wrong = await call(server, 'POST', '/api/auth/two-factor/enable', { cookie, body: { code: '000000' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors.code).toBeTruthy();
      expect((await call(server, 'POST', '/api/auth/two-factor/enable', { cookie, body: {} })).body.errors.code).toBe(
        'This field is required',
      );
      const enabled = await call(server, 'POST', '/api/auth/two-factor/enable', {
        cookie,
        body: { code: await codeAt(setup.body.secret, now) },
      });
      expect(enabled.status).toBe(200);
      expect(enabled.body.recoveryCodes).toHaveLength(10);
      expect(new Set(enabled.body.recoveryCodes).size).toBe(10);

      // Never again: not from setup (409), the status, `auth/me` or the database's recovery codes in plain.
      expect(
        (
          await call(server, 'POST', '/api/auth/two-factor/setup', {
            cookie,
            body: { currentPassword: ADMIN_PASSWORD },
          })
        ).status,
      ).toBe(409);
      const status = await call(server, 'GET', '/api/auth/two-factor', { cookie });
      expect(status.body).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
      const me = await call(server, 'GET', '/api/auth/me', { cookie });
      expect(JSON.stringify(me.body)).not.toContain(setup.body.secret);
      expect(me.body.twoFactor).toEqual({ enabled: true, setupRequired: false });
      const stored = await server.db.selectFrom('two_factor_recovery_codes').select('codeHash').execute();
      const hashes = stored.map((row) => String(row.codeHash));
      for (const code of enabled.body.recoveryCodes as string[]) {
        expect(hashes).not.toContain(code);
        expect(hashes.join()).not.toContain(code.replace('-', ''));
      }
      // The secret stays out of every list and record of the account.
      const admins = await call(server, 'GET', '/api/admins', { cookie: await server.login(ADMIN, ADMIN_PASSWORD) });
      expect(JSON.stringify(admins.body)).not.toContain(setup.body.secret);
    });
  });

  describe('signing in', () => {
    let secret: string;
    let recoveryCodes: string[];

    it('answers {twoFactor: true} to the password and a cookie that opens nothing else', async () => {
      ({ secret, recoveryCodes } = await enrol(server, await server.login(FINANCE, ADMIN_PASSWORD)));
      now += STEP_MS * 3;
      const first = await passwordStep(server, FINANCE, ADMIN_PASSWORD);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ twoFactor: true });
      expect(first.session).toBeUndefined();
      expect(first.challenge).toBeTruthy();
      for (const url of ['/api/auth/me', '/api/orders', '/api/refunds', '/api/auth/two-factor'])
        expect((await call(server, 'GET', url, { cookie: first.challenge })).status, url).toBe(401);
      // A wrong password still says nothing of the second step.
      expect((await passwordStep(server, FINANCE, 'Wrong#Password1')).status).toBe(401);
    });

    it('completes the sign-in with a code, one step of drift either way, each code once', async () => {
      const early = await passwordStep(server, FINANCE, ADMIN_PASSWORD);
      // A code one step behind the server's clock.
      const behind = await call(server, 'POST', '/api/auth/two-factor/verify', {
        cookie: early.challenge,
        body: { code: await codeAt(secret, now - STEP_MS) },
      });
      expect(behind.status).toBe(200);
      expect(behind.body).toMatchObject({ email: FINANCE, kind: 'admin', role: 'finance' });
      const session = cookieOf(behind.headers, 'lantern_session')!;
      expect(session).toBeTruthy();
      expect((await call(server, 'GET', '/api/auth/me', { cookie: session })).status).toBe(200);
      expect((await call(server, 'GET', '/api/refunds', { cookie: session })).status).toBe(200);
      // The challenge served that sign-in only.
      const again = await call(server, 'POST', '/api/auth/two-factor/verify', {
        cookie: early.challenge,
        body: { code: await codeAt(secret, now) },
      });
      expect(again.status).toBe(401);

      // One step ahead is accepted; that code again (a replay in its window) is not, nor an older one.
      const ahead = await passwordStep(server, FINANCE, ADMIN_PASSWORD);
      const aheadCode = await codeAt(secret, now + STEP_MS);
      const verify = (challenge: string | undefined, body: unknown) =>
        call(server, 'POST', '/api/auth/two-factor/verify', { cookie: challenge, body });
      expect((await verify(ahead.challenge, { code: aheadCode })).status).toBe(200);
      const replay = await passwordStep(server, FINANCE, ADMIN_PASSWORD);
      expect((await verify(replay.challenge, { code: aheadCode })).status).toBe(401);
      expect((await verify(replay.challenge, { code: await codeAt(secret, now) })).status).toBe(401);
      // Two steps away is outside the window.
      expect((await verify(replay.challenge, { code: await codeAt(secret, now + 2 * STEP_MS) })).status).toBe(401);
      // Once the clock has moved on, that step's code is the current one and opens.
      now += 2 * STEP_MS;
      expect((await verify(replay.challenge, { code: await codeAt(secret, now) })).status).toBe(200);
    });

    it('answers 429 with Retry-After after 5 wrong codes, even to the right one', async () => {
      const attempt = await passwordStep(server, FINANCE, ADMIN_PASSWORD);
      const right = await codeAt(secret, now);
      const wrong = right === '123456' ? '654321' : '123456';
      for (let i = 0; i < 5; i++) {
        const answer = await call(server, 'POST', '/api/auth/two-factor/verify', {
          cookie: attempt.challenge,
          body: { code: wrong },
        });
        expect(answer.status, `wrong code ${i + 1}`).toBe(401);
      }
      const blocked = await call(server, 'POST', '/api/auth/two-factor/verify', {
        cookie: attempt.challenge,
        body: { code: right },
      });
      expect(blocked.status).toBe(429);
      const retryAfter = Number(blocked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // A new password sign-in does not give the guesser five more.
      const fresh = await passwordStep(server, FINANCE, ADMIN_PASSWORD);
      expect(
        (await call(server, 'POST', '/api/auth/two-factor/verify', { cookie: fresh.challenge, body: { code: right } }))
          .status,
      ).toBe(429);
    });

    it('accepts a recovery code once, in any case and with or without its hyphen', async () => {
      const [code, second] = recoveryCodes;
      const first = await passwordStep(server, FINANCE, ADMIN_PASSWORD);
      const used = await call(server, 'POST', '/api/auth/two-factor/verify', {
        cookie: first.challenge,
        body: { recoveryCode: code.toLowerCase() },
      });
      expect(used.status).toBe(200);
      expect(cookieOf(used.headers, 'lantern_session')).toBeTruthy();
      const again = await passwordStep(server, FINANCE, ADMIN_PASSWORD);
      expect(
        (
          await call(server, 'POST', '/api/auth/two-factor/verify', {
            cookie: again.challenge,
            body: { recoveryCode: code },
          })
        ).status,
      ).toBe(401);
      const bare = await call(server, 'POST', '/api/auth/two-factor/verify', {
        cookie: again.challenge,
        body: { recoveryCode: second.replace('-', '') },
      });
      expect(bare.status).toBe(200);
      const session = cookieOf(bare.headers, 'lantern_session')!;
      expect((await call(server, 'GET', '/api/auth/two-factor', { cookie: session })).body.recoveryCodesLeft).toBe(8);

      // New codes need a code of the app, and replace the old ones.
      expect(
        (
          await call(server, 'POST', '/api/auth/two-factor/recovery-codes', {
            cookie: session,
            body: { code: '000000' },
          })
        ).status,
      ).toBe(400);
      now += STEP_MS;
      const renewed = await call(server, 'POST', '/api/auth/two-factor/recovery-codes', {
        cookie: session,
        body: { code: await codeAt(secret, now) },
      });
      expect(renewed.status).toBe(200);
      expect(renewed.body.recoveryCodes).toHaveLength(10);
      expect((await call(server, 'GET', '/api/auth/two-factor', { cookie: session })).body.recoveryCodesLeft).toBe(10);
      const old = await passwordStep(server, FINANCE, ADMIN_PASSWORD);
      expect(
        (
          await call(server, 'POST', '/api/auth/two-factor/verify', {
            cookie: old.challenge,
            body: { recoveryCode: recoveryCodes[2] },
          })
        ).status,
      ).toBe(401);
      recoveryCodes = renewed.body.recoveryCodes;
    });

    it('turns off with a code of its own, audited; the password alone signs in again', async () => {
      const first = await passwordStep(server, FINANCE, ADMIN_PASSWORD);
      const signedIn = await call(server, 'POST', '/api/auth/two-factor/verify', {
        cookie: first.challenge,
        body: { code: await codeAt(secret, now) },
      });
      const session = cookieOf(signedIn.headers, 'lantern_session')!;
      expect(
        (await call(server, 'POST', '/api/auth/two-factor/disable', { cookie: session, body: { code: '000000' } }))
          .status,
      ).toBe(400);
      now += STEP_MS;
      const off = await call(server, 'POST', '/api/auth/two-factor/disable', {
        cookie: session,
        body: { code: await codeAt(secret, now) },
      });
      expect(off.status).toBe(200);
      const plain = await passwordStep(server, FINANCE, ADMIN_PASSWORD);
      expect(plain.body).toMatchObject({ email: FINANCE, kind: 'admin' });
      expect(plain.session).toBeTruthy();
      expect(plain.challenge).toBeUndefined();
      const superAdmin = await server.login(ADMIN, ADMIN_PASSWORD);
      const trail = await call(
        server,
        'GET',
        `/api/audit-log?filter=${encodeURIComponent(JSON.stringify({ resource: 'admins', recordId: signedIn.body.id }))}`,
        { cookie: superAdmin },
      );
      const actions = (trail.body as { action: string; actorEmail: string }[]).map((row) => row.action);
      expect(actions).toEqual(
        expect.arrayContaining([
          'enable-two-factor',
          'recovery-code-sign-in',
          'new-recovery-codes',
          'disable-two-factor',
        ]),
      );
    });
  });

  describe('enforced by role', () => {
    it('lets an admin of a listed role sign in, and opens nothing but auth/me, logout and the setup', async () => {
      const superAdmin = await server.login(ADMIN, ADMIN_PASSWORD);
      const support = await server.login('support@example.com', ADMIN_PASSWORD);
      expect((await call(server, 'GET', '/api/complaints', { cookie: support })).status).toBe(200);
      const setting = await call(server, 'PUT', '/api/settings/security', {
        cookie: superAdmin,
        body: { values: { twoFactorRoles: ['support'] } },
      });
      expect(setting.status).toBe(200);
      // A session already open is held at once, however recently it was let through.
      const refused = await call(server, 'GET', '/api/complaints', { cookie: support });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(SETUP_REQUIRED);

      const signIn = await passwordStep(server, 'support@example.com', ADMIN_PASSWORD);
      expect(signIn.status).toBe(200);
      expect(signIn.session).toBeTruthy();
      const cookie = signIn.session!;
      for (const [method, url] of [
        ['GET', '/api/complaints'],
        ['GET', '/api/users'],
        ['GET', '/api/notifications'],
        ['GET', '/api/events'],
        ['GET', '/api/settings/general'],
        ['POST', '/api/complaints/1/actions/assign'],
      ] as const) {
        const answer = await call(server, method, url, { cookie, ...(method === 'POST' && { body: {} }) });
        expect(answer.status, `${method} ${url}`).toBe(403);
        expect(answer.body.message).toBe(SETUP_REQUIRED);
      }
      const me = await call(server, 'GET', '/api/auth/me', { cookie });
      expect(me.status).toBe(200);
      expect(me.body.twoFactor).toEqual({ enabled: false, setupRequired: true });
      expect((await call(server, 'GET', '/api/auth/two-factor', { cookie })).body).toMatchObject({
        enabled: false,
        required: true,
      });
      // Setting it up opens the rest.
      await enrol(server, cookie);
      expect((await call(server, 'GET', '/api/complaints', { cookie })).status).toBe(200);
      expect((await call(server, 'GET', '/api/auth/me', { cookie })).body.twoFactor).toEqual({
        enabled: true,
        setupRequired: false,
      });
      // Roles not listed sign in as before; logout stays open.
      const finance = await server.login(FINANCE, ADMIN_PASSWORD);
      expect((await call(server, 'GET', '/api/refunds', { cookie: finance })).status).toBe(200);
      await call(server, 'PUT', '/api/settings/security', {
        cookie: superAdmin,
        body: { values: { twoFactorRoles: [] } },
      });
      expect((await call(server, 'POST', '/api/auth/logout', { cookie, body: {} })).status).toBe(204);
    });
  });

  describe("a super_admin's reset", () => {
    it('turns another admin’s factor off and ends their sessions, audited; only a super_admin, never on oneself', async () => {
      const superAdmin = await server.login(ADMIN, ADMIN_PASSWORD);
      const targetSession = await server.login(FINANCE, ADMIN_PASSWORD);
      await enrol(server, targetSession);
      const targetId = (await call(server, 'GET', '/api/auth/me', { cookie: targetSession })).body.id;
      const moderatorId = 2;
      const superAdminId = (await call(server, 'GET', '/api/auth/me', { cookie: superAdmin })).body.id;

      // Only a super_admin resets (the enrolled finance admin here is not one).
      expect(
        (
          await call(server, 'POST', `/api/admins/${moderatorId}/actions/reset-two-factor`, {
            cookie: targetSession,
            body: {},
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await call(server, 'POST', `/api/admins/${superAdminId}/actions/reset-two-factor`, {
            cookie: superAdmin,
            body: {},
          })
        ).status,
      ).toBe(409);

      const reset = await call(server, 'POST', `/api/admins/${targetId}/actions/reset-two-factor`, {
        cookie: superAdmin,
        body: {},
      });
      expect(reset.status).toBe(200);
      expect(reset.body.status).toBe('active');
      expect((await call(server, 'GET', '/api/auth/me', { cookie: targetSession })).status).toBe(401);
      const again = await passwordStep(server, FINANCE, ADMIN_PASSWORD);
      expect(again.session).toBeTruthy();
      expect(again.body).toMatchObject({ email: FINANCE });
      const trail = await call(
        server,
        'GET',
        `/api/audit-log?filter=${encodeURIComponent(JSON.stringify({ resource: 'admins', recordId: targetId, action: 'reset-two-factor' }))}`,
        { cookie: superAdmin },
      );
      expect(trail.body).toHaveLength(1);
      expect(trail.body[0]).toMatchObject({ actorEmail: ADMIN, from: 'active', to: 'active' });
    });
  });

  describe('partners', () => {
    it('turn it on for themselves and then sign in with a code', async () => {
      const cookie = await server.login(PARTNER, PARTNER_PASSWORD);
      const { secret } = await enrol(server, cookie, PARTNER_PASSWORD);
      now += STEP_MS;
      const first = await passwordStep(server, PARTNER, PARTNER_PASSWORD);
      expect(first.body).toEqual({ twoFactor: true });
      const done = await call(server, 'POST', '/api/auth/two-factor/verify', {
        cookie: first.challenge,
        body: { code: await codeAt(secret, now) },
      });
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ kind: 'partner', email: PARTNER });
      const session = cookieOf(done.headers, 'lantern_session')!;
      expect((await call(server, 'GET', '/api/orders', { cookie: session })).status).toBe(200);
    });
  });

  describe('a super_admin’s reset of a partner or a customer', () => {
    it('turns their factor off and ends their sessions, audited; nobody else may', async () => {
      const superAdmin = await server.login(ADMIN, ADMIN_PASSWORD);
      // Not a super_admin: a moderator of their own (the demo's have a second factor by now).
      await server.db
        .insertInto('admins')
        .values({
          email: 'other.moderator@example.com',
          passwordHash: await hashPassword(ADMIN_PASSWORD),
          fullName: 'Other Moderator',
          role: 'moderator',
        })
        .execute();
      const moderator = await server.login('other.moderator@example.com', ADMIN_PASSWORD);
      for (const [resource, email, password] of [
        ['partners', 'partner2@example.com', PARTNER_PASSWORD],
        ['users', 'user@example.com', 'User#2026'],
      ] as const) {
        now += STEP_MS * 3;
        const session = await server.login(email, password);
        await enrol(server, session, password);
        const id = (await call(server, 'GET', '/api/auth/me', { cookie: session })).body.id;
        const url = `/api/${resource}/${id}/actions/reset-two-factor`;
        for (const cookie of [moderator, session])
          expect((await call(server, 'POST', url, { cookie, body: {} })).status, `${resource} ${cookie}`).toBe(403);
        const reset = await call(server, 'POST', url, { cookie: superAdmin, body: {} });
        expect(reset.status, JSON.stringify(reset.body)).toBe(200);
        expect((await call(server, 'GET', '/api/auth/me', { cookie: session })).status).toBe(401);
        const again = await passwordStep(server, email, password);
        expect(again.session, resource).toBeTruthy();
        expect(
          (await call(server, 'GET', '/api/auth/two-factor', { cookie: again.session })).body.enabled,
          resource,
        ).toBe(false);
        const trail = await call(
          server,
          'GET',
          `/api/audit-log?filter=${encodeURIComponent(JSON.stringify({ resource, recordId: id, action: 'reset-two-factor' }))}`,
          { cookie: superAdmin },
        );
        expect(trail.body, resource).toHaveLength(1);
        expect(trail.body[0]).toMatchObject({ actorEmail: ADMIN });
      }
    });
  });
});

describeEachEngine('two-step sign-in in a new database', (engine) => {
  // A database as a first start leaves it (the default settings) with one super_admin, as `admin:create` makes.
  const server = suiteServer({
    engine,
    setup: async (db) => {
      await seedDefaults(db);
      await db
        .insertInto('admins')
        .values({
          email: 'root@example.org',
          passwordHash: await hashPassword('First#Admin1'),
          fullName: 'Root',
          role: 'super_admin',
        })
        .execute();
    },
  });

  it('requires super_admin and finance to set up a second factor by default', async () => {
    const settings = await server.db
      .selectFrom('settings')
      .select('values')
      .where('group', '=', 'security')
      .executeTakeFirstOrThrow();
    expect(settings.values).toEqual({ twoFactorRoles: ['super_admin', 'finance'] });
    const cookie = await server.login('root@example.org', 'First#Admin1');
    const me = await call(server, 'GET', '/api/auth/me', { cookie });
    expect(me.body.twoFactor).toEqual({ enabled: false, setupRequired: true });
    const refused = await call(server, 'GET', '/api/admins', { cookie });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SETUP_REQUIRED);
    expect(
      (await call(server, 'PUT', '/api/settings/security', { cookie, body: { values: { twoFactorRoles: [] } } }))
        .status,
    ).toBe(403);
    const setup = await call(server, 'POST', '/api/auth/two-factor/setup', {
      cookie,
      body: { currentPassword: 'First#Admin1' },
    });
    expect(setup.status).toBe(200);
    const enabled = await call(server, 'POST', '/api/auth/two-factor/enable', {
      cookie,
      body: { code: await generate({ secret: setup.body.secret }) },
    });
    expect(enabled.status).toBe(200);
    expect((await call(server, 'GET', '/api/admins', { cookie })).status).toBe(200);
  });

  it('keeps an installation that already ran signing in as before: the migration writes no roles', async () => {
    const file = path.join(MIGRATIONS_DIR, '0009_two_factor_sign_in.sql');
    const insert = splitStatements(fs.readFileSync(file, 'utf8')).find((s) => s.startsWith('insert into "settings"'))!;
    await server.db.deleteFrom('settings').where('group', '=', 'security').execute();
    await sql.raw(insert).execute(server.db);
    const row = await server.db
      .selectFrom('settings')
      .select('values')
      .where('group', '=', 'security')
      .executeTakeFirstOrThrow();
    expect(row.values).toEqual({ twoFactorRoles: [] });
    // A database with no settings yet (a new one) gets nothing from it: the server's first start writes the default.
    await server.db.deleteFrom('settings').execute();
    await sql.raw(insert).execute(server.db);
    expect(await server.db.selectFrom('settings').selectAll().execute()).toEqual([]);
  });
});
