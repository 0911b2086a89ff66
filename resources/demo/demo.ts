import { sql, type Kysely } from 'kysely';
import type { Locale } from '../../src/core/locales';
import { DEFAULT_SETTINGS } from '../settings';
import { hashPassword } from '../../src/server/auth/password';
import type { Rec } from '../../src/server/seed/builder';
import { Random } from '../../src/server/seed/random';
import { COMPANIES, CUSTOMER_NAMES, LAO_FAMILY, LAO_GIVEN } from './texts';
import { DAY, World, type Hashes, type OrderStatus } from './world';

/** SPEC §7's demo accounts. */
export const DEMO_PASSWORDS = { admin: 'Admin#2026', partner: 'Partner#2026', user: 'User#2026' } as const;
export const DEMO_ACCOUNTS = {
  admins: [
    { email: 'admin@example.com', role: 'super_admin', fullName: 'Somsack Phommachanh' },
    { email: 'moderator@example.com', role: 'moderator', fullName: 'Vilayvanh Sayavong' },
    { email: 'finance@example.com', role: 'finance', fullName: 'Bounmy Inthavong' },
    { email: 'support@example.com', role: 'support', fullName: 'Chanthala Keomany' },
  ],
  partners: ['partner@example.com', 'partner2@example.com'],
  users: ['user@example.com'],
} as const;

export interface SeedOptions {
  size?: 'full' | 'small';
  /** The seed's clock; default midnight UTC today, so seeds of one day are identical. */
  now?: Date;
  seed?: number;
}

/** Tables in foreign-key order. */
const TABLES = [
  'tour_types',
  'provinces',
  'settings',
  'admins',
  'users',
  'partners',
  'partner_profiles',
  'services',
  'schedules',
  'orders',
  'refunds',
  'withdrawals',
  'payments',
  'complaints',
  'audit_log',
] as const;

/**
 * The rows reference each other by the ids the inserts return, so the per-row foreign-key triggers only cost
 * time (most of it on PGlite). Superusers (PGlite, local PostgreSQL) may switch them off for this transaction.
 */
export async function skipForeignKeyChecks(trx: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ su: boolean }>`select rolsuper as su from pg_roles where rolname = current_user`.execute(
    trx,
  );
  if (rows[0]?.su) await sql`set local session_replication_role = replica`.execute(trx);
}

