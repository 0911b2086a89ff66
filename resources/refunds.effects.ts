import type { DataContext, Row, TransitionContext } from '../src/core/resource';
import { cancellationRefund } from './orders.cancellation';
import { orderMoney, releaseOrderSeats, SEATED } from './orders.effects';
import { toDay } from './shared/dates';
import { addDays, dayIn, departureStart, platformTimeZone } from './shared/departure';
import { REFUSALS } from './shared/refusals';

/** Orders paid for: before the departure, and after it (completed) within the refund window. */
const REFUNDABLE = ['paid', 'confirmed', 'completed'];
/** A request may also ask for the rest of a partly refunded order (an approved refund marks it refunded). */
const REQUESTABLE = [...REFUNDABLE, 'refunded'];

/**
 * A customer asks for a refund until `payments.refundWindowDays` days after the departure day (to its end, in the
 * platform's days); finance may still open one later (late money, a goodwill refund).
 */
async function withinRefundWindow(ctx: DataContext, order: Record<string, unknown>): Promise<boolean> {
  const days = Number((await ctx.settings('payments')).refundWindowDays ?? 0);
  if (!/^\d{4}-\d{2}-\d{2}/.test(toDay(order.departureDate))) return true;
  return dayIn(ctx.now, await platformTimeZone(ctx)) <= addDays(toDay(order.departureDate), days);
}

/**
 * Why a customer may not ask for a refund now (SPEC §21): once the traveller has boarded, the trip has begun (a
 * complaint remains); while the departure is still ahead, the traveller cancels and the terms decide what comes
 * back; after it, only within the refund window.
 */
async function customerRefusal(ctx: DataContext, order: Row): Promise<string | undefined> {
  if (order.checkedInAt) return REFUSALS.tripBegun;
  const schedule = await ctx.findById('schedules', Number(order.scheduleId));
  const departure = schedule ?? { startDate: order.departureDate, startTime: order.departureTime };
  if (ctx.now < departureStart(departure, await platformTimeZone(ctx))) return REFUSALS.cancelInstead;
  if (!(await withinRefundWindow(ctx, order))) return REFUSALS.refundWindowPassed;
  return undefined;
}

/** Who opens a request by hand: the customer, or finance (on a complaint it names as the source, else its own). */
function sourceOf(ctx: DataContext, asked: unknown): string {
  if (ctx.principal.kind === 'user') return 'customer';
  if (asked == null || asked === 'finance' || asked === 'complaint') return String(asked ?? 'finance');
  return ctx.fail(400, 'Invalid input', { source: 'Please choose one of the allowed values' });
}

/**
 * beforeCreate: the order row is locked, so two requests on one order run one after the other; pending requests
 * reserve their amount, so together they never exceed what was paid minus earlier refunds.
 */
export async function requestRefund(
  ctx: DataContext,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const order = await ctx.findById('orders', Number(values.orderId), { lock: true });
  const own = ctx.principal.kind !== 'user' || Number(order?.userId) === ctx.principal.id;
  if (!order || !own) ctx.fail(400, 'Invalid input', { orderId: 'The referenced record does not exist' });
  if (!REQUESTABLE.includes(String(order.status))) ctx.fail(409, REFUSALS.notRefundable);
  const source = sourceOf(ctx, values.source);
  const refused = ctx.principal.kind === 'user' ? await customerRefusal(ctx, order) : undefined;
  if (refused) ctx.fail(409, refused);
  const { paid, refunded, pendingRefunds } = await orderMoney(ctx, order.id);
  const left = paid - refunded - pendingRefunds;
  if (left <= 0) ctx.fail(409, REFUSALS.nothingToRefund);
  const amount = values.amount == null ? left : Number(values.amount);
  if (amount > left) ctx.fail(400, 'Invalid input', { amount: `The value must be at most ${left}` });
  // Beside what is asked, finance reads what the booking's cancellation terms would give back now.
  const { refundAmount: termsAmount } = await cancellationRefund(ctx, order);
  return { amount, source, termsAmount, userId: order.userId, partnerId: order.partnerId, currency: order.currency };
}

/**
 * approve: writes the `refund` payment and marks the order refunded (its seats go back on sale). The order row is
 * locked and the amount checked again against the ledger, so approvals of different requests cannot overpay.
 */
export async function approveRefund(ctx: TransitionContext): Promise<Record<string, unknown>> {
  const order = await ctx.findById('orders', Number(ctx.record.orderId), { lock: true });
  if (!order) ctx.fail(409, 'The order of this refund no longer exists');
  // `expired`: money that came after the seats were sold again (late money) is refunded from there; `cancelled`: a
  // paid booking its traveller cancelled, refunded under its cancellation terms.
  if (![...REFUNDABLE, 'refunded', 'expired', 'cancelled'].includes(String(order.status)))
    ctx.fail(409, `An order in status ${String(order.status)} cannot be refunded`);
  const amount = Number(ctx.record.amount);
  const { paid, refunded } = await orderMoney(ctx, order.id);
  if (amount > paid - refunded) ctx.fail(409, 'The refund exceeds what is left of the payment');
  await ctx.insert('payments', {
    orderId: order.id,
    partnerId: order.partnerId,
    userId: order.userId,
    refundId: ctx.record.id,
    kind: 'refund',
    amount,
    currency: order.currency,
    method: order.paymentMethod ?? 'bank_transfer',
    reference: `RF-${ctx.record.id}`,
    status: 'completed',
  });
  // Money paid beyond the order's total (late money paid twice) is surplus: returning it leaves the order paid, with
  // its seats. Only a refund that reaches into the money behind the seats refunds the order.
  const surplus = SEATED.includes(String(order.status)) ? paid - refunded - Number(order.total) : 0;
  if (order.status !== 'refunded' && amount > surplus) {
    await releaseOrderSeats(ctx, order);
    await ctx.update('orders', order.id, { status: 'refunded' });
  }
  return { decidedAt: ctx.now.toISOString() };
}

/**
 * `GET /api/orders/{id}/refundable`: what a refund request on the order may still ask for — what was paid minus
 * refunds approved or pending, as `requestRefund` counts it — so the request's form starts there. To a customer who
 * may not ask now (the trip is ahead, has begun, or its window has passed), 0 and `refusal`: why, as a request would
 * be answered.
 */
export async function refundable(
  ctx: DataContext & { record?: Row },
): Promise<{ amount: number; currency: string; refusal?: string }> {
  const order = ctx.record!;
  const currency = String(order.currency);
  const refusal = ctx.principal.kind === 'user' ? await customerRefusal(ctx, order) : undefined;
  if (refusal) return { amount: 0, currency, refusal };
  const { paid, refunded, pendingRefunds } = await orderMoney(ctx, Number(order.id));
  return { amount: Math.max(0, paid - refunded - pendingRefunds), currency };
}
