import { sql } from 'kysely';
import type { DataContext, Row, TransitionContext } from '../src/core/resource';
import { toDay } from './shared/dates';
import { orderMoney, seatsLeft } from './orders.effects';
import { checkPriceOverrides } from './shared/ticket-types';

const NOT_FOUND = 'The referenced record does not exist';

/** beforeCreate: a partner schedules only its own, still sellable services; the schedule inherits partner and currency. */
export async function prepareSchedule(
  ctx: DataContext,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const service = await ctx.findById('services', Number(values.serviceId));
  const own = ctx.principal.kind !== 'partner' || Number(service?.partnerId) === ctx.principal.id;
  if (!service || !own) ctx.fail(400, 'Invalid input', { serviceId: NOT_FOUND });
  if (service.status === 'archived' || service.status === 'rejected')
    ctx.fail(409, 'This service cannot get new departures');
  if (ctx.principal.kind === 'partner' && toDay(values.startDate) <= toDay(ctx.now))
    ctx.fail(400, 'Invalid input', { startDate: 'The departure must be in the future' });
  checkPriceOverrides(ctx, service, values.priceOverrides);
  return { partnerId: service.partnerId, currency: service.currency ?? 'LAK', seatsBooked: 0 };
}

/** beforeUpdate: capacity never drops below the seats taken (read under the row lock orders also take). */
export async function checkScheduleUpdate(
  ctx: DataContext,
  before: Row,
  patch: Record<string, unknown>,
): Promise<void> {
  const current = (await ctx.findById('schedules', before.id, { lock: true })) ?? before;
  if (patch.priceOverrides != null)
    checkPriceOverrides(ctx, (await ctx.findById('services', Number(current.serviceId))) ?? {}, patch.priceOverrides);
  if (patch.capacity == null) return;
  // Seats paid for and seats held by unpaid orders whose hold still runs.
  const taken = Number(current.capacity) - (await seatsLeft(ctx, current));
  if (Number(patch.capacity) < taken) ctx.fail(400, 'Invalid input', { capacity: `${taken} seats are already sold` });
}

/**
 * cancel: the partner calls the departure off, so customers must not pay for it. Unpaid orders are cancelled;
 * paid and confirmed orders are refunded in full at once (a `refund` payment of what is left after earlier
 * refunds, the order → `refunded`) rather than flagged for someone to handle later: the customer did nothing
 * wrong and waiting would only add work. Refund requests still pending on those orders are rejected because
 * the automatic refund covers them.
 */
export async function cancelScheduleOrders(ctx: TransitionContext): Promise<Record<string, unknown>> {
  const { rows } = await sql<{ id: number }>`
    select id from orders
    where "scheduleId" = ${ctx.record.id} and status in ('pending_payment', 'paid', 'confirmed')
    order by id for no key update`.execute(ctx.trx);
  const at = ctx.now.toISOString();
  for (const { id } of rows) {
    const order = await ctx.findById('orders', Number(id));
    if (!order) continue;
    if (order.status === 'pending_payment') {
      await ctx.update('orders', order.id, { status: 'cancelled', cancelledAt: at, reason: 'Departure cancelled' });
      continue;
    }
    const { paid, refunded } = await orderMoney(ctx, order.id);
    const pending = await sql<{ id: number }>`
      select id from refunds where "orderId" = ${order.id} and status = 'pending' order by id for no key update`.execute(
      ctx.trx,
    );
    for (const refund of pending.rows)
      await ctx.update('refunds', Number(refund.id), {
        status: 'rejected',
        rejectionReason: 'Departure cancelled: the order was refunded in full',
        decidedAt: at,
      });
    if (paid - refunded > 0)
      await ctx.insert('payments', {
        orderId: order.id,
        partnerId: order.partnerId,
        userId: order.userId,
        kind: 'refund',
        amount: paid - refunded,
        currency: order.currency,
        method: order.paymentMethod ?? 'bank_transfer',
        reference: `CXL-${order.code}`,
        status: 'completed',
      });
    await ctx.update('orders', order.id, { status: 'refunded', reason: 'Departure cancelled' });
  }
  return { seatsBooked: 0 };
}
