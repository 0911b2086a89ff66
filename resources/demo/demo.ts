import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Locale } from '../../src/core/locales';
import { DEFAULT_SETTINGS } from '../settings';
import { hashPassword } from '../../src/server/auth/password';
import type { Rec } from '../../src/server/db/seed/builder';
import { Random } from '../../src/server/db/seed/random';
import resources from '../index';
import { prepareCovers, renderCovers, storeCovers } from './covers';
import { seedDemoMail, seedDemoNotifications } from './notifications';
import { COMPANIES, CUSTOMER_NAMES, LAO_FAMILY, LAO_GIVEN, TOUR_TYPES } from './texts';

const MINUTE = 60_000;
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
  /** The seed's clock; default the moment it runs (every time in the data is drawn back from it). */
  now?: Date;
  seed?: number;
}

/** The tables the demo world fills, in foreign-key order. */
export const DEMO_TABLES = [
  'tour_types',
  'provinces',
  'settings',
  'admins',
  'users',
  'partners',
  'partner_profiles',
  'resellers',
  'services',
  'schedules',
  'orders',
  'incoming_payments',
  'refunds',
  'withdrawals',
  'payments',
  'complaints',
  'reviews',
  'audit_log',
] as const;
const TABLES = DEMO_TABLES;

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

/** The demo's own settings over the defaults: its accounts sign in with a password alone. */
const DEMO_SETTINGS = { ...DEFAULT_SETTINGS, security: { twoFactorRoles: [] } };

