import { expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';

const REGISTER = '/api/partners/-/register';

const valid = (email: string) => ({
  companyName: 'Mekong Slow Boats',
  contactName: 'Noy Phommasane',
  email,
  phone: '+856 20 5555 1234',
  password: 'Boats#2026!',
  locale: 'lo',
});

/** The public partner sign-up (a `pending` partner, SPEC §5), its SPEC §4 messages, the pending account and its sign-in. */
describeEachEngine('partner sign-up', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });

  it('creates a pending partner with a hashed password, who confirms the address, signs in and reads their own status', async () => {
    const created = await call(server, 'POST', REGISTER, { body: valid('New.Partner@Example.com') });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(Number),
      email: 'new.partner@example.com',
      companyName: 'Mekong Slow Boats',
      status: 'pending',
      message: 'Check your email to continue',
    });
    expect(JSON.stringify(created.body)).not.toMatch(/password|hash|Boats#2026/i);

    const row = await server.db
      .selectFrom('partners')
      .selectAll()
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);

    expect(row.emailVerifiedAt).toBeNull();
    // Not before the address is proved: the registration mailed a link, in the partner's language.
    const early = await call(server, 'POST', '/api/auth/login', {
      body: { email: 'new.partner@example.com', password: 'Boats#2026!' },
    });
    expect(early.status).toBe(403);
    expect(early.body).toEqual({ message: 'Please confirm your email address first' });
    const mail = await server.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', 'new.partner@example.com')
      .where('template', '=', 'account.verifyEmail')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(mail.locale).toBe('lo');
    const link = String(mail.params.link);
    expect(link).toMatch(/^\/lo\/verify-email\?token=[\w-]{43}$/);
    const verified = await call(server, 'POST', '/api/auth/verify-email', {
      body: { token: new URLSearchParams(link.split('?')[1]).get('token') },
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ kind: 'partner', id: created.body.id });

    const login = await call(server, 'POST', '/api/auth/login', {
      body: { email: 'new.partner@example.com', password: 'Boats#2026!' },
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ kind: 'partner', id: created.body.id });
    const cookie = login.headers.getSetCookie()[0].split(';')[0];
    const own = await call(server, 'GET', `/api/partners/${created.body.id}`, { cookie });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ status: 'pending', companyName: 'Mekong Slow Boats' });

    // A pending partner is no public partner: the catalog does not show it.
    const publicView = await call(server, 'GET', `/api/partners/${created.body.id}`);
    expect(publicView.status).toBe(404);
  });

  it('answers 400 with the SPEC §4 message per field and creates nothing', async () => {
    const before = await server.db
      .selectFrom('partners')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const bad = await call(server, 'POST', REGISTER, {
      body: { email: 'not-an-email', password: 'short', companyName: '', contactName: 'x'.repeat(121), phone: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      email: 'Please enter a valid email',
      password: 'You must enter a minimum of 8 characters',
      companyName: 'This field is required',
      contactName: 'You must enter a maximum of 120 characters',
      phone: 'This field is required',
    });
    const after = await server.db
      .selectFrom('partners')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses fields the form does not offer, such as a chosen status or commission', async () => {
    const forged = await call(server, 'POST', REGISTER, {
      body: { ...valid('forger@example.com'), status: 'approved', commissionRate: 0 },
    });
    expect(forged.status).toBe(400);
    expect(Object.keys(forged.body.errors).sort()).toEqual(['commissionRate', 'status']);
    const row = await server.db.selectFrom('partners').select('id').where('email', '=', 'forger@example.com').execute();
    expect(row).toHaveLength(0);
  });

  it('answers a taken address like a free one: nothing is created, its owner is mailed', async () => {
    const outbox = () =>
      server.db.selectFrom('outbox').selectAll().where('recipient', '=', 'partner@example.com').execute();
    const partners = () =>
      server.db
        .selectFrom('partners')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
    const before = await partners();
    const { passwordHash } = await server.db
      .selectFrom('partners')
      .select('passwordHash')
      .where('email', '=', 'partner@example.com')
      .executeTakeFirstOrThrow();
    const free = await call(server, 'POST', REGISTER, { body: valid('Free.Address@example.com') });
    // Any case of a taken address, and any kind of account's (an admin's, a customer's).
    const taken = await call(server, 'POST', REGISTER, { body: valid('PARTNER@example.com') });
    const admins = await call(server, 'POST', REGISTER, { body: valid('admin@example.com') });
    for (const answer of [free, taken, admins]) {
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body).sort()).toEqual(['companyName', 'email', 'id', 'message', 'status']);
      expect(answer.body).toMatchObject({ status: 'pending', message: 'Check your email to continue' });
      expect(Number.isSafeInteger(answer.body.id)).toBe(true);
    }
    expect(taken.body.email).toBe('partner@example.com');
    // Free, taken, free: ids one after the other, as three free addresses get (a taken one draws no extra id).
    const next = await call(server, 'POST', REGISTER, { body: valid('Next.Free@example.com') });
    expect([taken.body.id - free.body.id, admins.body.id - taken.body.id, next.body.id - admins.body.id]).toEqual([
      1, 1, 1,
    ]);
    // Ids come from one sequence, so a stand-in id is no different from a new account's.
    expect(taken.body.id).toBeGreaterThan(free.body.id);
    expect(Number((await partners()).n)).toBe(Number(before.n) + 2);
    const still = await server.db
      .selectFrom('partners')
      .select('passwordHash')
      .where('email', '=', 'partner@example.com')
      .executeTakeFirstOrThrow();
    expect(still.passwordHash).toBe(passwordHash);
    // The owner is told, in their own language, in the same transaction; the free address gets no such mail.
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      template: 'account.emailTaken',
      status: 'pending',
      params: { via: 'partners.register' },
    });
    const owner = await server.db
      .selectFrom('partners')
      .select('locale')
      .where('email', '=', 'partner@example.com')
      .executeTakeFirstOrThrow();
    expect(mails[0].locale).toBe(owner.locale);
    expect(mails[0].createdAt).toBeTruthy();
    const adminMail = await server.db
      .selectFrom('outbox')
      .select(['locale', 'template'])
      .where('recipient', '=', 'admin@example.com')
      .execute();
    const admin = await server.db
      .selectFrom('admins')
      .select('locale')
      .where('email', '=', 'admin@example.com')
      .executeTakeFirstOrThrow();
    expect(adminMail).toEqual([{ locale: admin.locale, template: 'account.emailTaken' }]);
    const freeMail = await server.db
      .selectFrom('outbox')
      .select('template')
      .where('recipient', '=', 'free.address@example.com')
      .execute();
    // The free address is asked to confirm itself instead.
    expect(freeMail).toEqual([{ template: 'account.verifyEmail' }]);
  });

  it('is for visitors only: a signed-in partner gets 403', async () => {
    const cookie = await server.login('partner@example.com', 'Partner#2026');
    const response = await call(server, 'POST', REGISTER, { cookie, body: valid('second@example.com') });
    expect(response.status).toBe(403);
  });

  it('limits sign-ups per address (429 once the window is full)', async () => {
    const statuses: number[] = [];
    // Five sign-ups were made above; the limit is 20 per 15 minutes.
    for (let i = 0; i < 16; i += 1) {
      statuses.push((await call(server, 'POST', REGISTER, { body: valid(`flood${i}@example.com`) })).status);
    }
    expect(statuses.slice(0, 15).every((status) => status === 200)).toBe(true);
    expect(statuses[15]).toBe(429);
    const limited = await call(server, 'POST', REGISTER, { body: valid('one-more@example.com') });
    expect(limited.body).toEqual({ message: 'Too many attempts, try again later' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(800);
  });
});
