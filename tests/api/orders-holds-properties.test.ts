/**
 * Random interleavings (fast-check) of bookings, holds ending, expiries, payments (finance by hand or the system
 * with evidence, on time or late) and cancels on one small departure. After every run: the seats sold and held
 * never exceed the capacity, `seatsBooked` is exactly the seats of the paid orders, every successful payment
 * left exactly one charge, and every charge is either what keeps a paid order paid or refunded in full
 * (a pending request of the same amount): no money is lost or counted twice.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import resources from '../../resources';
import { SYSTEM } from '../../src/core/roles';
import { inTransaction, Writer } from '../../src/server/engine/data-context';
import { Registry } from '../../src/server/engine/registry';
import { call, describeEachEngine, suiteServer } from './harness';
import { create, dayFromNow, signInAll, type Sessions } from './workflows-helpers';

const CAPACITY = 4;

type Op =
  | { kind: 'book'; who: number; quantity: number }
  | { kind: 'end'; pick: number }
  | { kind: 'expire'; pick: number }
  | { kind: 'pay'; pick: number; by: 'finance' | 'system' }
  | { kind: 'cancel'; pick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('book' as const), who: fc.nat(2), quantity: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('end' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('expire' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('pay' as const),
    pick: fc.nat(),
    by: fc.constantFrom('finance' as const, 'system' as const),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
);

describeEachEngine('holds and payments, random interleavings', (engine) => {
  const server = suiteServer({ engine, seed: 'small', config: { timerPollMs: 3_600_000 } });
  const registry = new Registry(resources);
  let s: Sessions;

  beforeAll(async () => {
    s = await signInAll(server);
  });

  const asSystem = (id: number, action: string, input: Record<string, unknown> = {}) =>
    inTransaction(server.db, (trx) => new Writer(trx, registry, SYSTEM).runTransition('orders', id, action, input));
  const attempt = async (work: () => Promise<unknown>): Promise<boolean> => {
    try {
      await work();
      return true;
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 409) return false;
      throw error;
    }
  };

  it('seats sold never exceed the capacity; no money is lost or counted twice', async () => {
    const customers = [s.customer1, s.customer2, s.customer3];
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 14 }), async (ops) => {
        const schedule = await create(server, 'schedules', s.partner, {
          serviceId: 1,
          startDate: dayFromNow(50),
          endDate: dayFromNow(50),
          capacity: CAPACITY,
        });
        const orders: { id: number; who: number }[] = [];
        const pays = new Map<number, number>();
        const pick = (n: number) => (orders.length ? orders[n % orders.length] : undefined);
        for (const step of ops) {
          if (step.kind === 'book') {
            const placed = await call(server, 'POST', '/api/orders', {
              cookie: customers[step.who],
              body: { scheduleId: schedule.id, quantity: step.quantity },
            });
            expect([201, 409], JSON.stringify(placed.body)).toContain(placed.status);
            if (placed.status === 201) orders.push({ id: placed.body.id, who: step.who });
            continue;
          }
          const order = pick(step.pick);
          if (!order) continue;
          if (step.kind === 'end')
            await sql`update orders set "holdExpiresAt" = ${new Date(Date.now() - 1)} where id = ${order.id}`.execute(
              server.db,
            );
          else if (step.kind === 'expire') await attempt(() => asSystem(order.id, 'expire'));
          else if (step.kind === 'cancel') {
            const answer = await call(server, 'POST', `/api/orders/${order.id}/actions/cancel`, {
              cookie: customers[order.who],
              body: {},
            });
            expect([200, 409]).toContain(answer.status);
          } else {
            const input = { paymentMethod: 'bank_transfer', reference: `P-${order.id}-${pays.get(order.id) ?? 0}` };
            let paid: boolean;
            if (step.by === 'system') paid = await attempt(() => asSystem(order.id, 'pay', input));
            else {
              const answer = await call(server, 'POST', `/api/orders/${order.id}/actions/pay`, {
                cookie: s.finance,
                body: input,
              });
              expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
              paid = answer.status === 200;
            }
            if (paid) pays.set(order.id, (pays.get(order.id) ?? 0) + 1);
          }
          // Seats: paid + running holds never above the capacity, and seatsBooked is the paid seats exactly.
          const { rows } = await sql<{ booked: number; paid: number; held: number }>`
            select s."seatsBooked"::int as booked,
              (select coalesce(sum(quantity), 0)::int from orders
                where "scheduleId" = s.id and status in ('paid', 'confirmed', 'completed')) as paid,
              (select coalesce(sum(quantity), 0)::int from orders
                where "scheduleId" = s.id and status = 'pending_payment' and "holdExpiresAt" > now()) as held
            from schedules s where s.id = ${schedule.id}`.execute(server.db);
          const seats = rows[0];
          expect(Number(seats.booked)).toBe(Number(seats.paid));
          expect(Number(seats.booked) + Number(seats.held)).toBeLessThanOrEqual(CAPACITY);
        }
        // Money: one charge per successful payment; each order's charges = what keeps it paid + its refund requests.
        for (const { id } of orders) {
          const { rows } = await sql<{ status: string; total: number; charges: number; n: number; pending: number }>`
            select o.status, o.total::float8 as total,
              (select coalesce(sum(amount), 0)::float8 from payments where "orderId" = o.id and kind = 'charge') as charges,
              (select count(*)::int from payments where "orderId" = o.id and kind = 'charge') as n,
              (select coalesce(sum(amount), 0)::float8 from refunds where "orderId" = o.id and status = 'pending') as pending
            from orders o where o.id = ${id}`.execute(server.db);
          const money = rows[0];
          expect(Number(money.n), `order ${id}`).toBe(pays.get(id) ?? 0);
          const kept = money.status === 'paid' ? Number(money.total) : 0;
          expect(Number(money.charges), `order ${id} (${money.status})`).toBe(kept + Number(money.pending));
        }
        // The run's holds end, so the next run's customers are not near their cap.
        await sql`update orders set "holdExpiresAt" = ${new Date(Date.now() - 1)} where "scheduleId" = ${schedule.id}`.execute(
          server.db,
        );
      }),
      { numRuns: 12 },
    );
  }, 600_000);
});
