import { sql, type Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';

const REGISTER = '/api/partners/-/register';
const TAKEN = 'This value is already in use';

const signUp = (email: string) => ({
  companyName: 'Mekong Slow Boats',
  contactName: 'Noy Phommasane',
  email,
  phone: '+856 20 5555 1234',
  password: 'Boats#2026!',
  locale: 'lo',
});
const newUser = (email: string) => ({ email, password: 'Long enough 2026', fullName: 'Race Runner', locale: 'en' });

async function holders(db: Kysely<any>, email: string) {
  const { rows } = await sql<{ n: number }>`
    select (select count(*) from users where lower(email) = ${email})
         + (select count(*) from partners where lower(email) = ${email})
         + (select count(*) from admins where lower(email) = ${email}) as n`.execute(db);
  return Number(rows[0].n);
}

/** One email, one account of any kind, held by a database constraint (`account_emails`), not only by code. */
describeEachEngine('account emails', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });
  let support = '';
  beforeAll(async () => {
    support = await server.login('support@example.com', 'Admin#2026');
  });

  it('of concurrent sign-ups and account creations with one email, exactly one account is created', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2
          ? call(server, 'POST', REGISTER, { body: signUp(i % 4 === 1 ? 'Race@Example.com' : 'race@example.com') })
          : call(server, 'POST', '/api/users', {
              cookie: support,
              body: newUser(i % 4 ? 'RACE@example.com' : 'race@example.com'),
            }),
      ),
    );
    const all = JSON.stringify(attempts.map((a) => [a.status, a.body]));
    // A sign-up never tells whether its address was taken, even when it lost the race (no account enumeration): always 200.
    for (const signUpAnswer of attempts.filter((_, i) => i % 2)) expect(signUpAnswer.status, all).toBe(200);
    // An administrator creating an account is told.
    const created = attempts.filter((answer, i) => i % 2 === 0 && answer.status === 201);
    for (const refused of attempts.filter((answer, i) => i % 2 === 0 && answer.status !== 201)) {
      expect(refused.status, all).toBe(400);
      expect(refused.body.errors).toEqual({ email: TAKEN });
    }
    expect(created.length, all).toBeLessThanOrEqual(1);
    expect(await holders(server.db, 'race@example.com')).toBe(1);
  });

  it('holds below the API: SQL that gives an account another one’s email, in any case, fails', async () => {
    const { rows } = await sql<{ id: number }>`select id from users order by id limit 1`.execute(server.db);
    await expect(
      sql`update users set email = 'Admin@EXAMPLE.com' where id = ${rows[0].id}`.execute(server.db),
    ).rejects.toThrow(/account_emails_email_key/);
    // Even with triggers switched off for a bulk load: the rule is not a cache to be rebuilt later.
    await expect(
      server.db.transaction().execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        await sql`update partners set email = 'user@example.com' where email = 'partner@example.com'`.execute(trx);
      }),
    ).rejects.toThrow(/account_emails_email_key/);
    expect(await holders(server.db, 'admin@example.com')).toBe(1);
    expect(await holders(server.db, 'user@example.com')).toBe(1);
  });

  it('an email in another case stays its owner’s; a changed or deleted account frees its old email', async () => {
    const created = await call(server, 'POST', '/api/users', { cookie: support, body: newUser('mover@example.com') });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const recased = await call(server, 'PUT', `/api/users/${id}`, {
      cookie: support,
      body: { email: 'Mover@Example.com', version: created.body.version },
    });
    expect(recased.status, JSON.stringify(recased.body)).toBe(200);
    const moved = await call(server, 'PUT', `/api/users/${id}`, {
      cookie: support,
      body: { email: 'moved@example.com', version: recased.body.version },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // The old address is free again, for any kind of account.
    expect((await call(server, 'POST', REGISTER, { body: signUp('mover@example.com') })).status).toBe(200);
    await sql`delete from users where id = ${id}`.execute(server.db);
    expect((await call(server, 'POST', REGISTER, { body: signUp('Moved@example.com') })).status).toBe(200);
  });

  it('mirrors every account’s email, the demo seed’s included', async () => {
    const { rows } = await sql<{ accounts: number; emails: number }>`
      select (select count(*) from users) + (select count(*) from partners) + (select count(*) from admins) as accounts,
             (select count(*) from account_emails) as emails`.execute(server.db);
    expect(Number(rows[0].emails)).toBe(Number(rows[0].accounts));
    expect(Number(rows[0].accounts)).toBeGreaterThan(5);
  });
});
