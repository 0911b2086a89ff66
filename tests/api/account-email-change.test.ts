/**
 * SPEC §11 "Accounts, every kind", for a customer who gives their profile a new email address: the new address
 * must be proved as a signed-up one is (`account.verifiedField`). The stamp is emptied, the sign-up's verification
 * mail goes to the new address (through the outbox, to a real SMTP server in this process), links mailed to the
 * old address end, other sessions end, and until the link is opened signing in answers 403 with a new link and
 * booking is refused. On both databases.
 */
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer, type TestServer } from './harness';
import { linkOf, outboxCount, PUBLIC_URL, sessionOf } from './outbox-links';
import { smtpCapture, until } from './smtp-capture';
import { create, dayFromNow, PARTNER_PASSWORD } from './workflows-helpers';

/** The token of the newest link of this kind queued for the address. */
const tokenOf = async (server: TestServer, email: string, template: string) =>
  (await linkOf(server, email, template))?.token;

const CONFIRM_FIRST = { message: 'Please confirm your email address first' };
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

  it('empties the stamp, mails the sign-up’s link to the new address, and ends the other sessions', async () => {
    const { id, cookie } = await verifiedCustomer('first.address@example.com');
    const other = sessionOf(await signIn('first.address@example.com'))!;
    expect((await call(server, 'GET', '/api/auth/me', { cookie: other })).status).toBe(200);
    const signUpMail = await until(() =>
      mail.mailsTo('first.address@example.com').find((m) => m.text?.includes('verify-email')),
    );
    const queuedBefore = await server.db
      .selectFrom('outbox')
      .select('id')
      .where('recipient', '=', 'first.address@example.com')
      .execute();

    const changed = await changeEmail(id, cookie, 'new.address@example.com');
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ email: 'new.address@example.com', emailVerifiedAt: null });
    const stored = await server.db
      .selectFrom('users')
      .select(['email', 'emailVerifiedAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ email: 'new.address@example.com', emailVerifiedAt: null });

    // The same mail as at sign-up, at the new address, in the customer's language; nothing to the old one.
    const proof = await until(() => mail.mailsTo('new.address@example.com')[0]);
    expect(proof.subject).toBe(signUpMail.subject);
    expect(proof.text).toMatch(/https:\/\/lantern\.example\/vi\/verify-email\?token=[\w-]{43}/);
    expect(await outboxCount(server, 'new.address@example.com', 'account.verifyEmail')).toBe(1);
    const queuedAfter = await server.db
      .selectFrom('outbox')
      .select('id')
      .where('recipient', '=', 'first.address@example.com')
      .execute();
    expect(queuedAfter).toEqual(queuedBefore);

    // The session that made the change goes on (the address can still be corrected); the other one has ended.
    expect((await call(server, 'GET', '/api/auth/me', { cookie })).status).toBe(200);
    expect((await call(server, 'GET', '/api/auth/me', { cookie: other })).status).toBe(401);
  });

  it('until the new address is proved: sign-in → 403 with a new link there, no booking; the link signs in', async () => {
    const { id, cookie } = await verifiedCustomer('before.move@example.com');
    // A reset link mailed to the old address before the change must not prove the new one afterwards.
    expect(
      (await call(server, 'POST', '/api/auth/password-reset', { body: { email: 'before.move@example.com' } })).status,
    ).toBe(202);
    const oldReset = await tokenOf(server, 'before.move@example.com', 'account.passwordReset');
    expect(oldReset).toBeTruthy();
    expect((await changeEmail(id, cookie, 'after.move@example.com')).status).toBe(200);
    const firstLink = await tokenOf(server, 'after.move@example.com', 'account.verifyEmail');

    // The old address signs in to nothing; the new one is refused until proved, and is mailed a new link.
    expect((await signIn('before.move@example.com')).status).toBe(401);
    const refused = await signIn('after.move@example.com');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(CONFIRM_FIRST);
    expect(sessionOf(refused)).toBeUndefined();
    expect(await outboxCount(server, 'after.move@example.com', 'account.verifyEmail')).toBe(2);
    const newest = await tokenOf(server, 'after.move@example.com', 'account.verifyEmail');
    expect(newest).not.toBe(firstLink);

    // Booking needs a proved address, as after a sign-up.
    const schedule = await create(server, 'schedules', partner, {
      serviceId: 1,
      startDate: dayFromNow(20),
      endDate: dayFromNow(21),
      capacity: 5,
    });
    const booking = await call(server, 'POST', '/api/orders', {
      cookie,
      body: { scheduleId: schedule.id, quantity: 1 },
    });
    expect(booking.status).toBe(403);
    expect(booking.body).toEqual(CONFIRM_FIRST);

    const reset = await call(server, 'POST', '/api/auth/password-reset/confirm', {
      body: { token: oldReset, password: 'Another#2026!' },
    });
    expect(reset.status).toBe(400);
    expect(reset.body).toEqual(INVALID_LINK);

    // Opening the link proves the address and signs in; from then on, the usual sign-in and booking.
    const opened = await call(server, 'POST', '/api/auth/verify-email', { body: { token: newest } });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ kind: 'user', email: 'after.move@example.com' });
    const stamp = await server.db
      .selectFrom('users')
      .select('emailVerifiedAt')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stamp.emailVerifiedAt).not.toBeNull();
    const again = await signIn('after.move@example.com');
    expect(again.status).toBe(200);
    const booked = await call(server, 'POST', '/api/orders', {
      cookie: sessionOf(again),
      body: { scheduleId: schedule.id, quantity: 1 },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  });

  it('a taken address answers alike and changes nothing; an administrator’s change needs no proof', async () => {
    const { id, cookie } = await verifiedCustomer('stays.put@example.com');
    const taken = await changeEmail(id, cookie, 'partner@example.com');
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ email: 'partner@example.com', emailVerifiedAt: null });
    const stored = await server.db
      .selectFrom('users')
      .select(['email', 'emailVerifiedAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.email).toBe('stays.put@example.com');
    expect(stored.emailVerifiedAt).not.toBeNull();
    expect(await outboxCount(server, 'partner@example.com', 'account.verifyEmail')).toBe(0);
    expect((await signIn('stays.put@example.com')).status).toBe(200);

    // Support corrects an address for a customer: it counts as verified, as an account support creates does.
    const support = await server.login('support@example.com', 'Admin#2026');
    const corrected = await changeEmail(id, support, 'corrected@example.com');
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.emailVerifiedAt).not.toBeNull();
    expect(await outboxCount(server, 'corrected@example.com', 'account.verifyEmail')).toBe(0);
    expect((await signIn('corrected@example.com')).status).toBe(200);
  });
});
