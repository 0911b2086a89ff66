import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/server/auth/password';
import { createDatabase, type Database } from '../../src/server/db/db';
import { migrate } from '../../src/server/db/migrate';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS, DEMO_TABLES, seedDemo } from '../../resources/demo/demo';

const TABLES = DEMO_TABLES;
const NOW = new Date('2026-06-15T10:00:00Z');

async function seeded(size: 'small' | 'full'): Promise<Database> {
  const database = await createDatabase({ dataDir: 'memory://' });
  await migrate(database.db);
  await seedDemo(database.db, { size, now: NOW });
  return database;
}

/** Every row of a table without the password hashes (argon2 salts differ by design). */
async function dump(db: Kysely<any>, table: string): Promise<Record<string, unknown>[]> {
  const rows = await db.selectFrom(table).selectAll().orderBy('id').execute();
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !key.endsWith('Hash'))));
}

async function one<T>(db: Kysely<any>, query: ReturnType<typeof sql<T>>): Promise<T> {
  const { rows } = await query.execute(db);
  return rows[0];
}

/** The rules SPEC §5 puts on money and seats, checked over the whole data set. */
async function checkInvariants(db: Kysely<any>) {
  const oversold = await one(
    db,
    // Seats paid for, plus the unpaid holds still running, never exceed the capacity.
    sql<{ n: number }>`select count(*)::int as n from schedules s where "seatsBooked" + coalesce((
      select sum(quantity) from orders o
      where o."scheduleId" = s.id and o.status = 'pending_payment' and o."holdExpiresAt" > now()), 0) > capacity`,
  );
  expect(oversold.n).toBe(0);
  const seatDrift = await one(
    db,
    sql<{ n: number }>`select count(*)::int as n from schedules s where "seatsBooked" <> coalesce((
      select sum(quantity) from orders o
      where o."scheduleId" = s.id and o.status in ('paid', 'confirmed', 'completed')), 0)`,
  );
  expect(seatDrift.n).toBe(0);
  const overRefunded = await one(
    db,
    sql<{ n: number }>`select count(*)::int as n from orders o
      where (select coalesce(sum(amount), 0) from payments where "orderId" = o.id and kind = 'refund')
          + (select coalesce(sum(amount), 0) from refunds where "orderId" = o.id and status = 'pending')
          > (select coalesce(sum(amount), 0) from payments where "orderId" = o.id and kind = 'charge')`,
  );
  expect(overRefunded.n).toBe(0);
  const unpaidCharged = await one(
    db,
    sql<{ n: number }>`select count(*)::int as n from orders o
      where (o.status in ('paid', 'confirmed', 'completed', 'refunded'))
         <> exists (select 1 from payments where "orderId" = o.id and kind = 'charge')`,
  );
  expect(unpaidCharged.n).toBe(0);
  const negative = await one(
    db,
    sql<{ n: number }>`select count(*)::int as n from partners p where
      (select coalesce(sum(total - commission), 0) from orders where "partnerId" = p.id and status = 'completed')
      - (select coalesce(sum(amount), 0) from payments where "partnerId" = p.id and kind = 'payout')
      - (select coalesce(sum(amount), 0) from withdrawals where "partnerId" = p.id and status in ('pending', 'approved')) < 0`,
  );
  expect(negative.n).toBe(0);
  const future = await one(
    db,
    sql<{ n: number }>`select count(*)::int as n from orders where "createdAt" > ${NOW.toISOString()}`,
  );
  expect(future.n).toBe(0);
}

async function demoPartner(db: Kysely<any>, email: string) {
  const statuses = await sql<{ status: string }>`
    select distinct o.status from orders o join partners p on p.id = o."partnerId" where p.email = ${email}`.execute(
    db,
  );
  const balance = await one(
    db,
    sql<{ available: number }>`select
      (select coalesce(sum(total - commission), 0) from orders where "partnerId" = p.id and status = 'completed')
      - (select coalesce(sum(amount), 0) from payments where "partnerId" = p.id and kind = 'payout')
      - (select coalesce(sum(amount), 0) from withdrawals where "partnerId" = p.id and status in ('pending', 'approved'))
      as available from partners p where p.email = ${email}`,
  );
  const open = await one(
    db,
    sql<{ n: number }>`select count(*)::int as n from schedules s join partners p on p.id = s."partnerId"
      join services v on v.id = s."serviceId"
      where p.email = ${email} and s.status = 'open' and v.status = 'approved' and s."startDate" > ${NOW.toISOString().slice(0, 10)}`,
  );
  return { statuses: statuses.rows.map((r) => r.status).sort(), available: Number(balance.available), open: open.n };
}

