import { sql } from 'kysely';
import type { DataContext, Row, TransitionContext } from '../src/core/resource';
import { toDay } from './shared/dates';
import { addDays, dayIn, departureStart, platformTimeZone } from './shared/departure';
import { heldSeats, orderMoney } from './orders.effects';
import { REFUSALS } from './shared/refusals';
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
  if (ctx.principal.kind === 'partner' && toDay(values.startDate) <= dayIn(ctx.now, await platformTimeZone(ctx)))
    ctx.fail(400, 'Invalid input', { startDate: 'The departure must be in the future' });
  checkPriceOverrides(ctx, service, values.priceOverrides);
  return { partnerId: service.partnerId, currency: service.currency ?? 'LAK', seatsBooked: 0 };
}

/** Seats paid for and seats held by unpaid orders whose hold still runs (read under the schedule's row lock). */
async function seatsTaken(ctx: DataContext, schedule: Row): Promise<number> {
  return Number(schedule.seatsBooked ?? 0) + (await heldSeats(ctx, Number(schedule.id)));
}

/** What of a departure an edit may not change once seats are taken: when and what it is (SPEC §21). */
const KEPT_ONCE_BOOKED = ['serviceId', 'startDate', 'startTime'] as const;

/** Whether a patch changes the field: days compared as days, the rest as they are written. */
function changes(current: Row, patch: Record<string, unknown>, field: string): boolean {
  if (patch[field] === undefined) return false;
  if (field === 'startDate') return toDay(patch[field]) !== toDay(current[field]);
  return String(patch[field] ?? '') !== String(current[field] ?? '');
}

/**
 * beforeUpdate: capacity never drops below the seats taken, and a departure with seats taken keeps its service,
 * date and time (409 naming the field: the reschedule action moves it with its bookings).
 */
export async function checkScheduleUpdate(
  ctx: DataContext,
  before: Row,
  patch: Record<string, unknown>,
): Promise<void> {
  const current = (await ctx.findById('schedules', before.id, { lock: true })) ?? before;
  if (patch.priceOverrides != null)
    checkPriceOverrides(ctx, (await ctx.findById('services', Number(current.serviceId))) ?? {}, patch.priceOverrides);
  const moved = KEPT_ONCE_BOOKED.filter((field) => changes(current, patch, field));
  if (patch.capacity == null && !moved.length) return;
  const taken = await seatsTaken(ctx, current);
  if (moved.length && taken > 0)
    ctx.fail(
      409,
      REFUSALS.departureBooked,
      Object.fromEntries(moved.map((field) => [field, REFUSALS.departureBooked])),
    );
  if (patch.capacity != null && Number(patch.capacity) < taken)
    ctx.fail(400, 'Invalid input', { capacity: `${taken} seats are already sold` });
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * reschedule (guard): the departure has not left yet, and its new start lies ahead; a partner moves it only to a
 * later time. The end moves by as many days as the start, unless it is given.
 */
export async function checkReschedule(ctx: TransitionContext): Promise<Record<string, unknown>> {
  const timeZone = await platformTimeZone(ctx);
  const startDate = toDay(ctx.input.startDate);
  const moved = { startDate, startTime: String(ctx.input.startTime) };
  if (ctx.now >= departureStart(ctx.record, timeZone)) ctx.fail(409, REFUSALS.departureLeft);
  const start = departureStart(moved, timeZone);
  if (start <= ctx.now) ctx.fail(400, 'Invalid input', { startDate: REFUSALS.rescheduleFuture });
  if (ctx.principal.kind === 'partner' && start <= departureStart(ctx.record, timeZone))
    ctx.fail(400, 'Invalid input', { startDate: REFUSALS.rescheduleLater });
  const endDate =
    ctx.input.endDate != null && ctx.input.endDate !== ''
      ? toDay(ctx.input.endDate)
      : addDays(toDay(ctx.record.endDate), daysBetween(toDay(ctx.record.startDate), startDate));
  if (endDate < startDate) ctx.fail(400, 'Invalid input', { endDate: `The value must be on or after ${startDate}` });
  return { ...moved, endDate };
}

/**
 * cancel's guard: a departure is called off before it leaves. Once it has left its travellers may have boarded,
 * and a full refund of every booking would repay trips taken; what went wrong on the day is a complaint's.
 */
export async function checkScheduleCancel(ctx: TransitionContext): Promise<void> {
  if (ctx.now >= departureStart(ctx.record, await platformTimeZone(ctx))) ctx.fail(409, REFUSALS.departureLeft);
}

/** reschedule: every live booking on the departure follows it (each mailed to its traveller, audited). */
export async function moveBookings(ctx: TransitionContext): Promise<void> {
  const { rows } = await sql<{ id: number }>`
    select id from orders
    where "scheduleId" = ${ctx.record.id} and status in ('pending_payment', 'paid', 'confirmed')
    order by id`.execute(ctx.trx);
  for (const { id } of rows) await ctx.runTransition('orders', Number(id), 'reschedule');
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