function midnightUtc(date: Date): number {
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

function addSettings(world: World): void {
  for (const [group, values] of Object.entries(DEFAULT_SETTINGS))
    world.b.add('settings', { group, values, ...world.stamp(-720) });
}

/** The default settings rows, for any database that lacks them (production included). Idempotent. */
export async function seedDefaults(db: Kysely<any>): Promise<void> {
  for (const [group, values] of Object.entries(DEFAULT_SETTINGS))
    await db
      .insertInto('settings')
      .values({ group, values: JSON.stringify(values) })
      .onConflict((oc) => oc.column('group').doNothing())
      .execute();
}

function addStaff(world: World, extra: boolean): void {
  for (const account of DEMO_ACCOUNTS.admins) world.admin(account.email, account.fullName, account.role);
  if (!extra) return;
  world.admin('keo.sisavath@example.com', 'Keo Sisavath', 'moderator');
  world.admin('noy.luangrath@example.com', 'Noy Luangrath', 'finance');
  world.admin('latsamy.vongsa@example.com', 'Latsamy Vongsa', 'support');
  world.admin('former.staff@example.com', 'Sengdao Douangmala', 'support', 'disabled');
}

function customer(world: World, index: number): Rec {
  const random = world.random;
  const locale = random.weighted<Locale>({ lo: 40, en: 20, th: 15, vi: 10, zh: 15 });
  const name = random.pick(CUSTOMER_NAMES[locale]);
  return world.user(
    `customer${index}@example.net`,
    name,
    locale,
    -random.int(1, 560),
    random.chance(0.03) ? 'locked' : 'active',
  );
}

const laoName = (world: World) => `${world.random.pick(LAO_GIVEN)} ${world.random.pick(LAO_FAMILY)}`;

/** Orders of one partner's schedules, statuses following each departure's date and state. */
function bookSchedules(world: World, schedules: readonly Rec[], users: readonly Rec[], count: number): Rec[] {
  const random = world.random;
  const orders: Rec[] = [];
  let misses = 0;
  while (orders.length < count && misses < count * 5) {
    const schedule = random.pick(schedules);
    const start = world.startOf(schedule);
    const future = start > world.now;
    const cancelled = schedule.values.status === 'cancelled';
    let status: OrderStatus;
    if (cancelled) status = random.chance(0.3) ? 'cancelled' : 'refunded';
    else if (future)
      status = random.weighted({ pending_payment: 15, paid: 30, confirmed: 35, cancelled: 10, refunded: 10 });
    else if (start > world.now - 20 * DAY)
      status = random.weighted({ confirmed: 40, completed: 45, cancelled: 8, refunded: 7 });
    else status = random.weighted({ completed: 82, cancelled: 10, refunded: 8 });
    const created =
      status === 'pending_payment'
        ? world.now - random.int(10, 60 * 47) * 60_000
        : Math.max(start - random.int(1, 60) * DAY, world.now - 545 * DAY) + random.int(0, 1439) * 60_000;
    const quantity = random.weighted({ 1: 35, 2: 40, 3: 15, 4: 10 } as Record<string, number>);
    const order = world.order(schedule, random.pick(users), status, created, Number(quantity));
    if (order) orders.push(order);
    else misses++;
  }
  return orders;
}

/** Paid-out history roughly every two months, then maybe a request in flight; keeps a positive balance. */
function withdrawHistory(world: World, partner: Rec, pendingAtEnd: boolean): void {
  const random = world.random;
  for (let at = world.now - 480 * DAY; at < world.now - 10 * DAY; at += random.int(45, 75) * DAY) {
    const amount = Math.floor((world.available(partner, at) * random.int(50, 80)) / 100 / 10_000) * 10_000;
    if (amount < 100_000) continue;
    if (random.chance(0.1)) world.withdrawal(partner, amount, 'rejected', at);
    world.withdrawal(partner, amount, 'paid', at + DAY);
  }
  if (!pendingAtEnd) return;
  const amount = Math.floor((world.available(partner) * 0.3) / 10_000) * 10_000;
  if (amount >= 100_000) world.withdrawal(partner, amount, 'pending', world.now - random.int(1, 3) * DAY);
}

function fullWorld(world: World): void {
  const random = world.random;
  addSettings(world);
  addStaff(world, true);
  const users = [world.user('user@example.com', 'Khamla Keomany', 'lo', -400)];
  for (let i = 1; users.length < 500; i++) users.push(customer(world, i));

  const partnerStatuses = [
    'approved',
    'approved',
    'pending',
    'approved',
    'approved',
    'rejected',
    'approved',
    'suspended',
    'approved',
    'approved',
    'pending',
    'approved',
    'approved',
    'approved',
    'pending',
    'rejected',
    'approved',
    'approved',
    'suspended',
    'approved',
    'pending',
    'approved',
    'approved',
    'approved',
  ] as const;
  const partners = COMPANIES.map((company, i) =>
    world.partner({
      email: i < 2 ? DEMO_ACCOUNTS.partners[i] : `info@${company.toLowerCase().replace(/[^a-z]+/g, '-')}.example.com`,
      company,
      contactName: laoName(world),
      status: partnerStatuses[i],
      province: world.provinces[i % world.provinces.length],
      createdDays: partnerStatuses[i] === 'pending' ? -random.int(1, 20) : -random.int(500, 560),
      commissionRate: i < 2 ? null : random.pick([null, null, null, 8, 12, 15]),
    }),
  );
  const [demo, demo2] = partners;
  const live = partners.filter((p) => p.values.status === 'approved' || p.values.status === 'suspended');

  // Profiles: every live partner has its approved one; a few proposals wait for review.
  for (const partner of live) {
    const index = partners.indexOf(partner);
    if (partner === demo2 || index === 6 || index === 11)
      world.profile(partner, 'pending', `${partner.values.displayName} Laos`);
    else if (index === 12) world.profile(partner, 'rejected', `${partner.values.displayName} (call +856 20 5555 1234)`);
    else world.profile(partner, 'approved');
  }
  for (const partner of partners.filter((p) => p.values.status === 'pending'))
    world.profile(partner, random.chance(0.5) ? 'pending' : 'draft');

  // Services: 150 in every status; the demo partners get a fixed mix so every screen has something to show.
  const services: Rec[] = [];
  const demoMix = [
    'approved',
    'approved',
    'approved',
    'approved',
    'approved',
    'approved',
    'approved',
    'approved',
    'approved',
    'pending',
    'pending',
    'draft',
    'rejected',
    'archived',
  ] as const;
  demoMix.forEach((status, i) =>
    services.push(
      world.service(demo, status, -random.int(420, 540), {
        tourType: world.tourTypes[i % 8],
        province: world.provinces[i % 10],
        allLocales: i % 4 !== 3,
      }),
    ),
  );
  for (const status of ['approved', 'approved', 'approved', 'pending', 'draft', 'suspended'] as const)
    services.push(world.service(demo2, status, -random.int(420, 540)));
  const others = partners.slice(2);
  while (services.length < 150) {
    const partner = random.pick(others);
    const pstatus = partner.values.status;
    const status =
      pstatus === 'pending' || pstatus === 'rejected'
        ? random.pick(['draft', 'pending'] as const)
        : random.weighted({ approved: 70, pending: 8, draft: 6, rejected: 5, suspended: 4, archived: 7 });
    services.push(world.service(partner, status, -random.int(30, 540)));
  }

  // Schedules: 400, from 18 months ago to 4 months ahead, on services that were ever on sale.
  const sellable = (s: Rec) => ['approved', 'suspended', 'archived'].includes(String(s.values.status));
  const schedulesOf = new Map<Rec, Rec[]>();
  const addSchedule = (service: Rec, startDays: number, capacity?: number) => {
    const live = service.values.status === 'approved';
    const future = startDays > 0;
    const status: 'open' | 'closed' | 'cancelled' = random.chance(0.05)
      ? 'cancelled'
      : future && live
        ? random.chance(0.9)
          ? 'open'
          : 'closed'
        : 'closed';
    const schedule = world.schedule(service, startDays, future && !live ? 'cancelled' : status, capacity);
    const partner = service.values.partnerId as Rec;
    schedulesOf.set(partner, [...(schedulesOf.get(partner) ?? []), schedule]);
  };
  const demoServices = services.filter((s) => s.values.partnerId === demo && sellable(s));
  const demo2Services = services.filter((s) => s.values.partnerId === demo2 && sellable(s));
  for (let i = 0; i < 50; i++) {
    const service = demoServices[i % demoServices.length];
    const live = service.values.status === 'approved';
    addSchedule(service, live && i % 3 === 0 ? random.int(2, 120) : -random.int(1, 530), random.int(25, 40));
  }
  for (let i = 0; i < 20; i++) {
    const service = demo2Services[i % demo2Services.length];
    addSchedule(
      service,
      service.values.status === 'approved' && i % 3 === 0 ? random.int(2, 120) : -random.int(1, 530),
      random.int(20, 35),
    );
  }
  const otherSellable = services.filter(
    (s) => s.values.partnerId !== demo && s.values.partnerId !== demo2 && sellable(s),
  );
  for (let i = 0; i < 329; i++) {
    const service = otherSellable[i % otherSellable.length];
    addSchedule(
      service,
      service.values.status === 'approved' && random.chance(0.25) ? random.int(1, 120) : -random.int(1, 540),
    );
  }
  // The demo partner always has an open departure in the coming days.
  const soon = demoServices.find((s) => s.values.status === 'approved');
  if (soon) {
    const schedule = world.schedule(soon, 3, 'open', 30);
    schedulesOf.get(demo)!.push(schedule);
  }

  // Orders: 3,000 over the last 18 months.
  const orders: Rec[] = [];
  orders.push(...bookSchedules(world, schedulesOf.get(demo)!, users, 420));
  orders.push(...bookSchedules(world, schedulesOf.get(demo2)!, users, 130));
  const otherSchedules = [...schedulesOf.entries()].filter(([p]) => p !== demo && p !== demo2).flatMap(([, s]) => s);
  orders.push(...bookSchedules(world, otherSchedules, users, 3000 - 3 - orders.length));
  // user@example.com has bookings of every kind with the demo partner.
  const demoUser = users[0];
  for (const status of ['pending_payment', 'paid', 'confirmed'] as const) {
    const schedule = schedulesOf
      .get(demo)!
      .find((s) => s.values.status === 'open' && world.seatsLeft(s) >= 2 && world.startOf(s) > world.now);
    const order = schedule && world.order(schedule, demoUser, status, world.now - DAY, 1);
    if (order) orders.push(order);
  }

  // Refund requests in flight and turned down.
  const open = orders.filter((o) => o.values.status === 'paid' || o.values.status === 'confirmed');
  for (let i = 0; i < 25 && i < open.length; i++) world.refundRequest(open[(i * 7) % open.length], 'pending');
  const completed = orders.filter((o) => o.values.status === 'completed');
  for (let i = 0; i < 20; i++) world.refundRequest(completed[(i * 31) % completed.length], 'rejected');

  // Withdrawals: history for every live partner, a request in flight for about half of them.
  for (const partner of live)
    withdrawHistory(world, partner, partner === demo || partner === demo2 || random.chance(0.5));
  const approvable = live.find((p) => p !== demo && world.available(p) > 200_000);
  if (approvable) world.withdrawal(approvable, 100_000, 'approved', world.now - 2 * DAY);

  // Complaints: 150, older ones mostly closed.
  const complainable = orders.filter((o) =>
    ['completed', 'refunded', 'confirmed', 'paid'].includes(String(o.values.status)),
  );
  for (let i = 0; i < 150; i++) {
    const order = i % 10 === 9 ? null : complainable[(i * 17) % complainable.length];
    const user = order ? (order.values.userId as Rec) : random.pick(users);
    const at = order
      ? Math.min(Date.parse(String(order.values.updatedAt)) + random.int(1, 72) * 3_600_000, world.now - 3_600_000)
      : world.now - random.int(1, 300) * DAY;
    const old = at < world.now - 14 * DAY;
    const status = old
      ? random.weighted({ resolved: 70, dismissed: 20, in_progress: 10 })
      : random.weighted({ open: 50, in_progress: 40, resolved: 10 });
    world.complaint(order, user, status, at);
  }
}

function smallWorld(world: World): void {
  addSettings(world);
  addStaff(world, false);
  const user = world.user('user@example.com', 'Khamla Keomany', 'lo', -300);
  const others = (['th', 'zh', 'en'] as const).map((locale, i) =>
    world.user(`customer${i + 1}@example.net`, CUSTOMER_NAMES[locale][0], locale, -200),
  );
  const [vte, lpb, cps] = world.provinces;
  const demo = world.partner({
    email: 'partner@example.com',
    company: 'Mekong Horizon Travel',
    contactName: 'Souksavanh Vongsa',
    status: 'approved',
    province: lpb,
    createdDays: -400,
  });
  const demo2 = world.partner({
    email: 'partner2@example.com',
    company: 'Champa Trails',
    contactName: 'Khamphone Sengsouliya',
    status: 'approved',
    province: cps,
    createdDays: -380,
  });
  world.partner({
    email: 'pending.partner@example.com',
    company: 'Nong Khiaw Valley Tours',
    contactName: 'Anousone Luangrath',
    status: 'pending',
    province: lpb,
    createdDays: -3,
  });
  world.profile(demo, 'approved');
  world.profile(demo2, 'pending', 'Champa Trails Laos');

  const [city, trek, river] = world.tourTypes;
  const s1 = world.service(demo, 'approved', -300, { tourType: city, province: vte, allLocales: true });
  const s2 = world.service(demo, 'approved', -280, { tourType: trek, province: lpb, allLocales: true });
  const s3 = world.service(demo, 'approved', -250, { tourType: river, province: lpb, allLocales: false });
  world.service(demo, 'pending', -5, { tourType: world.tourTypes[3], province: lpb });
  world.service(demo, 'draft', -2, { tourType: world.tourTypes[4], province: vte });
  world.service(demo, 'rejected', -30, { tourType: world.tourTypes[5], province: vte });
  const t1 = world.service(demo2, 'approved', -200, { tourType: world.tourTypes[6], province: cps, allLocales: true });
  world.service(demo2, 'pending', -4, { tourType: world.tourTypes[7], province: cps });

  const future1 = world.schedule(s1, 10, 'open', 20);
  const future2 = world.schedule(s2, 40, 'open', 12);
  world.schedule(s3, 25, 'open', 16);
  const pastRecent = world.schedule(s2, -3, 'closed', 20);
  const pastOld = world.schedule(s1, -60, 'closed', 20);
  const future3 = world.schedule(t1, 15, 'open', 15);
  const past3 = world.schedule(t1, -45, 'closed', 15);

  const at = (days: number) => world.now + days * DAY;
  world.order(future1, user, 'pending_payment', at(-1), 2);
  world.order(future1, others[0], 'pending_payment', at(-1), 1);
  const paid = world.order(future1, user, 'paid', at(-4), 2);
  world.order(future2, others[1], 'paid', at(-5), 1);
  world.order(future2, user, 'confirmed', at(-10), 2);
  world.order(future1, others[2], 'confirmed', at(-8), 1);
  world.order(future2, others[0], 'cancelled', at(-6), 1);
  world.order(future1, others[1], 'refunded', at(-9), 1);
  world.order(pastRecent, user, 'confirmed', at(-20), 2);
  for (const [i, who] of [user, ...others].entries()) world.order(pastOld, who, 'completed', at(-90 + i), 2);
  world.order(pastRecent, others[2], 'refunded', at(-15), 1);
  world.order(future3, user, 'pending_payment', at(-1), 1);
  world.order(future3, others[0], 'paid', at(-3), 2);
  world.order(future3, others[1], 'confirmed', at(-6), 1);
  world.order(past3, user, 'completed', at(-70), 2);
  world.order(past3, others[2], 'completed', at(-72), 3);
  if (paid) world.refundRequest(paid, 'pending');

  // The demo partner has been paid once and has a request in flight, with money still available.
  const paidOut = Math.floor((world.available(demo) * 0.4) / 10_000) * 10_000;
  world.withdrawal(demo, paidOut, 'paid', at(-20));
  world.withdrawal(demo, Math.floor((world.available(demo) * 0.25) / 10_000) * 10_000, 'pending', at(-1));

  world.complaint(paid ?? null, user, 'open', at(-1));
  world.complaint(null, others[0], 'resolved', at(-30));
}

/**
 * Demo data (SPEC §7), straight into the tables with multi-row INSERTs. Deterministic for a given day:
 * a seeded PRNG and a clock at midnight UTC. The three demo passwords are hashed once each.
 */
export async function seedDemo(db: Kysely<any>, options: SeedOptions = {}): Promise<Record<string, number>> {
  const size = options.size ?? 'full';
  const [admin, partner, user] = await Promise.all([
    hashPassword(DEMO_PASSWORDS.admin),
    hashPassword(DEMO_PASSWORDS.partner),
    hashPassword(DEMO_PASSWORDS.user),
  ]);
  const hashes: Hashes = { admin, partner, user };
  const world = new World(new Random(options.seed ?? 20260101), midnightUtc(options.now ?? new Date()), hashes);
  const started = Date.now();
  if (size === 'full') fullWorld(world);
  else smallWorld(world);
  if (process.env.SEED_DEBUG) console.log(`seed: built in ${Date.now() - started} ms`);
  return db.transaction().execute(async (trx) => {
    await skipForeignKeyChecks(trx);
    return world.b.insert(trx, TABLES);
  });
}
