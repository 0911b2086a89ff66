/**
 * The race scenarios (parallel approvals, the last seats, balances), written once and run against one server or several servers sharing one
 * database: parallel requests go round-robin over the servers, and every scenario asserts exact counts and the
 * final seats, ledger sums and balances.
 */
import { expect } from 'vitest';
import { call, type TestServer } from './harness';
import { create, dayFromNow, getRecord, IDS, list, ok, type Http, type Sessions } from './workflows-helpers';

export interface Cluster {
  /** The server fixtures are written through (also serves its share of the parallel requests). */
  main: TestServer;
  /** Every server of the database, main included. */
  servers: readonly Http[];
  sessions: Sessions;
}

const countBy = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

/** N copies of a request, the i-th sent to server i mod the number of servers, all at once. */
function fanOut<T>(cluster: Cluster, n: number, request: (server: Http, i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => request(cluster.servers[i % cluster.servers.length], i)));
}

function parallelActions(cluster: Cluster, n: number, resource: string, ids: number[], action: string, cookie: string) {
  return fanOut(cluster, n, (server, i) =>
    call(server, 'POST', `/api/${resource}/${ids[i % ids.length]}/actions/${action}`, { cookie, body: {} }),
  );
}

async function newSchedule(cluster: Cluster, capacity: number, serviceId = 1): Promise<any> {
  return create(cluster.main, 'schedules', cluster.sessions.partner, {
    serviceId,
    startDate: dayFromNow(45),
    endDate: dayFromNow(45),
    capacity,
  });
}

async function paidOrder(cluster: Cluster, quantity: number): Promise<any> {
  const { main, sessions } = cluster;
  const schedule = await newSchedule(cluster, 20);
  const order = await create(main, 'orders', sessions.customer1, { scheduleId: schedule.id, quantity });
  return ok(main, 'orders', order.id, 'pay', sessions.finance);
}

const refundSum = async (cluster: Cluster, orderId: number) =>
  (await list(cluster.main, 'payments', cluster.sessions.finance, { orderId, kind: 'refund' })).reduce(
    (n, p) => n + Number(p.amount),
    0,
  );

