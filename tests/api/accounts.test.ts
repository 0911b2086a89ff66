/**
 * SPEC §11 "Accounts, every kind", on both databases: sign-up answers alike for a free and a taken address and
 * mails each its own message (through a real SMTP server in this process), the mailed verification link signs in
 * once, an unverified sign-in is refused with a new link, a password reset works for every kind of account and
 * ends its sessions, and every route is rate-limited.
 */
import { sql } from 'kysely';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';
import { linkOf, outboxCount, PUBLIC_URL, sessionOf } from './outbox-links';
import { smtpCapture, until } from './smtp-capture';

const SIGNUP_DONE = { message: 'Check your email to continue' };
const RESET_DONE = { message: 'If an account uses this address, a link to set a new password is on its way' };
const INVALID_LINK = { message: 'This link is invalid or has expired' };

const mail = smtpCapture();
const mailsTo = mail.mailsTo;

const customer = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  fullName: 'Souk Phommachanh',
  password: 'Travel#2026!',
  phone: '+856 20 5555 7777',
  locale: 'en',
  ...extra,
});

describeEachEngine('accounts: sign-up, verification, password reset', (engine) => {
  const server = suiteServer({
    engine,
    seed: 'small',
    config: mail.serverConfig(PUBLIC_URL),
  });

  // One SMTP server serves both engines' suites: each reads only its own mails.
  beforeAll(() => {
    mail.received.length = 0;
  });

  // Every test but the limits' own starts with the limits' counts empty (all calls here come from one address).
  beforeEach(async (context) => {
    if (!context.task.name.includes('rate-limited')) await server.db.deleteFrom('login_attempts').execute();
  });

  it('keeps the demo accounts verified', async () => {
    for (const table of ['users', 'partners']) {
      const unverified = await server.db
        .selectFrom(table)
        .select('email')
        .where('emailVerifiedAt', 'is', null)
        .execute();
      expect(unverified).toEqual([]);
    }
  });

  it('signs up alike for a free and a taken address; each gets its own mail', async () => {
    const free = await call(server, 'POST', '/api/auth/signup', { body: customer('New.Traveller@Example.com') });
    // Taken in another case, and taken by accounts of other kinds.
    const taken = await call(server, 'POST', '/api/auth/signup', { body: customer('USER@example.com') });
    const partner = await call(server, 'POST', '/api/auth/signup', { body: customer('partner@example.com') });
    for (const answer of [free, taken, partner]) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual(SIGNUP_DONE);
      expect(sessionOf(answer)).toBeUndefined();
    }

    const row = await server.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'new.traveller@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ fullName: 'Souk Phommachanh', status: 'active', locale: 'en', emailVerifiedAt: null });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    // The taken addresses' accounts are as they were: one row each, no second account.
    const owners = await server.db
      .selectFrom('users')
      .select('fullName')
      .where(sql`lower(email)`, '=', 'user@example.com')
      .execute();
    expect(owners).toHaveLength(1);
    expect(owners[0].fullName).not.toBe('Souk Phommachanh');
    expect(
      await server.db.selectFrom('users').select('id').where('email', '=', 'partner@example.com').execute(),
    ).toEqual([]);

    // The free address is asked to confirm, the taken ones told someone tried: through SMTP, in their language.
    const welcome = await until(() => mailsTo('new.traveller@example.com')[0]);
    expect(welcome.subject).toBe('Confirm your email address for Lantern');
    expect(welcome.text).toMatch(/https:\/\/lantern\.example\/en\/verify-email\?token=[\w-]{43}/);
    const warned = await until(() => mailsTo('user@example.com')[0]);
    const owner = await server.db
      .selectFrom('users')
      .select('locale')
      .where('email', '=', 'user@example.com')
      .executeTakeFirstOrThrow();
    expect(warned.text).not.toMatch(/verify-email|token=/);
    expect(await outboxCount(server, 'user@example.com', 'account.emailTaken')).toBe(1);
    expect(await outboxCount(server, 'user@example.com', 'account.verifyEmail')).toBe(0);
    const queued = await server.db
      .selectFrom('outbox')
      .select('locale')
      .where('recipient', '=', 'user@example.com')
      .executeTakeFirstOrThrow();
    expect(queued.locale).toBe(owner.locale);
    expect(await outboxCount(server, 'partner@example.com', 'account.emailTaken')).toBe(1);
    expect(await outboxCount(server, 'new.traveller@example.com', 'account.emailTaken')).toBe(0);
  });

  it('refuses bad input with the field messages and creates nothing', async () => {
    const bad = await call(server, 'POST', '/api/auth/signup', {
      body: { email: 'not-an-email', fullName: '', password: 'short' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      email: 'Please enter a valid email',
      fullName: 'This field is required',
      password: 'You must enter a minimum of 8 characters',
    });
    const forged = await call(server, 'POST', '/api/auth/signup', {
      body: customer('forger@example.com', { status: 'locked', emailVerifiedAt: '2020-01-01T00:00:00Z' }),
    });
    expect(forged.status).toBe(400);
    expect(Object.keys(forged.body.errors).sort()).toEqual(['emailVerifiedAt', 'status']);
    expect(
      await server.db.selectFrom('users').select('id').where('email', '=', 'forger@example.com').execute(),
    ).toEqual([]);
  });

  it('refuses the right password of an unverified account with 403 and mails a new link, rate-limited', async () => {
    await call(server, 'POST', '/api/auth/signup', { body: customer('late.reader@example.com') });
    const first = await linkOf(server, 'late.reader@example.com', 'account.verifyEmail');
    const wrong = await call(server, 'POST', '/api/auth/login', {
      body: { email: 'late.reader@example.com', password: 'Wrong#2026!' },
    });
    expect(wrong.status).toBe(401);
    expect(await outboxCount(server, 'late.reader@example.com', 'account.verifyEmail')).toBe(1);

    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const refused = await call(server, 'POST', '/api/auth/login', {
        body: { email: 'late.reader@example.com', password: 'Travel#2026!' },
      });
      statuses.push(refused.status);
      expect(refused.body).toEqual({ message: 'Please confirm your email address first' });
      expect(sessionOf(refused)).toBeUndefined();
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403]);
    // The sign-up's link and three new ones: no more however often the account tries.
    expect(await outboxCount(server, 'late.reader@example.com', 'account.verifyEmail')).toBe(4);
    const newest = await linkOf(server, 'late.reader@example.com', 'account.verifyEmail');
    expect(newest!.token).not.toBe(first!.token);
    const verified = await call(server, 'POST', '/api/auth/verify-email', { body: { token: newest!.token } });
    expect(verified.status).toBe(200);
    // Using one link ends the account's other ones.
    expect((await call(server, 'POST', '/api/auth/verify-email', { body: { token: first!.token } })).body).toEqual(
      INVALID_LINK,
    );
    const login = await call(server, 'POST', '/api/auth/login', {
      body: { email: 'late.reader@example.com', password: 'Travel#2026!' },
    });
    expect(login.status).toBe(200);
  });

  it('verifies once with a good link and signs in; a reused, expired or bad link is refused', async () => {
    await call(server, 'POST', '/api/auth/signup', {
      body: customer('verify.me@example.com', { locale: 'vi', redirect: '/vi/item/3?schedule=7' }),
    });
    const link = await linkOf(server, 'verify.me@example.com', 'account.verifyEmail');
    // In the account's language, carrying where the visit was going.
    expect(link!.path).toMatch(/^\/vi\/verify-email\?token=[\w-]{43}&redirect=%2Fvi%2Fitem%2F3%3Fschedule%3D7$/);
    // Only a hash of it is stored.
    const stored = await server.db.selectFrom('account_tokens').select('id').execute();
    expect(stored.map((r) => r.id)).not.toContain(link!.token);

    const good = await call(server, 'POST', '/api/auth/verify-email', { body: { token: link!.token } });
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ kind: 'user', email: 'verify.me@example.com' });
    const cookie = sessionOf(good)!;
    expect(cookie).toBeTruthy();
    const me = await call(server, 'GET', '/api/auth/me', { cookie });
    expect(me.body).toMatchObject({ kind: 'user', email: 'verify.me@example.com' });
    const row = await server.db
      .selectFrom('users')
      .select('emailVerifiedAt')
      .where('email', '=', 'verify.me@example.com')
      .executeTakeFirstOrThrow();
    expect(row.emailVerifiedAt).not.toBeNull();

    const reused = await call(server, 'POST', '/api/auth/verify-email', { body: { token: link!.token } });
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual(INVALID_LINK);
    expect(sessionOf(reused)).toBeUndefined();

    await call(server, 'POST', '/api/auth/signup', { body: customer('too.late@example.com') });
    const old = await linkOf(server, 'too.late@example.com', 'account.verifyEmail');
    await server.db
      .updateTable('account_tokens')
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where('purpose', '=', 'verify-email')
      .where('accountId', '=', sql`(select id from users where email = 'too.late@example.com')`)
      .execute();
    const expired = await call(server, 'POST', '/api/auth/verify-email', { body: { token: old!.token } });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual(INVALID_LINK);

    for (const token of ['not-a-real-token-at-all-0000000000000000000', '', 42, undefined]) {
      const bad = await call(server, 'POST', '/api/auth/verify-email', { body: { token } });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual(INVALID_LINK);
    }
    // A day, to the second: the link of the sign-up lives 24 hours.
    await call(server, 'POST', '/api/auth/signup', { body: customer('lifetime@example.com') });
    const life = await sql<{ seconds: number }>`
      select extract(epoch from ("expiresAt" - "createdAt"))::int as seconds from account_tokens
      where "accountId" = (select id from users where email = 'lifetime@example.com')`.execute(server.db);
    expect(Number(life.rows[0].seconds)).toBe(24 * 3600);
  });

  it('resets the password of every kind of account: old sessions end, the link works once', async () => {
    const kinds = [
      { email: 'moderator@example.com', password: 'Admin#2026', kind: 'admin' },
      { email: 'partner2@example.com', password: 'Partner#2026', kind: 'partner' },
      { email: 'user@example.com', password: 'User#2026', kind: 'user' },
    ];
    for (const account of kinds) {
      const old = await server.login(account.email, account.password);
      const before = await server.db
        .selectFrom(account.kind === 'admin' ? 'admins' : account.kind === 'partner' ? 'partners' : 'users')
        .selectAll()
        .where('email', '=', account.email)
        .executeTakeFirstOrThrow();
      const asked = await call(server, 'POST', '/api/auth/password-reset', {
        body: { email: account.email.toUpperCase() },
      });
      expect(asked.status).toBe(202);
      expect(asked.body).toEqual(RESET_DONE);
      const link = await linkOf(server, account.email, 'account.passwordReset');
      expect(link!.path).toMatch(new RegExp(`^/${before.locale}/password-reset\\?token=[\\w-]{43}$`));
      const mail = await until(() =>
        mailsTo(account.email).find((m) => m.text?.includes(`${PUBLIC_URL}${link!.path}`)),
      );
      expect(mail.subject).toBeTruthy();

      // The account's password rules hold; a refused password leaves the link usable.
      const weak = await call(server, 'POST', '/api/auth/password-reset/confirm', {
        body: { token: link!.token, password: 'short' },
      });
      expect(weak.status).toBe(400);
      expect(weak.body.errors).toEqual({ password: 'You must enter a minimum of 8 characters' });
      expect((await call(server, 'GET', '/api/auth/me', { cookie: old })).status).toBe(200);

      const done = await call(server, 'POST', '/api/auth/password-reset/confirm', {
        body: { token: link!.token, password: 'Fresh#Start2026' },
      });
      expect(done.status).toBe(200);
      expect(sessionOf(done)).toBeUndefined();
      expect((await call(server, 'GET', '/api/auth/me', { cookie: old })).status).toBe(401);
      const again = await call(server, 'POST', '/api/auth/password-reset/confirm', {
        body: { token: link!.token, password: 'Another#2026x' },
      });
      expect(again.status).toBe(400);
      expect(again.body).toEqual(INVALID_LINK);
      const oldPassword = await call(server, 'POST', '/api/auth/login', {
        body: { email: account.email, password: account.password },
      });
      expect(oldPassword.status).toBe(401);
      const fresh = await server.login(account.email, 'Fresh#Start2026');
      expect((await call(server, 'GET', '/api/auth/me', { cookie: fresh })).body.kind).toBe(account.kind);
      // Nothing else of the account changed.
      const after = await server.db
        .selectFrom(account.kind === 'admin' ? 'admins' : account.kind === 'partner' ? 'partners' : 'users')
        .selectAll()
        .where('email', '=', account.email)
        .executeTakeFirstOrThrow();
      const { passwordHash: _a, updatedAt: _b, version: _c, lastLoginAt: _d, ...kept } = before;
      expect(after).toMatchObject(kept);
      expect(after.passwordHash).not.toBe(before.passwordHash);
    }
  });

  it('answers a reset alike for any address; only accounts that may sign in get a link', async () => {
    const unknown = await call(server, 'POST', '/api/auth/password-reset', { body: { email: 'nobody@example.org' } });
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(RESET_DONE);
    expect(await outboxCount(server, 'nobody@example.org')).toBe(0);
    const locked = await server.db
      .selectFrom('users')
      .select('email')
      .where('status', '=', 'locked')
      .executeTakeFirst();
    if (locked) {
      const answer = await call(server, 'POST', '/api/auth/password-reset', { body: { email: locked.email } });
      expect(answer.body).toEqual(RESET_DONE);
      expect(await outboxCount(server, locked.email, 'account.passwordReset')).toBe(0);
    }
    const bad = await call(server, 'POST', '/api/auth/password-reset', { body: { email: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ email: 'Please enter a valid email' });
  });

  it('lets a reset link expire after 30 minutes and confirms the address it was mailed to', async () => {
    await call(server, 'POST', '/api/auth/signup', { body: customer('forgetful@example.com') });
    await call(server, 'POST', '/api/auth/password-reset', { body: { email: 'forgetful@example.com' } });
    const life = await sql<{ seconds: number }>`
      select extract(epoch from ("expiresAt" - "createdAt"))::int as seconds from account_tokens
      where purpose = 'password-reset' and "accountId" = (select id from users where email = 'forgetful@example.com')`.execute(
      server.db,
    );
    expect(Number(life.rows[0].seconds)).toBe(30 * 60);
    const stale = await linkOf(server, 'forgetful@example.com', 'account.passwordReset');
    await server.db
      .updateTable('account_tokens')
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where('purpose', '=', 'password-reset')
      .execute();
    const expired = await call(server, 'POST', '/api/auth/password-reset/confirm', {
      body: { token: stale!.token, password: 'Fresh#Start2026' },
    });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual(INVALID_LINK);

    // Reading the reset mail proves the address: the account signs in without the sign-up link.
    await call(server, 'POST', '/api/auth/password-reset', { body: { email: 'forgetful@example.com' } });
    const link = await linkOf(server, 'forgetful@example.com', 'account.passwordReset');
    const done = await call(server, 'POST', '/api/auth/password-reset/confirm', {
      body: { token: link!.token, password: 'Fresh#Start2026' },
    });
    expect(done.status).toBe(200);
    expect(
      (
        await call(server, 'POST', '/api/auth/login', {
          body: { email: 'forgetful@example.com', password: 'Fresh#Start2026' },
        })
      ).status,
    ).toBe(200);
    const signUpLink = await linkOf(server, 'forgetful@example.com', 'account.verifyEmail');
    expect((await call(server, 'POST', '/api/auth/verify-email', { body: { token: signUpLink!.token } })).body).toEqual(
      INVALID_LINK,
    );
  });

  it('is rate-limited: sign-ups and reset requests per client, resets per address (429 + Retry-After)', async () => {
    await server.db.deleteFrom('login_attempts').execute();
    const resets: number[] = [];
    for (let i = 0; i < 6; i++)
      resets.push(
        (await call(server, 'POST', '/api/auth/password-reset', { body: { email: 'user@example.com' } })).status,
      );
    expect(resets).toEqual([202, 202, 202, 202, 202, 429]);
    const limited = await call(server, 'POST', '/api/auth/password-reset', { body: { email: 'user@example.com' } });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Too many attempts, try again later' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Other addresses from this client: the per-client limit (10) ends them too.
    const others: number[] = [];
    for (let i = 0; i < 6; i++)
      others.push(
        (await call(server, 'POST', '/api/auth/password-reset', { body: { email: `other${i}@example.org` } })).status,
      );
    expect(others.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    expect(others[5]).toBe(429);

    const signups: number[] = [];
    for (let i = 0; i < 11; i++)
      signups.push(
        (await call(server, 'POST', '/api/auth/signup', { body: customer(`flood${i}@example.org`) })).status,
      );
    expect(signups.slice(0, 10).every((status) => status === 202)).toBe(true);
    expect(signups[10]).toBe(429);

    const confirms: number[] = [];
    for (let i = 0; i < 21; i++)
      confirms.push(
        (
          await call(server, 'POST', '/api/auth/password-reset/confirm', {
            body: { token: `guess-${i}-0000000000000000000000000000000`, password: 'Guess#2026xx' },
          })
        ).status,
      );
    expect(confirms.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(confirms[20]).toBe(429);
    const verifies: number[] = [];
    for (let i = 0; i < 31; i++)
      verifies.push(
        (
          await call(server, 'POST', '/api/auth/verify-email', {
            body: { token: `guess-${i}-00000000000000000000000` },
          })
        ).status,
      );
    expect(verifies.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(verifies[30]).toBe(429);
  });
});
