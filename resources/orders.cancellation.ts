import type { DataContext, Row, TransitionContext } from '../src/core/resource';
import { cancellationTiers, DEFAULT_CANCELLATION_POLICY, tierAt } from '../src/core/cancellation-terms';
import { orderMoney, releaseOrderSeats, SEATED } from './orders.effects';
import { departureStart, platformTimeZone } from './shared/departure';
import { REFUSALS } from './shared/refusals';
import { ON_ACCOUNT } from './shared/payment-methods';

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
  const start = await orderDeparture(ctx, order);
  const hoursLeft = (start.getTime() - ctx.now.getTime()) / HOUR_MS;
  const hoursBefore = Math.max(0, Math.floor(hoursLeft));
  const currency = String(order.currency ?? 'LAK');
  if (!SEATED.includes(String(order.status)))
    return { refundAmount: 0, refundPercent: 0, hoursBefore, currency, message: 'unpaid' };
  // A departure moved after the booking was made: the traveller may step out with everything back until it leaves.
  const refundPercent =
    order.rescheduledAt != null && hoursLeft > 0
      ? 100
      : (tierAt(cancellationTiers(await orderPolicy(ctx, order)), hoursLeft)?.refundPercent ?? 0);
  const { paid, refunded, pendingRefunds } = await orderMoney(ctx, Number(order.id));
  const left = Math.max(0, paid - refunded - pendingRefunds);
  const refundAmount = Math.min(Math.round((Number(order.total) * refundPercent) / 100), left);
  const message = refundAmount === 0 ? 'none' : refundPercent >= 100 ? 'full' : 'partial';
  return { refundAmount, refundPercent, hoursBefore, currency, message };
}

/**
 * When the booking's departure starts: the departure the order holds (a reschedule moves it and the order with
 * it), at its date and time in the platform's time zone.
 */
async function orderDeparture(ctx: DataContext, order: Row): Promise<Date> {
  const schedule = await ctx.findById('schedules', Number(order.scheduleId));
  const timeZone = await platformTimeZone(ctx);
  return departureStart(schedule ?? { startDate: order.departureDate, startTime: order.departureTime }, timeZone);
}

/**
 * Why the customer cannot cancel the booking now, beyond its state: once the traveller has boarded the trip has
 * begun (a complaint remains), and a paid booking is cancelled only before its departure starts.
 */
async function cancelRefusal(ctx: DataContext, order: Row): Promise<void> {
  if (order.checkedInAt) ctx.fail(409, REFUSALS.tripBegun);
  if (SEATED.includes(String(order.status)) && ctx.now >= (await orderDeparture(ctx, order)))
    ctx.fail(409, REFUSALS.departureLeft);
}

/**
 * `GET /api/orders/{id}/cancel-preview`: what cancelling the order now would give back, or the refusal `cancel`
 * would answer (its state and role are checked as the transition's, since this is its preview).
 */
export async function cancelPreview(ctx: DataContext & { record?: Row }): Promise<CancelPreview> {
  await cancelRefusal(ctx, ctx.record!);
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
  await cancelRefusal(ctx, order);
  if (!SEATED.includes(String(order.status))) return;
  await ctx.findById('schedules', Number(order.scheduleId), { lock: true });
  const { refundAmount } = await cancellationRefund(ctx, order);
  await releaseOrderSeats(ctx, order);
  // A reseller's booking (SPEC §19): the terms' amount is credited to the account it was charged on, at once.
  if (refundAmount > 0 && order.resellerId != null)
    await ctx.insert('payments', {
      orderId: order.id,
      partnerId: order.partnerId,
      resellerId: order.resellerId,
      kind: 'refund',
      amount: refundAmount,
      currency: order.currency,
      method: ON_ACCOUNT,
      reference: `CREDIT-${String(order.code)}`,
      status: 'completed',
    });
  else if (refundAmount > 0)
    await ctx.insert('refunds', {
      orderId: order.id,
      userId: order.userId,
      partnerId: order.partnerId,
      amount: refundAmount,
      currency: order.currency,
      reason: CANCELLED_BY_TRAVELLER,
      source: 'cancellation',
      termsAmount: refundAmount,
      status: 'pending',
    });
  return { refundAmount };
}

/** cancel: when it happened. */
export async function markCancelled(ctx: TransitionContext): Promise<Record<string, unknown>> {
  return { cancelledAt: ctx.now.toISOString() };
}