describe('small demo seed', () => {
  let a: Database;
  let b: Database;
  beforeAll(async () => {
    a = await seeded('small');
    b = await seeded('small');
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('is deterministic: two databases get identical rows', async () => {
    for (const table of TABLES) {
      const left = await dump(a.db, table);
      expect(left.length, table).toBeGreaterThan(0);
      expect(await dump(b.db, table), table).toEqual(left);
    }
  });

  it('contains the demo accounts of SPEC §7 with their passwords', async () => {
    const admins = await a.db.selectFrom('admins').select(['email', 'role', 'status', 'passwordHash']).execute();
    for (const account of DEMO_ACCOUNTS.admins) {
      const row = admins.find((r) => r.email === account.email);
      expect(row, account.email).toMatchObject({ role: account.role, status: 'active' });
      expect(await verifyPassword(row!.passwordHash, DEMO_PASSWORDS.admin)).toBe(true);
    }
    for (const email of DEMO_ACCOUNTS.partners) {
      const row = await a.db
        .selectFrom('partners')
        .select(['status', 'passwordHash'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('approved');
      expect(await verifyPassword(row.passwordHash, DEMO_PASSWORDS.partner)).toBe(true);
    }
    const user = await a.db
      .selectFrom('users')
      .select(['status', 'passwordHash'])
      .where('email', '=', 'user@example.com')
      .executeTakeFirstOrThrow();
    expect(user.status).toBe('active');
    expect(await verifyPassword(user.passwordHash, DEMO_PASSWORDS.user)).toBe(true);
  });

  it('has settings rows for every group', async () => {
    const rows = await a.db.selectFrom('settings').select(['group', 'values']).orderBy('group').execute();
    expect(rows.map((r) => r.group)).toEqual(['commission', 'general', 'payments', 'security']);
    expect(rows.find((r) => r.group === 'general')?.values).toMatchObject({ currency: 'LAK' });
  });

  it('keeps seats, refunds and balances consistent', () => checkInvariants(a.db));

  it('gives the demo partner something in every state', async () => {
    const demo = await demoPartner(a.db, 'partner@example.com');
    expect(demo.statuses).toEqual(['cancelled', 'completed', 'confirmed', 'paid', 'pending_payment', 'refunded']);
    expect(demo.available).toBeGreaterThan(0);
    expect(demo.open).toBeGreaterThan(0);
    const demo2 = await demoPartner(a.db, 'partner2@example.com');
    expect(demo2.available).toBeGreaterThan(0);
    expect(demo2.open).toBeGreaterThan(0);
  });
});

describe('full demo seed', () => {
  let database: Database;
  beforeAll(async () => {
    database = await seeded('full');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('has the volumes of SPEC §7', async () => {
    const counts = await one(
      database.db,
      sql<Record<string, number>>`select
        (select count(*)::int from partners) as partners, (select count(*)::int from services) as services,
        (select count(*)::int from schedules) as schedules, (select count(*)::int from users) as users,
        (select count(*)::int from orders) as orders, (select count(*)::int from tour_types) as "tourTypes",
        (select count(*)::int from provinces) as provinces, (select count(*)::int from complaints) as complaints`,
    );
    expect(counts).toMatchObject({
      services: 150,
      schedules: 400,
      users: 500,
      orders: 3000,
      tourTypes: 8,
      provinces: 10,
    });
    expect(counts.partners).toBeGreaterThanOrEqual(20);
    expect(counts.complaints).toBeGreaterThan(0);
  });

  it('covers every workflow state', async () => {
    const expected: Record<string, string[]> = {
      partners: ['approved', 'pending', 'rejected', 'suspended'],
      services: ['approved', 'archived', 'draft', 'pending', 'rejected', 'suspended'],
      schedules: ['cancelled', 'closed', 'open'],
      orders: ['cancelled', 'completed', 'confirmed', 'expired', 'paid', 'pending_payment', 'refunded'],
      refunds: ['approved', 'pending', 'rejected'],
      withdrawals: ['approved', 'paid', 'pending', 'rejected'],
      complaints: ['dismissed', 'in_progress', 'open', 'resolved'],
      partner_profiles: ['approved', 'draft', 'pending', 'rejected'],
    };
    for (const [table, states] of Object.entries(expected)) {
      const { rows } = await sql<{
        status: string;
      }>`select distinct status from ${sql.table(table)} order by status`.execute(database.db);
      expect(
        rows.map((r) => r.status),
        table,
      ).toEqual(states);
    }
    const kinds = await sql<{ kind: string }>`select distinct kind from payments order by kind`.execute(database.db);
    expect(kinds.rows.map((r) => r.kind)).toEqual(['charge', 'payout', 'refund']);
  });

  it('spreads orders over the last 18 months', async () => {
    const range = await one(
      database.db,
      sql<{ days: number }>`select extract(day from max("createdAt") - min("createdAt"))::int as days from orders`,
    );
    expect(range.days).toBeGreaterThan(500);
  });

  it('writes real text in all five languages', async () => {
    const { rows } = await sql<{ title: Record<string, string> }>`select title from services`.execute(database.db);
    const all = rows.filter((r) => ['lo', 'en', 'vi', 'th', 'zh'].every((l) => r.title[l]));
    expect(all.length).toBeGreaterThan(50);
    expect(all.some((r) => /[\u0E80-\u0EFF]/.test(r.title.lo))).toBe(true);
    expect(all.some((r) => /[\u0E00-\u0E7F]/.test(r.title.th))).toBe(true);
    expect(all.some((r) => /[\u4E00-\u9FFF]/.test(r.title.zh))).toBe(true);
    expect(all.some((r) => /[ăâđêôơư]/i.test(r.title.vi))).toBe(true);
  });

  it('keeps seats, refunds and balances consistent', () => checkInvariants(database.db));

  it('gives both demo partners live business and a positive balance', async () => {
    for (const email of DEMO_ACCOUNTS.partners) {
      const demo = await demoPartner(database.db, email);
      expect(demo.statuses, email).toEqual([
        'cancelled',
        'completed',
        'confirmed',
        'paid',
        'pending_payment',
        'refunded',
      ]);
      expect(demo.available, email).toBeGreaterThan(0);
      expect(demo.open, email).toBeGreaterThan(0);
    }
  });
});