/** 20 parallel approvals of one request: exactly one 200, nineteen 409, one ledger row, one audit row. */
export async function parallelApprovals(cluster: Cluster): Promise<void> {
  const { main, sessions } = cluster;
  const order = await paidOrder(cluster, 2);
  const refund = await create(main, 'refunds', sessions.finance, { orderId: order.id, reason: 'Race' });
  const refundResults = await parallelActions(cluster, 20, 'refunds', [refund.id], 'approve', sessions.finance);
  expect(countBy(refundResults.map((r) => r.status))).toEqual({ 200: 1, 409: 19 });
  expect(await refundSum(cluster, order.id)).toBe(order.total);
  expect(await getRecord(main, 'refunds', refund.id, sessions.admin)).toMatchObject({ status: 'approved', version: 2 });
  expect(await getRecord(main, 'orders', order.id, sessions.admin)).toMatchObject({ status: 'refunded' });
  expect(await getRecord(main, 'schedules', order.scheduleId, sessions.admin)).toMatchObject({ seatsBooked: 0 });
  const audit = await list(main, 'audit-log', sessions.admin, { resource: 'refunds', recordId: refund.id });
  expect(audit.filter((row) => row.action === 'approve')).toHaveLength(1);

  // A pending withdrawal: 20 approvals, then 20 payouts: one of each, one payout row.
  const withdrawal = await create(main, 'withdrawals', sessions.partner, { amount: 100_000 });
  const approvals = await parallelActions(cluster, 20, 'withdrawals', [withdrawal.id], 'approve', sessions.finance);
  expect(countBy(approvals.map((r) => r.status))).toEqual({ 200: 1, 409: 19 });
  const payouts = await parallelActions(cluster, 20, 'withdrawals', [withdrawal.id], 'pay', sessions.finance);
  expect(countBy(payouts.map((r) => r.status))).toEqual({ 200: 1, 409: 19 });
  const ledger = await list(main, 'payments', sessions.finance, { withdrawalId: withdrawal.id });
  expect(ledger.map((p) => [p.kind, p.amount])).toEqual([['payout', 100_000]]);

  // One unpaid order: 20 parallel payments charge it once; 20 parallel cancels of another release its seats once.
  const schedule = await newSchedule(cluster, 10);
  const unpaid = await create(main, 'orders', sessions.customer2, { scheduleId: schedule.id, quantity: 2 });
  const pays = await parallelActions(cluster, 20, 'orders', [unpaid.id], 'pay', sessions.finance);
  expect(countBy(pays.map((r) => r.status))).toEqual({ 200: 1, 409: 19 });
  const charges = await list(main, 'payments', sessions.finance, { orderId: unpaid.id });
  expect(charges.map((p) => [p.kind, p.amount])).toEqual([['charge', unpaid.total]]);
  const toCancel = await create(main, 'orders', sessions.customer2, { scheduleId: schedule.id, quantity: 3 });
  expect(await getRecord(main, 'schedules', schedule.id, sessions.admin)).toMatchObject({ seatsBooked: 5 });
  const cancels = await parallelActions(cluster, 20, 'orders', [toCancel.id], 'cancel', sessions.customer2);
  expect(countBy(cancels.map((r) => r.status))).toEqual({ 200: 1, 409: 19 });
  expect(await getRecord(main, 'schedules', schedule.id, sessions.admin)).toMatchObject({ seatsBooked: 2 });

  // A pending partner: approve and reject race; exactly one decision wins.
  const partner = await create(main, 'partners', sessions.moderator, {
    email: `race-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`,
    password: 'Partner#2026',
    companyName: 'Race Co',
    contactName: 'Racer',
    phone: '+856 20 1111 2222',
  });
  const decisions = await fanOut(cluster, 20, (server, i) =>
    call(server, 'POST', `/api/partners/${partner.id}/actions/${i % 2 ? 'reject' : 'approve'}`, {
      cookie: sessions.moderator,
      body: { reason: 'Race' },
    }),
  );
  expect(countBy(decisions.map((r) => r.status))).toEqual({ 200: 1, 409: 19 });
  const decided = await getRecord(main, 'partners', partner.id, sessions.admin);
  expect(decided.version).toBe(2);
  expect(['approved', 'rejected']).toContain(decided.status);
}

/** 30 parallel one-seat orders on a five-seat departure: exactly five placed, seatsBooked = 5. */
export async function parallelOrders(cluster: Cluster): Promise<void> {
  const { main, sessions } = cluster;
  const customers = [sessions.user, sessions.customer1, sessions.customer2, sessions.customer3];
  const schedule = await newSchedule(cluster, 5);
  const results = await fanOut(cluster, 30, (server, i) =>
    call(server, 'POST', '/api/orders', {
      cookie: customers[i % customers.length],
      body: { scheduleId: schedule.id, quantity: 1 },
    }),
  );
  expect(countBy(results.map((r) => r.status))).toEqual({ 201: 5, 409: 25 });
  expect(await getRecord(main, 'schedules', schedule.id, sessions.admin)).toMatchObject({ seatsBooked: 5 });
  const placed = await list(main, 'orders', sessions.admin, { scheduleId: schedule.id });
  expect(placed).toHaveLength(5);
  expect(new Set(placed.map((o) => o.code)).size).toBe(5);

  // Cancelling two frees exactly two seats for the next rush of mixed quantities.
  const created = results.filter((r) => r.status === 201).map((r) => r.body);
  const owner = (order: any) =>
    customers[[IDS.users.user, IDS.users.customer1, IDS.users.customer2, IDS.users.customer3].indexOf(order.userId)];
  await Promise.all(created.slice(0, 2).map((order) => ok(main, 'orders', order.id, 'cancel', owner(order))));
  const rush = await fanOut(cluster, 12, (server, i) =>
    call(server, 'POST', '/api/orders', {
      cookie: customers[i % customers.length],
      body: { scheduleId: schedule.id, quantity: 1 + (i % 2) },
    }),
  );
  const seatsSold = rush.filter((r) => r.status === 201).reduce((n, r) => n + Number(r.body.quantity), 0);
  expect(rush.every((r) => r.status === 201 || r.status === 409)).toBe(true);
  // Two seats were free: either one two-seat order or two one-seat orders got them.
  expect(seatsSold).toBe(2);
  const final = await getRecord(main, 'schedules', schedule.id, sessions.admin);
  expect(final.seatsBooked).toBe(5);
  const live = await list(main, 'orders', sessions.admin, { scheduleId: schedule.id, status: 'pending_payment' });
  expect(live.reduce((n, o) => n + Number(o.quantity), 0)).toBe(5);
}

