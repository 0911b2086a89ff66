/**
 * Durability (SPEC §10, no acknowledged write is lost): the real server process takes a stream of writes (orders placed, paid, confirmed,
 * cancelled) and is killed with SIGKILL in the middle of it, then restarted on the same data. Every write that
 * was answered 2xx is there, no order is half-applied (status, payment and seats agree), and the seat count of
 * the departure adds up. SIGTERM lets the requests in flight finish before the process exits.
 */
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from './harness';
import { loginAt, prepareStore, startServerProcess, type DataStore, type ServerProcess } from './durability-server';
import { platformDay } from '../support/platform-day';

interface Answer {
  status: number;
  body: any;
}

/** One request on its own connection, so a killed server shows up as this request's error, not a pool's. */
function request(baseUrl: string, method: string, url: string, cookie: string, body?: unknown): Promise<Answer> {
  const target = new URL(url, baseUrl);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: Number(target.port),
        path: `${target.pathname}${target.search}`,
        method,
        agent: false,
        headers: { cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** Every row of a list, a page (at most 1,000 rows, the server's limit) at a time. */
async function everyRow(baseUrl: string, url: string, cookie: string): Promise<Answer> {
  const rows: unknown[] = [];
  for (let first = 0; ; first += 1000) {
    const page = await request(baseUrl, 'GET', `${url}&range=[${first},${first + 999}]`, cookie);
    if (page.status !== 200) return page;
    rows.push(...(page.body as unknown[]));
    if ((page.body as unknown[]).length < 1000) return { status: 200, body: rows };
  }
}

type OrderState = 'pending_payment' | 'paid' | 'confirmed' | 'cancelled';
/** What may follow an acknowledged state: a later write may have committed without its answer arriving. */
const REACHABLE: Record<OrderState, OrderState[]> = {
  pending_payment: ['pending_payment', 'paid', 'confirmed', 'cancelled'],
  paid: ['paid', 'confirmed'],
  confirmed: ['confirmed'],
  cancelled: ['cancelled'],
};

interface Session {
  user: string;
  partner: string;
  admin: string;
  finance: string;
}

async function sessions(baseUrl: string): Promise<Session> {
  const session = {
    user: await loginAt(baseUrl, 'user@example.com', 'User#2026'),
    partner: await loginAt(baseUrl, 'partner@example.com', 'Partner#2026'),
    admin: await loginAt(baseUrl, 'admin@example.com', 'Admin#2026'),
    finance: await loginAt(baseUrl, 'finance@example.com', 'Admin#2026'),
  };
  // The stream of writes leaves many of one customer's orders unpaid; the cap on held seats has its own test.
  const headers = { cookie: session.admin, 'content-type': 'application/json' };
  const payments = (await (await fetch(`${baseUrl}/api/settings/payments`, { headers })).json()) as {
    values: Record<string, unknown>;
  };
  const raised = await fetch(`${baseUrl}/api/settings/payments`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...payments, values: { ...payments.values, maxHeldSeats: 1000 } }),
  });
  expect(raised.status).toBe(200);
  return session;
}

