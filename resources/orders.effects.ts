import { sql } from 'kysely';
import type { DataContext, HookContext, TransitionContext } from '../src/core/resource';
import { PAYMENT_METHODS } from './shared/payment-methods';
import { toDay } from './shared/dates';

const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** Every order code is this prefix, a hyphen and ORDER_CODE_LENGTH letters and digits. */
export const ORDER_CODE_PREFIX = 'LT';
export const ORDER_CODE_LENGTH = 8;

/** A short booking code customers can read out on the phone, e.g. `LT-7KQ2M9XD`. */
export function orderCode(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(ORDER_CODE_LENGTH));
  return `${ORDER_CODE_PREFIX}-${[...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('')}`;
}

/** Commission in minor units; rounded half up so the platform and the partner agree on every order. */
export function commissionOf(total: number, ratePercent: number): number {
  return Math.round((total * ratePercent) / 100);
}

export interface OrderMoney {
  /** Completed `charge` payments. */
  paid: number;
  /** Completed `refund` payments. */
  refunded: number;
  /** Refund requests still waiting for a decision (they reserve their amount). */
  pendingRefunds: number;
}

export async function orderMoney(ctx: DataContext, orderId: number): Promise<OrderMoney> {
  const { rows } = await sql<OrderMoney>`
    select
      (select coalesce(sum(amount), 0)::float8 from payments
        where "orderId" = ${orderId} and kind = 'charge' and status = 'completed') as paid,
      (select coalesce(sum(amount), 0)::float8 from payments
        where "orderId" = ${orderId} and kind = 'refund' and status = 'completed') as refunded,
      (select coalesce(sum(amount), 0)::float8 from refunds
        where "orderId" = ${orderId} and status = 'pending') as "pendingRefunds"`.execute(ctx.trx);
  const row = rows[0];
  return {
    paid: Number(row?.paid ?? 0),
    refunded: Number(row?.refunded ?? 0),
    pendingRefunds: Number(row?.pendingRefunds ?? 0),
  };
}

/**
 * beforeCreate: the schedule row is locked first, so concurrent orders on one departure run one after the
 * other and the seat check always sees the seats the previous order took.
 */
export async function placeOrder(ctx: HookContext, values: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (ctx.principal.kind !== 'user') ctx.fail(403, 'Only customers place orders');
  const userId = ctx.principal.id;
  const scheduleId = Number(values.scheduleId);
  const quantity = Number(values.quantity ?? 1);
  const schedule = await ctx.findById('schedules', scheduleId, { lock: true });
  if (!schedule) ctx.fail(400, 'Invalid input', { scheduleId: 'The referenced record does not exist' });
  if (schedule.status !== 'open') ctx.fail(409, 'This departure is not open for booking');
  if (toDay(schedule.startDate) <= toDay(ctx.now)) ctx.fail(409, 'This departure has already left');
  const service = await ctx.findById('services', Number(schedule.serviceId));
  const partner = await ctx.findById('partners', Number(schedule.partnerId));
  if (!service || !partner || service.status !== 'approved' || partner.status !== 'approved')
    ctx.fail(409, 'This service cannot be booked at the moment');
  const left = Number(schedule.capacity) - Number(schedule.seatsBooked ?? 0);
  if (quantity > left)
    ctx.fail(409, 'Not enough seats left', {
      quantity: left > 0 ? `Only ${left} seats left` : 'This departure is sold out',
    });
  await ctx.update('schedules', scheduleId, { seatsBooked: Number(schedule.seatsBooked ?? 0) + quantity });

  const unitPrice = Number(schedule.priceOverride ?? service.price);
  const total = unitPrice * quantity;
  const commissionSettings = await ctx.settings('commission');
  const rate = Number(partner.commissionRate ?? commissionSettings.defaultRate ?? 10);
  const user = await ctx.findById('users', userId);
  return {
    code: orderCode(),
    userId,
    partnerId: partner.id,
    serviceId: service.id,
    departureDate: toDay(schedule.startDate),
    unitPrice,
    total,
    commissionRate: rate,
    commission: commissionOf(total, rate),
    currency: schedule.currency ?? service.currency ?? 'LAK',
    contactName: values.contactName ?? user?.fullName ?? null,
    contactEmail: values.contactEmail ?? user?.email ?? null,
    contactPhone: values.contactPhone ?? user?.phone ?? null,
  };
}

/** Gives an order's seats back to its schedule (locked, like placeOrder). */
export async function releaseOrderSeats(ctx: DataContext, order: Record<string, unknown>): Promise<void> {
  const schedule = await ctx.findById('schedules', Number(order.scheduleId), { lock: true });
  if (!schedule) return;
  const seats = Math.max(0, Number(schedule.seatsBooked ?? 0) - Number(order.quantity ?? 0));
  await ctx.update('schedules', Number(schedule.id), { seatsBooked: seats });
}

/**
 * cancel (guard): takes the schedule lock before the order row changes, in the order placeOrder takes them
 * (schedule, then the new order and its daily summary row). Locking it only in the effect, after the status
 * update, made a cancel and a booking on one departure wait on each other crosswise (a deadlock, then a 409).
 */
export async function lockSchedule(ctx: TransitionContext): Promise<void> {
  await ctx.findById('schedules', Number(ctx.record.scheduleId), { lock: true });
}

export async function releaseSeats(ctx: TransitionContext): Promise<Record<string, unknown>> {
  await releaseOrderSeats(ctx, ctx.record);
  return { cancelledAt: ctx.now.toISOString() };
}

/** pay: the ledger gets a `charge` for the order's total. */
export async function writeCharge(ctx: TransitionContext): Promise<Record<string, unknown>> {
  const payments = await ctx.settings('payments');
  const enabled = Array.isArray(payments.methods) ? (payments.methods as string[]) : [...PAYMENT_METHODS];
  const method = String(ctx.input.paymentMethod ?? enabled[0] ?? 'bcel_onepay');
  if (!enabled.includes(method))
    ctx.fail(400, 'Invalid input', { paymentMethod: 'Please choose one of the allowed values' });
  const reference = typeof ctx.input.reference === 'string' && ctx.input.reference ? ctx.input.reference : null;
  // The evidence behind the charge (SPEC §11): the incoming payment the system matched, or the finance admin
  // who recorded it by hand. Only the system names an incoming payment.
  const incomingPaymentId =
    ctx.principal.kind === 'system' && Number(ctx.input.incomingPaymentId) > 0
      ? Number(ctx.input.incomingPaymentId)
      : null;
  await ctx.insert('payments', {
    incomingPaymentId,
    recordedById: ctx.principal.kind === 'admin' ? ctx.principal.id : null,
    orderId: ctx.record.id,
    partnerId: ctx.record.partnerId,
    userId: ctx.record.userId,
    kind: 'charge',
    amount: ctx.record.total,
    currency: ctx.record.currency,
    method,
    reference: reference ?? `PAY-${ctx.record.code}`,
    status: 'completed',
  });
  return { paidAt: ctx.now.toISOString(), paymentMethod: method };
}

/** complete: only once the departure has started. */
export async function canComplete(ctx: TransitionContext): Promise<void> {
  const schedule = await ctx.findById('schedules', Number(ctx.record.scheduleId));
  const start = toDay(schedule?.startDate ?? ctx.record.departureDate);
  if (toDay(ctx.now) < start) ctx.fail(409, `This order can be completed from ${start}, the departure date`);
}
