import type { DataContext, Row, TransitionContext } from '../src/core/resource';
import { cancellationTiers, DEFAULT_CANCELLATION_POLICY, tierAt } from '../src/core/cancellation-terms';
import { orderMoney, releaseOrderSeats, SEATED } from './orders.effects';
import { departureStart } from './shared/departure';
import { REFUSALS } from './shared/refusals';

const HOUR_MS = 3_600_000;

/** What cancelling an order now gives back (`GET /api/orders/{id}/cancel-preview`). */
export interface CancelPreview {
  refundAmount: number;
  refundPercent: number;
  /** Whole hours from now to the departure's start (0 once it has started). */
  hoursBefore: number;
  currency: string;
  /** Which sentence states it (`resources.orders.endpoints.cancel-preview.{message}`). */
  message: 'unpaid' | 'full' | 'partial' | 'none';
}

/** A service's terms when it has none of its own: the platform's (`settings.payments`), else full until 24 h. */
export async function defaultCancellationPolicy(ctx: DataContext): Promise<unknown> {
  const policy = (await ctx.settings('payments')).cancellationPolicy;
  return Array.isArray(policy) ? policy : DEFAULT_CANCELLATION_POLICY;
}

/**
 * The terms an order is cancelled under: those it was booked with (copied when placed), else its service's,
 * else the platform's.
 */
async function orderPolicy(ctx: DataContext, order: Row): Promise<unknown> {
  if (Array.isArray(order.cancellationPolicy)) return order.cancellationPolicy;
  const service = await ctx.findById('services', Number(order.serviceId));
  if (Array.isArray(service?.cancellationPolicy)) return service.cancellationPolicy;
  return defaultCancellationPolicy(ctx);
}

/**
 * The tier that applies now, counted in hours to the departure's date and `startTime` in the platform's time zone,
 * and its share of the order's total (never more than is left of what was paid). Nothing for an unpaid order.
 */
export async function cancellationRefund(ctx: DataContext, order: Row): Promise<CancelPreview> {
  const schedule = await ctx.findById('schedules', Number(order.scheduleId));
  const timeZone = String((await ctx.settings('general')).timezone ?? '') || undefined;
  const start = schedule
    ? departureStart(schedule, timeZone)
    : departureStart({ startDate: order.departureDate, startTime: order.departureTime }, timeZone);
  const hoursLeft = (start.getTime() - ctx.now.getTime()) / HOUR_MS;
  const hoursBefore = Math.max(0, Math.floor(hoursLeft));
  const currency = String(order.currency ?? 'LAK');
  if (!SEATED.includes(String(order.status)))
    return { refundAmount: 0, refundPercent: 0, hoursBefore, currency, message: 'unpaid' };
  const refundPercent = tierAt(cancellationTiers(await orderPolicy(ctx, order)), hoursLeft)?.refundPercent ?? 0;
  const { paid, refunded, pendingRefunds } = await orderMoney(ctx, Number(order.id));
  const left = Math.max(0, paid - refunded - pendingRefunds);
  const refundAmount = Math.min(Math.round((Number(order.total) * refundPercent) / 100), left);
  const message = refundAmount === 0 ? 'none' : refundPercent >= 100 ? 'full' : 'partial';
  return { refundAmount, refundPercent, hoursBefore, currency, message };
}

/** `GET /api/orders/{id}/cancel-preview`: what cancelling the order now would give back. */
export async function cancelPreview(ctx: DataContext & { record?: Row }): Promise<CancelPreview> {
  return cancellationRefund(ctx, ctx.record!);
}

/** The reason a cancellation's refund request carries into finance's queue. */
export const CANCELLED_BY_TRAVELLER = 'Cancelled by the traveller under the cancellation terms';

/**
 * cancel (guard, which sees the booking as it was): an unpaid order's hold simply stops counting (nothing was taken
 * from `seatsBooked`). A paid one is cancelled only before its departure starts; it gives its seats back at once
 * (the schedule locked first, in the order `pay` takes them) and opens a refund request of its tier's amount in
 * finance's queue (none at 0): a request, since money moves only when finance approves it.
 */
export async function cancelOrder(ctx: TransitionContext): Promise<Record<string, unknown> | void> {
  const order = ctx.record;
  if (!SEATED.includes(String(order.status))) return;
  const schedule = await ctx.findById('schedules', Number(order.scheduleId), { lock: true });
  const timeZone = String((await ctx.settings('general')).timezone ?? '') || undefined;
  if (schedule && ctx.now >= departureStart(schedule, timeZone)) ctx.fail(409, REFUSALS.departureLeft);
  const { refundAmount } = await cancellationRefund(ctx, order);
  await releaseOrderSeats(ctx, order);
  if (refundAmount > 0)
    await ctx.insert('refunds', {
      orderId: order.id,
      userId: order.userId,
      partnerId: order.partnerId,
      amount: refundAmount,
      currency: order.currency,
      reason: CANCELLED_BY_TRAVELLER,
      status: 'pending',
    });
  return { refundAmount };
}

/** cancel: when it happened. */
export async function markCancelled(ctx: TransitionContext): Promise<Record<string, unknown>> {
  return { cancelledAt: ctx.now.toISOString() };
}