/**
 * Customers book and pay on one departure at the same moment: every answer is a 2xx or a 409 (never a 5xx from
 * lock waits gone wrong), each paid order has exactly one charge, and the seats add up.
 */
export async function bookAndPayRush(cluster: Cluster): Promise<void> {
  const { main, sessions } = cluster;
  const customers = [sessions.user, sessions.customer1, sessions.customer2, sessions.customer3];
  const schedule = await newSchedule(cluster, 40);
  const first = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      create(main, 'orders', customers[i % 4], { scheduleId: schedule.id, quantity: 1 }),
    ),
  );
  const rush = await fanOut(cluster, 36, (server, i) => {
    if (i % 3 === 2)
      return call(server, 'POST', '/api/orders', {
        cookie: customers[i % 4],
        body: { scheduleId: schedule.id, quantity: 2 },
      });
    const order = first[Math.floor(i / 3) % first.length];
    const cookie = customers[first.indexOf(order) % 4];
    // Finance records the payments; the customers cancel.
    return call(server, 'POST', `/api/orders/${order.id}/actions/${i % 3 === 0 ? 'pay' : 'cancel'}`, {
      cookie: i % 3 === 0 ? sessions.finance : cookie,
      body: {},
    });
  });
  const statuses = rush.map((r) => r.status);
  expect(
    statuses.filter((status) => status >= 500),
    JSON.stringify(rush.filter((r) => r.status >= 500).map((r) => r.body)),
  ).toEqual([]);
  expect(
    statuses.filter((status) => status === 201),
    JSON.stringify(rush.filter((r) => r.status === 409).map((r) => r.body.message)),
  ).toHaveLength(12);
  const orders = await list(main, 'orders', sessions.admin, { scheduleId: schedule.id });
  const booked = orders.filter((o) => o.status !== 'cancelled').reduce((n, o) => n + Number(o.quantity), 0);
  expect(await getRecord(main, 'schedules', schedule.id, sessions.admin)).toMatchObject({ seatsBooked: booked });
  for (const order of first) {
    const final = orders.find((o) => o.id === order.id);
    const charges = await list(main, 'payments', sessions.finance, { orderId: order.id });
    // Pay and cancel raced: paid, cancelled before the payment (no charge), or cancelled after it by its traveller
    // (the charge stays, and a refund request carries what the terms give back).
    expect(['paid', 'cancelled']).toContain(final.status);
    const refunds = await list(main, 'refunds', sessions.finance, { orderId: order.id });
    if (final.status === 'paid') {
      expect(charges).toHaveLength(1);
      expect(refunds).toEqual([]);
    } else if (charges.length === 0) expect(refunds).toEqual([]);
    else {
      expect(charges).toHaveLength(1);
      const back = Number(final.refundAmount);
      expect(refunds.map((refund) => Number(refund.amount))).toEqual(back > 0 ? [back] : []);
    }
  }
}

interface Balance {
  completed: number;
  payouts: number;
  held: number;
  available: number;
}

const balanceOf = async (cluster: Cluster, partnerId: number): Promise<Balance> =>
  (await call(cluster.main, 'GET', `/api/partners/${partnerId}/balance`, { cookie: cluster.sessions.finance })).body;

