/**
 * SPEC §11 "Accounts, every kind", for a customer who gives their profile a new email address: the new address
 * must be proved as a signed-up one is. It waits beside the proved one (`account.pendingEmailField`) and the
 * sign-up's verification mail goes to it (through the outbox, to a real SMTP server in this process); opening the
 * link makes it the account's address, ends the other sessions and the links mailed to the old one. A taken
 * address is answered and read back alike. Changes and the mails they send are limited per account and per
 * address. On both databases.
 */
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer, type TestServer } from './harness';
import { linkOf, outboxCount, PUBLIC_URL, sessionOf } from './outbox-links';
import { smtpCapture, until } from './smtp-capture';
import { create, dayFromNow, PARTNER_PASSWORD } from './workflows-helpers';

/** The token of the newest link of this kind queued for the address. */
const tokenOf = async (server: TestServer, email: string, template: string) =>
  (await linkOf(server, email, template))?.token;

const INVALID_LINK = { message: 'This link is invalid or has expired' };
const PASSWORD = 'Travel#2026!';

const mail = smtpCapture();

describeEachEngine('a customer’s new email address', (engine) => {
  const server = suiteServer({
    engine,
    seed: 'small',
    config: mail.serverConfig(PUBLIC_URL),
  });
  let partner = '';

  /** A customer who signed up and opened the mailed link: answers its id and the link's session. */
  const verifiedCustomer = async (email: string) => {
    const signedUp = await call(server, 'POST', '/api/auth/signup', {
      body: { email, fullName: 'Khamla Vongsa', password: PASSWORD, locale: 'vi' },
    });
    expect(signedUp.status).toBe(202);
    const token = await tokenOf(server, email, 'account.verifyEmail');
    const verified = await call(server, 'POST', '/api/auth/verify-email', { body: { token } });
    expect(verified.status).toBe(200);
    return { id: verified.body.id as number, cookie: sessionOf(verified)! };
  };
  const signIn = (email: string) => call(server, 'POST', '/api/auth/login', { body: { email, password: PASSWORD } });
  const changeEmail = async (id: number, cookie: string, email: string) => {
    const version = (await call(server, 'GET', `/api/users/${id}`, { cookie })).body.version;
    return call(server, 'PUT', `/api/users/${id}`, { cookie, body: { email, version, currentPassword: PASSWORD } });
  };

  beforeAll(async () => {
    mail.received.length = 0;
    partner = await server.login('partner@example.com', PARTNER_PASSWORD);
  });
  beforeEach(async () => {
    await server.db.deleteFrom('login_attempts').execute();
  });

  it('asks for the current password: a stolen session alone cannot move the account to another address', async () => {
    const { id, cookie } = await verifiedCustomer('guarded.address@example.com');
    const version = (await call(server, 'GET', `/api/users/${id}`, { cookie })).body.version;
    const put = (body: Record<string, unknown>) =>
      call(server, 'PUT', `/api/users/${id}`, { cookie, body: { email: 'thief@example.com', version, ...body } });
    const missing = await put({});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ currentPassword: 'This field is required' });
    const wrong = await put({ currentPassword: 'Not#The2026Password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ currentPassword: 'The current password is not correct' });
    const stored = await server.db
      .selectFrom('users')
      .select(['email', 'emailVerifiedAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.email).toBe('guarded.address@example.com');
    expect(stored.emailVerifiedAt).not.toBeNull();
    expect(await outboxCount(server, 'thief@example.com', 'account.verifyEmail')).toBe(0);
    // Other fields of one's own record still change without it.
    const renamed = await call(server, 'PUT', `/api/users/${id}`, { cookie, body: { fullName: 'Khamla V.', version } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  });

  it('keeps the proved address until the new one is proved: the sign-up’s link goes to the new one', async () => {
    const { id, cookie } = await verifiedCustomer('first.address@example.com');
    const other = sessionOf(await signIn('first.address@example.com'))!;
    const signUpMail = await until(() =>
      mail.mailsTo('first.address@example.com').find((m) => m.text?.includes('verify-email')),
    );
    const queuedBefore = await outboxCount(server, 'first.address@example.com');

    const changed = await changeEmail(id, cookie, 'new.address@example.com');
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ email: 'first.address@example.com', pendingEmail: 'new.address@example.com' });
    expect(changed.body.emailVerifiedAt).not.toBeNull();
    const stored = await server.db
      .selectFrom('users')
      .select(['email', 'pendingEmail'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ email: 'first.address@example.com', pendingEmail: 'new.address@example.com' });

    // The same mail as at sign-up, at the new address, in the customer's language; nothing to the old one.
    const proof = await until(() => mail.mailsTo('new.address@example.com')[0]);
    expect(proof.subject).toBe(signUpMail.subject);
    expect(proof.text).toMatch(/https:\/\/lantern\.example\/vi\/verify-email\?token=[\w-]{43}/);
    expect(await outboxCount(server, 'new.address@example.com', 'account.verifyEmail')).toBe(1);
    expect(await outboxCount(server, 'first.address@example.com')).toBe(queuedBefore);

    // Nothing has moved yet: both sessions go on, the proved address still signs in.
    for (const session of [cookie, other])
      expect((await call(server, 'GET', '/api/auth/me', { cookie: session })).status).toBe(200);
    expect((await signIn('first.address@example.com')).status).toBe(200);
    expect((await signIn('new.address@example.com')).status).toBe(401);
  });

  it('opening the link moves the account: other sessions and old links end, the new address signs in', async () => {
    const { id, cookie } = await verifiedCustomer('before.move@example.com');
    // A reset link mailed to the old address before the move must not work after it.
    expect(
      (await call(server, 'POST', '/api/auth/password-reset', { body: { email: 'before.move@example.com' } })).status,
    ).toBe(202);
    const oldReset = await tokenOf(server, 'before.move@example.com', 'account.passwordReset');
    expect(oldReset).toBeTruthy();
    // A first new address, then a second: only the latest link proves anything.
    expect((await changeEmail(id, cookie, 'typo.move@example.com')).status).toBe(200);
    const typoLink = await tokenOf(server, 'typo.move@example.com', 'account.verifyEmail');
    expect((await changeEmail(id, cookie, 'after.move@example.com')).status).toBe(200);
    expect((await call(server, 'POST', '/api/auth/verify-email', { body: { token: typoLink } })).body).toEqual(
      INVALID_LINK,
    );
    const link = await tokenOf(server, 'after.move@example.com', 'account.verifyEmail');

    const opened = await call(server, 'POST', '/api/auth/verify-email', { body: { token: link } });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ kind: 'user', email: 'after.move@example.com' });
    const stored = await server.db
      .selectFrom('users')
      .select(['email', 'pendingEmail', 'emailVerifiedAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ email: 'after.move@example.com', pendingEmail: null });
    expect(stored.emailVerifiedAt).not.toBeNull();
    expect((await call(server, 'GET', '/api/auth/me', { cookie })).status).toBe(401);
    const reset = await call(server, 'POST', '/api/auth/password-reset/confirm', {
      body: { token: oldReset, password: 'Another#2026!' },
    });
    expect(reset.body).toEqual(INVALID_LINK);
    expect((await signIn('before.move@example.com')).status).toBe(401);
    const again = await signIn('after.move@example.com');
    expect(again.status).toBe(200);
    const schedule = await create(server, 'schedules', partner, {
      serviceId: 1,
      startDate: dayFromNow(20),
      endDate: dayFromNow(21),
      capacity: 5,
    });
    const booked = await call(server, 'POST', '/api/orders', {
      cookie: sessionOf(again),
      body: { scheduleId: schedule.id, quantity: 1 },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  });

  it('a taken address is answered and read back as a free one; an administrator’s change needs no proof', async () => {
    const free = await verifiedCustomer('free.mover@example.com');
    const taken = await verifiedCustomer('stays.put@example.com');
    const answers = [
      await changeEmail(free.id, free.cookie, 'nobody.yet@example.com'),
      await changeEmail(taken.id, taken.cookie, 'partner@example.com'),
    ];
    const reads = [
      await call(server, 'GET', `/api/users/${free.id}`, { cookie: free.cookie }),
      await call(server, 'GET', `/api/users/${taken.id}`, { cookie: taken.cookie }),
    ];
    const shape = (body: Record<string, unknown>, own: string, proposed: string) =>
      JSON.stringify(body)
        .replaceAll(own, 'OWN')
        .replaceAll(proposed, 'NEW')
        .replace(/"id":\d+/, '')
        .replace(/"(createdAt|updatedAt|emailVerifiedAt|lastLoginAt)":"[^"]*"/g, '');
    for (const [index, pairs] of [answers, reads].entries()) {
      expect(
        pairs.map((p) => p.status),
        String(index),
      ).toEqual([200, 200]);
      expect(shape(pairs[0].body, 'free.mover@example.com', 'nobody.yet@example.com')).toBe(
        shape(pairs[1].body, 'stays.put@example.com', 'partner@example.com'),
      );
    }
    expect(reads[1].body).toMatchObject({ email: 'stays.put@example.com', pendingEmail: 'partner@example.com' });
    // The owner of the taken address is warned; no link to it exists, so the change never takes effect.
    expect(await outboxCount(server, 'partner@example.com', 'account.verifyEmail')).toBe(0);
    expect(await outboxCount(server, 'partner@example.com', 'account.emailTaken')).toBeGreaterThan(0);
    expect((await signIn('stays.put@example.com')).status).toBe(200);

    // Support corrects an address for a customer: it counts as verified, as an account support creates does.
    const support = await server.login('support@example.com', 'Admin#2026');
    const corrected = await changeEmail(taken.id, support, 'corrected@example.com');
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.email).toBe('corrected@example.com');
    expect(corrected.body.emailVerifiedAt).not.toBeNull();
    expect(await outboxCount(server, 'corrected@example.com', 'account.verifyEmail')).toBe(0);
    expect((await signIn('corrected@example.com')).status).toBe(200);
  });

  it('limits new addresses per account and the mails to one address, whatever route asks (429 + Retry-After)', async () => {
    const { id, cookie } = await verifiedCustomer('flooder@example.com');
    const victim = 'victim.inbox@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const answer = await changeEmail(id, cookie, i % 2 ? victim : `other${i}@example.com`);
      statuses.push(answer.status);
      if (answer.status === 429) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
    expect(await outboxCount(server, victim)).toBeLessThanOrEqual(5);

    // One address, many routes: sign-ups, partner registrations and other accounts' changes share its limit.
    await server.db.deleteFrom('login_attempts').execute();
    const target = 'shared.limit@example.com';
    const tries = [];
    for (let i = 0; i < 3; i++)
      tries.push(
        await call(server, 'POST', '/api/auth/signup', {
          body: { email: target, fullName: 'Someone', password: PASSWORD },
        }),
      );
    for (let i = 0; i < 2; i++)
      tries.push(
        await call(server, 'POST', '/api/partners/-/register', {
          body: {
            email: target,
            password: PASSWORD,
            companyName: 'Co',
            contactName: 'Someone',
            phone: '+856 20 5555 1234',
            locale: 'lo',
          },
        }),
      );
    const other = await verifiedCustomer('another.account@example.com');
    const last = await changeEmail(other.id, other.cookie, target);
    expect(tries.map((t) => t.status)).toEqual([202, 202, 202, 200, 200]);
    expect(last.status).toBe(429);
    const signUp = await call(server, 'POST', '/api/auth/signup', {
      body: { email: target, fullName: 'Someone', password: PASSWORD },
    });
    expect(signUp.status).toBe(429);
    expect(Number(signUp.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await outboxCount(server, target)).toBeLessThanOrEqual(5);
  });
});