describeEachEngine('Durability: SIGKILL mid-stream, SIGTERM drains', (engine) => {
  let store: DataStore;
  let server: ServerProcess | undefined;
  let scheduleId: number;
  /** Orders whose creation was acknowledged, with the last acknowledged state. */
  const journal = new Map<number, { quantity: number; state: OrderState }>();
  let acknowledged = 0;
  let lost = 0;
  let kills = 0;

  beforeAll(async () => {
    store = await prepareStore(engine);
    server = await startServerProcess(store);
    const s = await sessions(server.baseUrl);
    const services = await request(server.baseUrl, 'GET', '/api/services?filter={"status":"approved"}', s.partner);
    const day = (n: number) => platformDay(n);
    const schedule = await request(server.baseUrl, 'POST', '/api/schedules', s.partner, {
      serviceId: services.body[0].id,
      startDate: day(40),
      endDate: day(41),
      capacity: 1000,
    });
    expect(schedule.status).toBe(201);
    scheduleId = schedule.body.id;
  }, 300_000);

  afterAll(async () => {
    await server?.kill('SIGKILL');
    await store?.drop();
    console.log(
      `[durability ${engine}] kills: ${kills}, writes acknowledged: ${acknowledged}, lost in flight (unanswered): ${lost}, orders verified: ${journal.size}`,
    );
  });

  /** Places, pays, confirms or cancels orders from several workers until the server stops answering. */
  async function stream(baseUrl: string, s: Session, stop: { dead: boolean }) {
    const worker = async (n: number) => {
      for (let i = 0; !stop.dead; i++) {
        try {
          const quantity = 1 + ((n + i) % 3);
          const created = await request(baseUrl, 'POST', '/api/orders', s.user, { scheduleId, quantity });
          expect(created.status, JSON.stringify(created.body)).toBe(201);
          journal.set(created.body.id, { quantity, state: 'pending_payment' });
          acknowledged++;
          const id = created.body.id as number;
          if ((n + i) % 4 === 3) {
            const cancelled = await request(baseUrl, 'POST', `/api/orders/${id}/actions/cancel`, s.user, {});
            expect(cancelled.status).toBe(200);
            journal.get(id)!.state = 'cancelled';
            acknowledged++;
            continue;
          }
          const paid = await request(baseUrl, 'POST', `/api/orders/${id}/actions/pay`, s.finance, {});
          expect(paid.status, JSON.stringify(paid.body)).toBe(200);
          journal.get(id)!.state = 'paid';
          acknowledged++;
          const confirmed = await request(baseUrl, 'POST', `/api/orders/${id}/actions/confirm`, s.partner, {});
          expect(confirmed.status).toBe(200);
          journal.get(id)!.state = 'confirmed';
          acknowledged++;
        } catch (error) {
          if (!stop.dead) throw error;
          // The server died under this request: its outcome is unknown, and the checks allow either.
          lost++;
          return;
        }
      }
    };
    return Promise.all([0, 1, 2, 3].map(worker));
  }

  /** Every acknowledged write is there, nothing is half-applied, and the seats add up. */
  async function verify(baseUrl: string, s: Session) {
    const orders = await everyRow(
      baseUrl,
      `/api/orders?filter=${encodeURIComponent(JSON.stringify({ scheduleId }))}`,
      s.admin,
    );
    expect(orders.status).toBe(200);
    const payments = await everyRow(
      baseUrl,
      `/api/payments?filter=${encodeURIComponent(JSON.stringify({ kind: 'charge' }))}`,
      s.admin,
    );
    expect(payments.status).toBe(200);
    const byId = new Map<number, any>(orders.body.map((o: any) => [o.id, o]));
    for (const [id, acked] of journal) {
      const order = byId.get(id);
      expect(order, `acknowledged order ${id} survived`).toBeDefined();
      expect(REACHABLE[acked.state], `order ${id} acknowledged as ${acked.state}`).toContain(order.status);
      expect(order.quantity).toBe(acked.quantity);
    }
    let seats = 0;
    for (const order of orders.body) {
      const charges = payments.body.filter((p: any) => p.orderId === order.id);
      if (order.status === 'paid' || order.status === 'confirmed') {
        expect(charges, `order ${order.id} (${order.status}) has one charge`).toHaveLength(1);
        expect(charges[0].amount).toBe(order.total);
        expect(order.paidAt).toBeTruthy();
      } else expect(charges, `order ${order.id} (${order.status}) has no charge`).toHaveLength(0);
      if (order.status === 'cancelled') expect(order.cancelledAt).toBeTruthy();
      if (order.status === 'confirmed') expect(order.confirmedAt).toBeTruthy();
      expect(order.total).toBe(order.unitPrice * order.quantity);
      if (order.status !== 'cancelled') seats += order.quantity;
    }
    const schedule = await request(baseUrl, 'GET', `/api/schedules/${scheduleId}`, s.admin);
    expect(schedule.body.seatsBooked, 'seats booked = seats of live orders').toBe(seats);
  }

  it('SIGKILL in the middle of a stream of writes loses no acknowledged write (twice)', async () => {
    for (let round = 0; round < 2; round++) {
      const s = await sessions(server!.baseUrl);
      const stop = { dead: false };
      const before = acknowledged;
      const running = stream(server!.baseUrl, s, stop);
      // Kill at a random point once the stream is well under way.
      while (acknowledged - before < 12 + Math.floor(Math.random() * 10)) await new Promise((r) => setTimeout(r, 5));
      stop.dead = true;
      expect(await server!.kill('SIGKILL')).toBe('SIGKILL');
      kills++;
      await running;
      server = await startServerProcess(store);
      await verify(server.baseUrl, await sessions(server.baseUrl));
    }
    expect(acknowledged).toBeGreaterThanOrEqual(20);
  }, 600_000);

  it('SIGTERM finishes the requests in flight, then exits 0', async () => {
    const s = await sessions(server!.baseUrl);
    const idsOnSchedule = async (baseUrl: string, cookie: string) => {
      const filter = encodeURIComponent(JSON.stringify({ scheduleId }));
      const list = await everyRow(baseUrl, `/api/orders?filter=${filter}`, cookie);
      return new Set<number>(list.body.map((o: { id: number }) => o.id));
    };
    const existing = await idsOnSchedule(server!.baseUrl, s.admin);
    const inFlight = Array.from({ length: 8 }, (_, i) =>
      request(server!.baseUrl, 'POST', '/api/orders', s.user, { scheduleId, quantity: 1 + (i % 2) }).then(
        (answer) => ({ answer }),
        (error: Error) => ({ error }),
      ),
    );
    // Long enough for the requests to be accepted; they queue on the database from there.
    await new Promise((r) => setTimeout(r, 300));
    const exit = server!.kill('SIGTERM');
    const results = await Promise.all(inFlight);
    expect(await exit).toBe(0);
    const answered = new Set<number>();
    for (const result of results) {
      if (!('answer' in result)) {
        // A connection the server had not read yet may be refused or reset; the check below proves it left no trace.
        expect(['ECONNREFUSED', 'ECONNRESET']).toContain((result.error as NodeJS.ErrnoException).code);
        continue;
      }
      expect(result.answer.status, JSON.stringify(result.answer.body)).toBe(201);
      journal.set(result.answer.body.id, { quantity: result.answer.body.quantity, state: 'pending_payment' });
      answered.add(result.answer.body.id);
    }
    expect(answered.size, 'requests the server had started were finished').toBeGreaterThan(0);
    server = await startServerProcess(store);
    const s2 = await sessions(server.baseUrl);
    // Every order the server committed was answered: no request was cut off between commit and answer.
    const added = [...(await idsOnSchedule(server.baseUrl, s2.admin))].filter((id) => !existing.has(id));
    expect(added.sort()).toEqual([...answered].sort());
    await verify(server.baseUrl, s2);
  }, 600_000);
});