/**
 * Completed-order earnings for a partner, written as fixture rows on the partner's past departure (a completed
 * order needs a departure in the past, which the API rightly does not let anyone create).
 */
async function earn(cluster: Cluster, partnerId: number, share: number): Promise<void> {
  const schedule = await cluster.main.db
    .selectFrom('schedules')
    .select(['id', 'serviceId', 'startDate'])
    .where('partnerId', '=', partnerId)
    .where('status', '=', 'closed')
    .executeTakeFirstOrThrow();
  await cluster.main.db
    .insertInto('orders')
    .values({
      code: `LT-FX${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
      userId: IDS.users.customer3,
      partnerId,
      serviceId: schedule.serviceId,
      scheduleId: schedule.id,
      departureDate: schedule.startDate,
      quantity: 1,
      unitPrice: share * 2,
      total: share * 2,
      commissionRate: 50,
      commission: share,
      currency: 'LAK',
      status: 'completed',
    })
    .execute();
}

/** 20 parallel withdrawals against one balance: exactly ⌊available / amount⌋ accepted, never overdrawn. */
export async function parallelWithdrawals(cluster: Cluster): Promise<void> {
  const { main, sessions } = cluster;
  const partnerId = IDS.partners.partner2;
  await earn(cluster, partnerId, 3_000_000);
  const start = await balanceOf(cluster, partnerId);
  expect(start.available).toBeGreaterThanOrEqual(3_000_000);
  // An amount that lets a handful, not all, of the twenty through.
  const amount = Math.max(100_000, Math.floor(start.available / 6 / 1000) * 1000 + 1000);
  const fits = Math.floor(start.available / amount);
  expect(fits).toBeGreaterThan(0);
  expect(fits).toBeLessThan(20);
  const results = await fanOut(cluster, 20, (server) =>
    call(server, 'POST', '/api/withdrawals', { cookie: sessions.partner2, body: { amount } }),
  );
  expect(countBy(results.map((r) => r.status))).toEqual({ 201: fits, 400: 20 - fits });
  const held = await balanceOf(cluster, partnerId);
  expect(held.held - start.held).toBe(fits * amount);
  expect(held.available).toBe(start.available - fits * amount);
  expect(held.available).toBeGreaterThanOrEqual(0);

  // Approving and paying them all at once keeps the balance where it is.
  const ids = results.filter((r) => r.status === 201).map((r) => Number(r.body.id));
  const approvals = await parallelActions(cluster, ids.length * 3, 'withdrawals', ids, 'approve', sessions.finance);
  expect(countBy(approvals.map((r) => r.status))).toEqual({ 200: ids.length, 409: ids.length * 2 });
  const pays = await parallelActions(cluster, ids.length * 3, 'withdrawals', ids, 'pay', sessions.finance);
  expect(countBy(pays.map((r) => r.status))).toEqual({ 200: ids.length, 409: ids.length * 2 });
  const end = await balanceOf(cluster, partnerId);
  expect(end).toMatchObject({
    payouts: start.payouts + fits * amount,
    held: start.held,
    available: start.available - fits * amount,
  });
  expect(end.available).toBeGreaterThanOrEqual(0);
  // Requests for what is left, all at once: never more than it.
  const rest = await fanOut(cluster, 10, (server) =>
    call(server, 'POST', '/api/withdrawals', { cookie: sessions.partner2, body: { amount: end.available } }),
  );
  expect(rest.filter((r) => r.status === 201)).toHaveLength(end.available >= 100_000 ? 1 : 0);
  expect((await balanceOf(cluster, partnerId)).available).toBeGreaterThanOrEqual(0);
  const payouts = await list(main, 'payments', sessions.finance, { partnerId, kind: 'payout' });
  expect(payouts.filter((p) => ids.includes(Number(p.withdrawalId)))).toHaveLength(ids.length);
}

/** Parallel refund requests and approvals on one order: the refunds never exceed what was paid. */
export async function parallelRefunds(cluster: Cluster): Promise<void> {
  const { main, sessions } = cluster;
  const order = await paidOrder(cluster, 2);
  const quarter = order.total / 4;
  const requests = await fanOut(cluster, 20, (server) =>
    call(server, 'POST', '/api/refunds', {
      // Finance opens them (on complaints): a customer asks only once the trip has left, and this one is ahead.
      cookie: sessions.finance,
      body: { orderId: order.id, amount: quarter, reason: 'Race' },
    }),
  );
  const accepted = requests.filter((r) => r.status === 201).map((r) => Number(r.body.id));
  expect(accepted).toHaveLength(4);
  expect(requests.every((r) => [201, 400, 409].includes(r.status))).toBe(true);
  const approvals = await parallelActions(cluster, 20, 'refunds', accepted, 'approve', sessions.finance);
  expect(countBy(approvals.map((r) => r.status))).toEqual({ 200: 4, 409: 16 });
  expect(await refundSum(cluster, order.id)).toBe(order.total);

  // Requests that together overclaim (a legacy import wrote them past the checks): approvals still stop at the paid amount.
  const second = await paidOrder(cluster, 1);
  const rows = await main.db
    .insertInto('refunds')
    .values(
      [1, 2, 3].map(() => ({
        orderId: second.id,
        userId: second.userId,
        partnerId: second.partnerId,
        amount: second.total,
        currency: second.currency,
        reason: 'Imported',
        status: 'pending',
      })),
    )
    .returning('id')
    .execute();
  const ids = rows.map((r) => Number(r.id));
  const decisions = await parallelActions(cluster, 9, 'refunds', ids, 'approve', sessions.finance);
  expect(countBy(decisions.map((r) => r.status))).toEqual({ 200: 1, 409: 8 });
  expect(await refundSum(cluster, second.id)).toBe(second.total);

  // The partner cancels a departure (refunding its paid orders in full) while finance approves partial refunds
  // of the same orders: whichever runs first, no order gets back more than was charged.
  const schedule = await newSchedule(cluster, 20);
  const customers = [sessions.customer1, sessions.customer2, sessions.customer3];
  const orders = await Promise.all(
    customers.map(async (cookie) => {
      const placed = await create(main, 'orders', cookie, { scheduleId: schedule.id, quantity: 2 });
      return ok(main, 'orders', placed.id, 'pay', sessions.finance);
    }),
  );
  const partial = await Promise.all(
    orders.map((o) =>
      create(main, 'refunds', sessions.finance, { orderId: o.id, amount: o.total / 2, reason: 'Half' }),
    ),
  );
  const race = await Promise.all([
    call(cluster.servers[1 % cluster.servers.length], 'POST', `/api/schedules/${schedule.id}/actions/cancel`, {
      cookie: sessions.partner,
      body: { reason: 'Storm' },
    }),
    ...partial.map((r, i) =>
      call(cluster.servers[i % cluster.servers.length], 'POST', `/api/refunds/${r.id}/actions/approve`, {
        cookie: sessions.finance,
        body: {},
      }),
    ),
  ]);
  expect(race[0].status).toBe(200);
  expect(race.slice(1).every((r) => r.status === 200 || r.status === 409)).toBe(true);
  for (const o of orders) {
    const ledger = await list(main, 'payments', sessions.finance, { orderId: o.id });
    const charged = ledger.filter((p) => p.kind === 'charge').reduce((n, p) => n + Number(p.amount), 0);
    const refunded = ledger.filter((p) => p.kind === 'refund').reduce((n, p) => n + Number(p.amount), 0);
    expect(charged).toBe(o.total);
    expect(refunded).toBeLessThanOrEqual(charged);
    expect(refunded).toBeGreaterThan(0);
    expect((await getRecord(main, 'orders', o.id, sessions.admin)).status).toBe('refunded');
  }
  expect(await getRecord(main, 'schedules', schedule.id, sessions.admin)).toMatchObject({
    status: 'cancelled',
    seatsBooked: 0,
  });
}