function addSettings(world: World): void {
  for (const [group, values] of Object.entries(DEMO_SETTINGS))
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

/** The demo reseller's OCTO key (SPEC §19, docs/octo.md): a demo secret like the demo passwords. */
export const DEMO_RESELLER_KEY = 'lt_demoMekongAgencyKey0000000000000000000';

/** Resellers selling through OCTO: one active with the demo key, one suspended (its key refused). */
function addResellers(world: World): void {
  const hash = (key: string) => createHash('sha256').update(key).digest('hex');
  // Times without the world's random draws: the rest of the demo stays the same row for row.
  const at = (days: number) => new Date(world.now + days * DAY + 4_321_987).toISOString();
  world.b.add('resellers', {
    name: 'Mekong Online Travel',
    contactEmail: 'octo@mekong-online.example',
    status: 'active',
    apiKeyHash: hash(DEMO_RESELLER_KEY),
    createdAt: at(-90),
    updatedAt: at(-90),
  });
  world.b.add('resellers', {
    name: 'Paused Tours Agency',
    contactEmail: 'ops@paused-tours.example',
    status: 'suspended',
    reason: 'Invoices unpaid for 60 days',
    apiKeyHash: hash(`${DEMO_RESELLER_KEY}-suspended`),
    createdAt: at(-200),
    updatedAt: at(-10),
  });
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

/** The demo partners' contact people: the portal greets them by name (fixtures, not drawn). */
const DEMO_CONTACTS = ['Bouasone Vongsa', 'Anousone Luangrath'];

const laoName = (world: World) => `${world.random.pick(LAO_GIVEN)} ${world.random.pick(LAO_FAMILY)}`;

/** The oldest order of the demo: eighteen months of business. */
const HISTORY_DAYS = 545;

/**
 * How busy a day is, relative to an average day: a weekly rhythm (weekends book most), a season (the cool dry
 * months around January are high season, the rains low) and a business that grew over its eighteen months.
 */
export function demand(at: number, now: number): number {
  const date = new Date(at);
  const weekday = [1.3, 0.85, 0.9, 0.95, 1.0, 1.1, 1.35][date.getUTCDay()];
  const dayOfYear = (at - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY;
  const season = 1 + 0.25 * Math.cos(((dayOfYear - 15) / 365) * 2 * Math.PI);
  const growth = 0.75 + 0.25 * (1 - (now - at) / (HISTORY_DAYS * DAY));
  return weekday * season * growth;
}

/**
 * `count` booking moments over the last eighteen months, as many per day as the day's demand says (rounded
 * at random, not drawn one by one: a day never spikes by chance), each at a time of day of its own.
 */
function bookingMoments(world: World, count: number): number[] {
  const random = world.random;
  const today = Date.UTC(
    new Date(world.now).getUTCFullYear(),
    new Date(world.now).getUTCMonth(),
    new Date(world.now).getUTCDate(),
  );
  const days = Array.from({ length: HISTORY_DAYS + 1 }, (_, i) => today - (HISTORY_DAYS - i) * DAY);
  const weights = days.map((day) => demand(day, world.now) * (day === today ? (world.now - today) / DAY : 1));
  const total = weights.reduce((sum, w) => sum + w, 0);
  const moments: number[] = [];
  days.forEach((day, i) => {
    const expected = (count * weights[i]) / total;
    const n = Math.floor(expected) + (random.chance(expected % 1) ? 1 : 0);
    const end = Math.min(day + DAY, world.now);
    for (let k = 0; k < n; k++) moments.push(day + Math.floor(random.next() * (end - day)));
  });
  return moments;
}

/** An order's status from when it was placed and when its departure is (or was). */
function orderStatus(world: World, schedule: Rec, created: number): OrderStatus {
  const random = world.random;
  const start = world.startOf(schedule);
  if (schedule.values.status === 'cancelled') return random.chance(0.3) ? 'cancelled' : 'refunded';
  if (start > world.now)
    return created > world.now - 2 * DAY
      ? random.weighted({ pending_payment: 45, paid: 30, confirmed: 15, cancelled: 10 })
      : random.weighted({ paid: 25, confirmed: 55, cancelled: 10, refunded: 10 });
  if (start > world.now - 20 * DAY) return random.weighted({ confirmed: 40, completed: 45, cancelled: 8, refunded: 7 });
  return random.weighted({ completed: 82, cancelled: 10, refunded: 8 });
}

/**
 * Orders on these schedules, placed when the demand curve says: each booking moment takes a departure from six
 * hours to two months after it (four, if none is nearer) that still has the seats.
 */
function bookSchedules(world: World, schedules: readonly Rec[], users: readonly Rec[], count: number): Rec[] {
  const random = world.random;
  const byStart = [...schedules].sort((a, b) => world.startOf(a) - world.startOf(b));
  const orders: Rec[] = [];
  // A moment with no departure free is drawn again from the same curve (up to three rounds), so the volumes
  // keep their shape instead of losing moments at random.
  for (let round = 0; round < 3 && orders.length < count; round++)
    for (const created of bookingMoments(world, count - orders.length)) {
      if (orders.length >= count) break;
      const quantity = Number(random.weighted({ 1: 35, 2: 40, 3: 15, 4: 10 } as Record<string, number>));
      const fits = (horizon: number) =>
        byStart.filter((s) => {
          const start = world.startOf(s);
          return start >= created + 6 * 3_600_000 && start <= created + horizon * DAY && world.seatsLeft(s) >= quantity;
        });
      const near = fits(60);
      const candidates = near.length ? near : fits(120);
      if (!candidates.length) continue;
      const schedule = random.pick(candidates);
      const order = world.order(schedule, random.pick(users), orderStatus(world, schedule, created), created, quantity);
      if (order) orders.push(order);
    }
  return orders;
}

/** Paid-out history roughly every two months, then maybe a request in flight; keeps a positive balance. */
function withdrawHistory(world: World, partner: Rec, pendingAtEnd: boolean): void {
  const random = world.random;
  for (let at = world.now - world.span(470, 490); at < world.now - 10 * DAY; at += world.span(45, 75)) {
    const amount = Math.floor((world.available(partner, at) * random.int(50, 80)) / 100 / 10_000) * 10_000;
    if (amount < 100_000) continue;
    if (random.chance(0.1)) world.withdrawal(partner, amount, 'rejected', at);
    world.withdrawal(partner, amount, 'paid', at + world.span(0.5, 1.5));
  }
  if (!pendingAtEnd) return;
  const amount = Math.floor((world.available(partner) * 0.3) / 10_000) * 10_000;
  if (amount >= 100_000) world.withdrawal(partner, amount, 'pending', world.now - world.span(0.1, 6));
}

function fullWorld(world: World): void {
  const random = world.random;
  const minutes = (from: number, to: number) => world.span(from / 1440, to / 1440);
  addSettings(world);
  addStaff(world, true);
  addResellers(world);
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
  // Applications arrive at a steady pace, so the dashboard's month-on-month "new partners" is an ordinary figure:
  // this month's wait in the queue; last month's were rejected or, the oldest two, still wait for a decision.
  let pendingSeen = 0;
  const joinedDays = (status: (typeof partnerStatuses)[number]): number => {
    if (status === 'pending') return pendingSeen++ < 2 ? -random.int(2, 12) : -random.int(33, 50);
    if (status === 'rejected') return -random.int(31, 55);
    return -random.int(500, 560);
  };
  const partners = COMPANIES.map((company, i) =>
    world.partner({
      email: i < 2 ? DEMO_ACCOUNTS.partners[i] : `info@${company.toLowerCase().replace(/[^a-z]+/g, '-')}.example.com`,
      company,
      contactName: DEMO_CONTACTS[i] ?? laoName(world),
      status: partnerStatuses[i],
      province: world.provinces[i % world.provinces.length],
      createdDays: joinedDays(partnerStatuses[i]),
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

  // Schedules: 400 (the demo partner's yesterday, today and tomorrow among them), from 18 months ago to 4 months ahead, on services that were ever on sale.
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
  for (let i = 0; i < 48; i++) {
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
  // The demo partner has departures today and tomorrow: a working day, with guests booked on both.
  const [first, second] = demoServices.filter((s) => s.values.status === 'approved');
  const today = world.schedule(first, 0, 'open', 30);
  const tomorrow = world.schedule(second, 1, 'open', 24);
  // Yesterday's departure has left: one traveller on it neither checked in nor marked a no-show yet (SPEC §15).
  const yesterday = world.schedule(second, -1, 'closed', 20);
  schedulesOf.get(demo)!.push(today, tomorrow, yesterday);

  // Orders: 3,000 over the last 18 months, a handful of them placed by hand below.
  const demoUser = users[0];
  const placed: Rec[] = [];
  for (const schedule of [today, tomorrow])
    for (const status of ['confirmed', 'confirmed', 'paid'] as const) {
      const order = world.order(schedule, random.pick(users.slice(1)), status, world.now - world.span(2, 25), 2);
      if (order) placed.push(order);
    }
  // The day of the trip: two of today's bookings have boarded, the guide still waits for the third.
  for (const order of placed.filter((o) => o.values.scheduleId === today).slice(0, 2)) {
    const at = world.iso(world.now - minutes(5, 90));
    Object.assign(order.values, { checkedInAt: at, updatedAt: at });
  }
  const missed = world.order(yesterday, random.pick(users.slice(1)), 'paid', world.now - world.span(2, 25), 2);
  if (missed) placed.push(missed);
  const orders: Rec[] = [];
  orders.push(...bookSchedules(world, schedulesOf.get(demo)!, users, 420 - placed.length));
  orders.push(...bookSchedules(world, schedulesOf.get(demo2)!, users, 129));
  // Each demo partner has a booking still to be paid, its hold ending within the half hour after loading.
  const demo2Upcoming = schedulesOf
    .get(demo2)!
    .find((s) => s.values.status === 'open' && world.seatsLeft(s) >= 1 && world.startOf(s) > world.now + DAY);
  const unpaid =
    demo2Upcoming &&
    world.order(demo2Upcoming, random.pick(users.slice(1)), 'pending_payment', world.now - minutes(1, 25), 1);
  orders.push(...placed, ...(unpaid ? [unpaid] : []));
  // user@example.com has bookings of every kind with the demo partner; the unpaid one has about 20 minutes of
  // its hold left.
  for (const status of ['pending_payment', 'paid', 'confirmed'] as const) {
    const schedule = schedulesOf
      .get(demo)!
      .find((s) => s.values.status === 'open' && world.seatsLeft(s) >= 2 && world.startOf(s) > world.now + DAY);
    const created = status === 'pending_payment' ? world.now - 10 * MINUTE : world.now - world.span(0.02, 1.5);
    const order = schedule && world.order(schedule, demoUser, status, created, 1);
    if (order) orders.push(order);
  }
  // Other customers' holds end during the first hour after loading (the worker expires them as they do).
  const upcoming = [...schedulesOf.values()]
    .flat()
    .filter((s) => s.values.status === 'open' && world.startOf(s) > world.now + DAY);
  for (let i = 0; i < 5 && upcoming.length; i++) {
    const schedule = upcoming[(i * 37) % upcoming.length];
    const order = world.order(
      schedule,
      users[1 + ((i * 13) % (users.length - 1))],
      'pending_payment',
      world.now - minutes(0.5, 29),
      1,
    );
    if (order) orders.push(order);
  }
  const otherSchedules = [...schedulesOf.entries()].filter(([p]) => p !== demo && p !== demo2).flatMap(([, s]) => s);
  for (let round = 0; round < 3 && orders.length < 3000; round++)
    orders.push(...bookSchedules(world, otherSchedules, users, 3000 - orders.length));

  // Refund requests in flight and turned down.
  const open = orders.filter((o) => o.values.status === 'paid' || o.values.status === 'confirmed');
  for (let i = 0; i < 25 && i < open.length; i++) world.refundRequest(open[(i * 7) % open.length], 'pending');
  const completed = orders.filter((o) => o.values.status === 'completed');
  for (let i = 0; i < 20; i++) world.refundRequest(completed[(i * 31) % completed.length], 'rejected');

  // Withdrawals: history for every live partner, a request in flight for about half of them.
  for (const partner of live)
    withdrawHistory(world, partner, partner === demo || partner === demo2 || random.chance(0.5));
  const approvable = live.find((p) => p !== demo && world.available(p) > 200_000);
  if (approvable) world.withdrawal(approvable, 100_000, 'approved', world.now - world.span(1, 4));

  // Complaints: 150, older ones mostly closed.
  const complainable = orders.filter((o) =>
    ['completed', 'refunded', 'confirmed', 'paid'].includes(String(o.values.status)),
  );
  for (let i = 0; i < 150; i++) {
    const order = i % 10 === 9 ? null : complainable[(i * 17) % complainable.length];
    const user = order ? (order.values.userId as Rec) : random.pick(users);
    const since = order ? Date.parse(String(order.values.updatedAt)) : world.now - 300 * DAY;
    // One in six came in this fortnight: support has an inbox to work on.
    const at =
      i % 6 === 0
        ? world.between(Math.max(since, world.now - 12 * DAY), world.now)
        : order
          ? world.before(since + world.span(0.04, 3), since)
          : world.now - world.span(0.05, 300);
    const old = at < world.now - 14 * DAY;
    const status = old
      ? random.weighted({ resolved: 70, dismissed: 20, in_progress: 10 })
      : random.weighted({ open: 50, in_progress: 40, resolved: 10 });
    world.complaint(order, user, status, at);
  }
  // user@example.com's latest past trip has a refund request and a complaint still open, whatever the draws gave.
  const refunded = new Set(world.b.rows('refunds').map((r) => r.values.orderId));
  const past = orders
    .filter(
      (o) =>
        o.values.userId === demoUser &&
        ['confirmed', 'completed'].includes(String(o.values.status)) &&
        !refunded.has(o) &&
        world.startOf(o.values.scheduleId as Rec) < world.now,
    )
    .sort((a, b) => world.startOf(b.values.scheduleId as Rec) - world.startOf(a.values.scheduleId as Rec))[0];
  if (past) {
    world.refundRequest(past, 'pending');
    world.complaint(past, demoUser, 'open', world.now - world.span(0.05, 1));
  }
  ensureTripsToReview(world, orders, demo, demoUser);
  ensureTripsToRefund(world, orders, demoUser);
  addReviews(world, orders, demoUser);
  addInbox(world);
  addOwnReview(world, orders, demoUser);
}

/**
 * user@example.com reviewed their oldest trip (published, answered), so their area's reviews hold one to read. Drawn
 * last: the world drawn before it stays as it was.
 */
function addOwnReview(world: World, orders: Rec[], demoUser: Rec): void {
  const oldest = orders
    .filter(
      (o) =>
        o.values.userId === demoUser &&
        o.values.status === 'completed' &&
        Date.parse(String(o.values.completedAt)) < world.now - 90 * DAY,
    )
    .sort((a, b) => Date.parse(String(a.values.completedAt)) - Date.parse(String(b.values.completedAt)))[0];
  if (oldest) world.review(oldest, 'published', 5, true);
}

/**
 * user@example.com has at least two completed trips with the demo partner of the last 90 days to review (SPEC §16
 * demo data): when the draws gave fewer, other customers' recent trips with the demo partner, with no request or complaint on them,
 * become theirs. Nothing is drawn from the random stream, so the rest of the world stays as it was.
 */
function ensureTripsToReview(world: World, orders: Rec[], demo: Rec, demoUser: Rec): void {
  const recent = (o: Rec) =>
    o.values.status === 'completed' && Date.parse(String(o.values.completedAt)) > world.now - 80 * DAY;
  const followed = new Set(
    [...world.b.rows('refunds'), ...world.b.rows('complaints')].map((row) => row.values.orderId),
  );
  // With the demo partner, who can then answer the review in the portal.
  const mine = orders.filter((o) => o.values.userId === demoUser && o.values.partnerId === demo && recent(o)).length;
  const others = orders.filter(
    (o) => o.values.userId !== demoUser && o.values.partnerId === demo && recent(o) && !followed.has(o),
  );
  for (const order of others.slice(0, Math.max(0, 2 - mine))) giveOrderTo(world, order, demoUser);
}

/** Makes another customer's order the demo customer's: its contact and its payments follow. */
function giveOrderTo(world: World, order: Rec, demoUser: Rec): void {
  Object.assign(order.values, {
    userId: demoUser,
    contactName: demoUser.values.fullName,
    contactPhone: demoUser.values.phone,
    contactEmail: demoUser.values.email,
  });
  for (const payment of world.b.rows('payments'))
    if (payment.values.orderId === order) payment.values.userId = demoUser;
}

/**
 * user@example.com has three trips of the last three weeks still open to a refund request: completed, not boarded by
 * a scan, with no request or complaint on them. A customer asks for a refund only once the trip has left (before
 * it, they cancel under the terms: SPEC §21), within `refundWindowDays`.
 */
function ensureTripsToRefund(world: World, orders: Rec[], demoUser: Rec): void {
  const followed = new Set(
    [...world.b.rows('refunds'), ...world.b.rows('complaints')].map((row) => row.values.orderId),
  );
  const refundable = (o: Rec) =>
    o.values.status === 'completed' &&
    o.values.checkedInAt == null &&
    !followed.has(o) &&
    world.startOf(o.values.scheduleId as Rec) > world.now - 21 * DAY;
  const mine = orders.filter((o) => o.values.userId === demoUser && refundable(o)).length;
  const others = orders.filter((o) => o.values.userId !== demoUser && refundable(o));
  for (const order of others.slice(0, Math.max(0, 3 - mine))) giveOrderTo(world, order, demoUser);
}

/**
 * Reviews (SPEC §16): a third of the other customers' completed trips, in their languages; older ones decided
 * (mostly published, some with the partner's reply), this fortnight's partly waiting for a moderator.
 * user@example.com's recent trips stay to review (ensureTripsToReview); their own review is added last (addOwnReview).
 */
function addReviews(world: World, orders: Rec[], demoUser: Rec): void {
  const { random } = world;
  const reviewable = orders.filter((o) => o.values.status === 'completed' && o.values.userId !== demoUser);
  for (let i = 0; i < reviewable.length; i += 3) {
    const order = reviewable[i];
    const recent = Date.parse(String(order.values.completedAt)) > world.now - 21 * DAY;
    const status = recent
      ? random.weighted({ pending: 70, published: 25, rejected: 5 })
      : random.weighted({ published: 90, rejected: 10 });
    const rating = Number(random.weighted({ '5': 45, '4': 30, '3': 13, '2': 7, '1': 5 }));
    world.review(order, status, rating, status === 'published' && random.chance(0.4));
  }
}

/**
 * Incoming payments finance has to look at (SPEC §11 demo data), beside the matched ones every paid order has: a
 * transfer without an order code, one short of its order's total, a gateway event for an unknown code, and one
 * already ignored. Picked from the orders, not the random stream.
 */
function addInbox(world: World): void {
  const pending = world.b.rows('orders').find((o) => o.values.status === 'pending_payment');
  world.unmatchedPayment({
    source: 'bank',
    externalId: 'FT2611DEMO0001',
    amount: 850_000,
    reference: 'TRANSFER FROM SOMPHONE',
    problem: 'noOrder',
    daysAgo: 0.4,
  });
  if (pending)
    world.unmatchedPayment({
      source: 'bank',
      externalId: 'FT2611DEMO0002',
      amount: Math.max(1000, Number(pending.values.total) - 50_000),
      reference: `Booking ${String(pending.values.code)}`,
      problem: 'amountMismatch',
      order: pending,
      daysAgo: 0.2,
    });
  world.unmatchedPayment({
    source: 'gateway',
    externalId: 'evt_demo_unknown_code',
    amount: 1_200_000,
    reference: 'LT-UNKNOWN1',
    problem: 'noOrder',
    daysAgo: 1.5,
  });
  world.unmatchedPayment({
    source: 'bank',
    externalId: 'FT2611DEMO0003',
    amount: 10_000,
    reference: 'ACCOUNT TEST',
    problem: 'noOrder',
    daysAgo: 6,
    ignored: 'The bank testing the account',
  });
}

function smallWorld(world: World): void {
  addSettings(world);
  addStaff(world, false);
  addResellers(world);
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
  // The API tests book this one: its price is part of the fixture, not of the random stream.
  const s1 = world.service(demo, 'approved', -300, { tourType: city, province: vte, allLocales: true, price: 400_000 });
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

  const at = (days: number) => world.now + days * DAY - world.span(0, 0.5);
  const minutesAgo = (n: number) => world.now - n * MINUTE;
  // user@example.com's unpaid booking has about 20 minutes of its hold left; another customer's ends sooner.
  world.order(future1, user, 'pending_payment', minutesAgo(10), 2);
  world.order(future1, others[0], 'pending_payment', minutesAgo(22), 1);
  const paid = world.order(future1, user, 'paid', at(-4), 2);
  world.order(future2, others[1], 'paid', at(-5), 1);
  world.order(future2, user, 'confirmed', at(-10), 2);
  world.order(future1, others[2], 'confirmed', at(-8), 1);
  world.order(future2, others[0], 'cancelled', at(-6), 1);
  world.order(future1, others[1], 'refunded', at(-9), 1);
  const past = world.order(pastRecent, user, 'confirmed', at(-20), 2);
  const trips = [user, ...others].map((who, i) => world.order(pastOld, who, 'completed', at(-90 + i), 2));
  // Two of the other customers reviewed that trip: one published with the partner's reply, one still pending.
  if (trips[1]) world.review(trips[1], 'published', 5, true);
  if (trips[2]) world.review(trips[2], 'pending', 4, false);
  world.order(pastRecent, others[2], 'refunded', at(-15), 1);
  // Placed yesterday and never paid: its hold ended long ago.
  world.order(future3, user, 'expired', at(-1), 1);
  world.order(future3, others[0], 'paid', at(-3), 2);
  world.order(future3, others[1], 'confirmed', at(-6), 1);
  world.order(past3, user, 'completed', at(-70), 2);
  world.order(past3, others[2], 'completed', at(-72), 3);
  // Finance opened one on the complaint about it (a customer asks for none before the trip: they cancel).
  if (paid) world.refundRequest(paid, 'pending', 'complaint');

  // The demo partner has been paid once and has a request in flight, with money still available.
  const paidOut = Math.floor((world.available(demo) * 0.4) / 10_000) * 10_000;
  world.withdrawal(demo, paidOut, 'paid', at(-20));
  world.withdrawal(demo, Math.floor((world.available(demo) * 0.25) / 10_000) * 10_000, 'pending', at(-1));

  world.complaint(paid ?? null, user, 'open', at(-1));
  // A past trip with a refund request and a complaint still open.
  if (past) {
    world.refundRequest(past, 'pending');
    world.complaint(past, user, 'open', world.now - world.span(0.05, 1));
  }
  world.complaint(null, others[0], 'resolved', at(-30));
  addInbox(world);
}

/**
 * Demo data (SPEC §7), straight into the tables with multi-row INSERTs. Deterministic for a given day:
 * a seeded PRNG and a clock at midnight UTC. The three demo passwords are hashed once each.
 */
export async function seedDemo(db: Kysely<any>, options: SeedOptions = {}): Promise<Record<string, number>> {
  const [admin, partner, user] = await Promise.all([
    hashPassword(DEMO_PASSWORDS.admin),
    hashPassword(DEMO_PASSWORDS.partner),
    hashPassword(DEMO_PASSWORDS.user),
  ]);
  const started = Date.now();
  const world = buildWorld({ admin, partner, user }, options);
  if (process.env.SEED_DEBUG) console.log(`seed: built in ${Date.now() - started} ms`);
  // The covers the services show render on sharp's threads while the rows are written.
  const covers = renderCovers(world.coversUsed.values());
  // Awaited inside the transaction below; a failure must not count as unhandled meanwhile.
  covers.catch(() => undefined);
  const counts = await db.transaction().execute(async (trx) => {
    await skipForeignKeyChecks(trx);
    const counts = await world.b.insert(trx, TABLES);
    await storeCovers(trx, await covers);
    return counts;
  });
  if ((options.size ?? 'full') === 'full') counts.notifications = await seedDemoNotifications(db, resources);
  counts.outbox = await seedDemoMail(db, resources, options.now ?? new Date());
  return counts;
}

/** Work a first start with demo data would otherwise do: drawing the covers (see covers.ts). */
export function prepareDemo(): Promise<void> {
  return prepareCovers(TOUR_TYPES.map((type) => type.code));
}

/**
 * The demo world in memory, before it is written: every time drawn back from `options.now` (default: this
 * moment), so the data is as fresh as the day it is loaded. The same moment and seed give the same rows.
 */
export function buildWorld(hashes: Hashes, options: SeedOptions = {}): World {
  const world = new World(new Random(options.seed ?? 20260101), (options.now ?? new Date()).getTime(), hashes);
  if ((options.size ?? 'full') === 'full') fullWorld(world);
  else smallWorld(world);
  return world;
}
