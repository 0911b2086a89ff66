import { sql } from 'kysely';
import type { DataContext, HookContext, ResaleRequest, Row, TransitionContext } from '../src/core/resource';
import { DEFAULT_CANCELLATION_POLICY } from '../src/core/cancellation-terms';
import { ON_ACCOUNT, PAYMENT_METHODS } from './shared/payment-methods';
import { toDay } from './shared/dates';
import { dayIn, departureStart, platformTimeZone } from './shared/departure';
import { REFUSALS, refusal } from './shared/refusals';
import { ORDER_LINES, priceOn, typesOf } from './shared/ticket-types';
import { totalsOf } from '../src/core/inline-collection';

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

/** Paid and kept: the orders whose seats a departure's `seatsBooked` counts. */
export const SEATED = ['paid', 'confirmed', 'completed'];

export const TOO_MANY_HELD = REFUSALS.tooManyHeld;
export const UNVERIFIED = REFUSALS.confirmEmailFirst;

/**
 * Seats held by unpaid orders on a departure whose hold is still running at `now` (`orders.holds`): they count
 * against the departure beside `seatsBooked` (the seats paid for) until `holdExpiresAt`, and not an instant longer.
 */
export async function heldSeats(ctx: DataContext, scheduleId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select coalesce(sum(quantity), 0)::int as n from orders
    where "scheduleId" = ${scheduleId} and status = 'pending_payment' and "holdExpiresAt" > ${ctx.now}`.execute(
    ctx.trx,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Seats one customer holds in unpaid orders whose hold is still running. */
async function heldByCustomer(ctx: DataContext, userId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select coalesce(sum(quantity), 0)::int as n from orders
    where "userId" = ${userId} and status = 'pending_payment' and "holdExpiresAt" > ${ctx.now}`.execute(ctx.trx);
  return Number(rows[0]?.n ?? 0);
}

/** Seats still for sale on a departure (locked by the caller): capacity minus seats paid for and running holds. */
export async function seatsLeft(ctx: DataContext, schedule: Record<string, unknown>): Promise<number> {
  return Number(schedule.capacity) - Number(schedule.seatsBooked ?? 0) - (await heldSeats(ctx, Number(schedule.id)));
}

/** Only a customer who proved the address is theirs books (an account without the field predates verification). */
export function requireVerifiedEmail(ctx: DataContext, user: Record<string, unknown> | undefined): void {
  if (user && 'emailVerifiedAt' in user && !user.emailVerifiedAt) ctx.fail(403, UNVERIFIED);
}

/**
 * beforeCreate: the schedule row is locked first, so concurrent orders on one departure run one after the
 * other and the seat check always sees the holds the previous order took; then the customer's row, so two
 * bookings of one customer at once cannot both pass the cap on unpaid seats. The order holds its seats until
 * `holdExpiresAt`; `seatsBooked` takes them only when it is paid.
 */
export async function placeOrder(ctx: HookContext, values: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (ctx.principal.kind !== 'user') ctx.fail(403, REFUSALS.customersOnly);
  const userId = ctx.principal.id;
  const scheduleId = Number(values.scheduleId);
  const schedule = await ctx.findById('schedules', scheduleId, { lock: true });
  if (!schedule) ctx.fail(400, 'Invalid input', { scheduleId: 'The referenced record does not exist' });
  const user = await ctx.findById('users', userId, { lock: true });
  requireVerifiedEmail(ctx, user);
  const booked = await bookSeats(ctx, schedule, values, 0);
  const payments = await ctx.settings('payments');
  const maxHeld = Number(payments.maxHeldSeats ?? 10);
  if ((await heldByCustomer(ctx, userId)) + Number(booked.quantity) > maxHeld) ctx.fail(409, TOO_MANY_HELD);
  const holdMinutes = Number(payments.holdMinutes ?? 30);
  return {
    ...booked,
    userId,
    holdExpiresAt: new Date(ctx.now.getTime() + holdMinutes * 60_000).toISOString(),
    contactName: values.contactName ?? user?.fullName ?? null,
    contactEmail: values.contactEmail ?? user?.email ?? null,
    contactPhone: values.contactPhone ?? user?.phone ?? null,
  };
}

/**
 * A reseller's booking (SPEC §19, the `resale` of services): the same seat check as a customer's, under the same
 * departure lock, holding its seats until the reseller's `expirationMinutes` (else the platform's hold). With
 * `booking` (an on-hold booking being changed), that booking's own running hold does not count against the seats.
 */
export async function reserveForReseller(ctx: DataContext, request: ResaleRequest): Promise<Record<string, unknown>> {
  const schedule = await ctx.findById('schedules', request.departureId, { lock: true });
  if (!schedule) ctx.fail(400, 'Invalid input', { scheduleId: 'The referenced record does not exist' });
  const own = request.booking;
  const ownHold =
    own &&
    own.status === 'pending_payment' &&
    Number(own.scheduleId) === Number(schedule.id) &&
    new Date(String(own.holdExpiresAt)) > ctx.now
      ? Number(own.quantity ?? 0)
      : 0;
  const values = { lines: request.lines.map((line) => ({ ticketType: line.unit, quantity: line.quantity })) };
  const booked = await bookSeats(ctx, schedule, values, ownHold);
  const holdMinutes = request.holdMinutes ?? Number((await ctx.settings('payments')).holdMinutes ?? 30);
  return {
    ...booked,
    scheduleId: schedule.id,
    ...(!own && { bookingUuid: request.uuid }),
    resellerId: request.resellerId,
    resellerReference: request.resellerReference,
    holdExpiresAt: new Date(ctx.now.getTime() + holdMinutes * 60_000).toISOString(),
    contactName: request.contact.name ?? null,
    contactEmail: request.contact.email ?? null,
    contactPhone: request.contact.phone ?? null,
    note: request.contact.notes ?? null,
  };
}

/**
 * The seats of a booking on a departure locked by the caller: open, not left, its service and partner bookable,
 * its lines priced, and no more seats than are left (`ownHold`: seats of the booking being changed, counted as
 * free). The values every booking has, whoever holds it.
 */
async function bookSeats(
  ctx: DataContext,
  schedule: Row,
  values: Record<string, unknown>,
  ownHold: number,
): Promise<Record<string, unknown>> {
  if (schedule.status !== 'open') ctx.fail(409, REFUSALS.departureNotOpen);
  if (toDay(schedule.startDate) <= dayIn(ctx.now, await platformTimeZone(ctx))) ctx.fail(409, REFUSALS.departureLeft);
  const service = await ctx.findById('services', Number(schedule.serviceId));
  const partner = await ctx.findById('partners', Number(schedule.partnerId));
  if (!service || !partner || service.status !== 'approved' || partner.status !== 'approved')
    ctx.fail(409, REFUSALS.serviceNotBookable);
  const lines = priceLines(ctx, values, schedule, service);
  const { quantity, total } = totalsOf(ORDER_LINES, lines);
  const left = (await seatsLeft(ctx, schedule)) + ownHold;
  if (quantity > left)
    ctx.fail(409, REFUSALS.notEnoughSeats, {
      quantity: left > 0 ? refusal('seatsLeft', left) : REFUSALS.soldOut,
    });
  const payments = await ctx.settings('payments');

  const unitPrice = Number(lines[0].unitPrice);
  const commissionSettings = await ctx.settings('commission');
  const rate = Number(partner.commissionRate ?? commissionSettings.defaultRate ?? 10);
  return {
    code: orderCode(),
    partnerId: partner.id,
    serviceId: service.id,
    departureDate: toDay(schedule.startDate),
    departureTime: schedule.startTime ?? null,
    meetingPoint: hasText(schedule.meetingPoint) ? schedule.meetingPoint : (service.meetingPoint ?? null),
    // The terms as booked: a later change of the service's policy does not move an existing booking's.
    cancellationPolicy: Array.isArray(service.cancellationPolicy)
      ? service.cancellationPolicy
      : Array.isArray(payments.cancellationPolicy)
        ? payments.cancellationPolicy
        : DEFAULT_CANCELLATION_POLICY,
    lines,
    quantity,
    unitPrice,
    total,
    commissionRate: rate,
    commission: commissionOf(total, rate),
    currency: schedule.currency ?? service.currency ?? 'LAK',
  };
}

/** Seats on one order: its lines' sum may not pass what one booking asks for at most. */
const MAX_SEATS = 50;

/**
 * The order's lines, priced on this departure: `lines` as sent (each a known ticket type of the service, once), or
 * `quantity` alone as that many of the default type. Each line's unitPrice is fixed here, for good.
 */
function priceLines(
  ctx: DataContext,
  values: Record<string, unknown>,
  schedule: Record<string, unknown>,
  service: Record<string, unknown>,
): Record<string, unknown>[] {
  const types = typesOf(service);
  const sent = Array.isArray(values.lines) && values.lines.length ? (values.lines as Record<string, unknown>[]) : null;
  const asked = sent ?? [{ ticketType: types[0].code, quantity: values.quantity ?? 1 }];
  const lines = asked.map((line) => {
    const index = types.findIndex((type) => type.code === line.ticketType);
    if (index < 0) ctx.fail(400, 'Invalid input', { lines: `Unknown ticket type ${String(line.ticketType)}` });
    const type = types[index];
    return {
      ticketType: type.code,
      quantity: Number(line.quantity),
      unitPrice: priceOn(schedule, type, index === 0),
      ...(type.name && { name: type.name }),
    };
  });
  const seats = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (sent && values.quantity != null && Number(values.quantity) !== seats)
    ctx.fail(400, 'Invalid input', { quantity: `The lines add up to ${seats} seats` });
  if (seats > MAX_SEATS) ctx.fail(400, 'Invalid input', { lines: `The value must be at most ${MAX_SEATS}` });
  return lines;
}

/**
 * Gives a paid order's seats back to its schedule (locked, like placeOrder). An order that never had its seats
 * counted (unpaid, or paid too late to get them) gives nothing back.
 */
export async function releaseOrderSeats(ctx: DataContext, order: Record<string, unknown>): Promise<void> {
  if (!SEATED.includes(String(order.status))) return;
  const schedule = await ctx.findById('schedules', Number(order.scheduleId), { lock: true });
  if (!schedule) return;
  const seats = Math.max(0, Number(schedule.seatsBooked ?? 0) - Number(order.quantity ?? 0));
  await ctx.update('schedules', Number(schedule.id), { seatsBooked: seats });
}

/**
 * pay (guard): takes the schedule lock before the order row changes, in the order placeOrder takes them (schedule,
 * then the new order and its daily summary row). Locking it only in the effect, after the status update, makes a
 * payment and a booking on one departure wait on each other crosswise (a deadlock).
 */
export async function lockSchedule(ctx: TransitionContext): Promise<void> {
  await ctx.findById('schedules', Number(ctx.record.scheduleId), { lock: true });
}

/** expire: only once the hold has ended (the worker finds them so; anyone else running it early is refused). */
export function holdHasEnded(ctx: TransitionContext): void {
  const ends = ctx.record.holdExpiresAt ? new Date(String(ctx.record.holdExpiresAt)) : undefined;
  if (ends && ends > ctx.now) ctx.fail(409, 'This booking is still held');
}

export const LATE_NO_SEATS = 'Paid after its seats were sold again: the payment is refunded';

/**
 * pay: the ledger gets a `charge` for the order's total, and the order its seats. While the hold runs the seats
 * are the order's own. Money that comes after the hold ended (the order `expired`, or not yet marked so) takes
 * the seats again if the departure is still open and has them; otherwise the money is still recorded, a refund
 * request for all of it opens in finance's queue, and the order stays (or becomes) `expired` with that reason.
 * Finance by hand chooses among the enabled methods; the system (a matched statement line or gateway event)
 * brings its own method, reference and evidence (`incomingPaymentId`).
 */
export async function writeCharge(ctx: TransitionContext): Promise<Record<string, unknown>> {
  const payments = await ctx.settings('payments');
  const system = ctx.principal.kind === 'system';
  // A reseller's booking confirmed (SPEC §19): paid on the reseller's account, the reseller its evidence.
  const reseller = system && ctx.input.resellerId != null ? Number(ctx.input.resellerId) : undefined;
  const enabled = Array.isArray(payments.methods) ? (payments.methods as string[]) : [...PAYMENT_METHODS];
  const allowed: readonly string[] = reseller ? [ON_ACCOUNT] : system ? PAYMENT_METHODS : enabled;
  const method = String(ctx.input.paymentMethod ?? allowed[0] ?? 'bank_transfer');
  if (!allowed.includes(method))
    ctx.fail(400, 'Invalid input', { paymentMethod: 'Please choose one of the allowed values' });
  const reference = typeof ctx.input.reference === 'string' && ctx.input.reference ? ctx.input.reference : null;
  const order = ctx.record;
  const schedule = await ctx.findById('schedules', Number(order.scheduleId), { lock: true });
  const holdRuns = order.holdExpiresAt != null && new Date(String(order.holdExpiresAt)) > ctx.now;
  const quantity = Number(order.quantity ?? 0);
  const seated =
    !!schedule &&
    (holdRuns ||
      (schedule.status === 'open' &&
        toDay(schedule.startDate) > dayIn(ctx.now, await platformTimeZone(ctx)) &&
        (await seatsLeft(ctx, schedule)) >= quantity));
  // A reseller confirms only while its hold runs: it is told the booking expired, and nothing is charged.
  if (reseller && !seated) ctx.fail(409, REFUSALS.hasExpired);
  await ctx.insert('payments', {
    // The evidence behind the charge (SPEC §11): the finance admin who recorded it by hand (the system's
    // matched incoming payment is `incomingPaymentId`, below).
    recordedById: ctx.principal.kind === 'admin' ? ctx.principal.id : null,
    orderId: order.id,
    partnerId: order.partnerId,
    userId: order.userId,
    kind: 'charge',
    amount: order.total,
    currency: order.currency,
    method,
    reference: reference ?? `PAY-${order.code}`,
    status: 'completed',
    ...(system && ctx.input.incomingPaymentId != null && { incomingPaymentId: ctx.input.incomingPaymentId }),
    ...(reseller && { resellerId: reseller }),
  });
  const paid = { paidAt: ctx.now.toISOString(), paymentMethod: method };
  if (seated) {
    await ctx.update('schedules', Number(schedule.id), { seatsBooked: Number(schedule.seatsBooked ?? 0) + quantity });
    // Seated on the departure as it is now (SPEC §21): once its hold had ended the departure held no seats of this
    // order and could be moved, so late money takes its date and time, and a move since the booking gives the
    // traveller what a reschedule gives (a full refund on cancelling until it leaves); the paid mail states them.
    const moved = departureMoved(order, schedule, ctx.now);
    const seatedPaid = { ...paid, ...moved };
    // An earlier late payment's reason no longer describes a paid order (its refund request stays for finance).
    return order.reason === LATE_NO_SEATS ? { ...seatedPaid, reason: null } : seatedPaid;
  }
  await ctx.insert('refunds', {
    orderId: order.id,
    userId: order.userId,
    partnerId: order.partnerId,
    amount: order.total,
    currency: order.currency,
    reason: LATE_NO_SEATS,
    // Money that found no seats comes back through finance's own queue.
    source: 'finance',
    status: 'pending',
  });
  return { ...paid, status: 'expired', reason: LATE_NO_SEATS };
}

/** complete: only once the departure the order holds has started, on the platform's clock. */
export async function canComplete(ctx: TransitionContext): Promise<void> {
  const schedule = await ctx.findById('schedules', Number(ctx.record.scheduleId));
  const departure = schedule ?? { startDate: ctx.record.departureDate, startTime: ctx.record.departureTime };
  if (ctx.now < departureStart(departure, await platformTimeZone(ctx))) ctx.fail(409, REFUSALS.notStarted);
}

/**
 * What an order takes of its departure when the departure no longer leaves when the order says (moved while no seat
 * of the order was held): its date and time, and when it was found moved. Nothing when they agree.
 */
function departureMoved(order: Row, schedule: Row, now: Date): Record<string, unknown> {
  const departureDate = toDay(schedule.startDate);
  const departureTime = schedule.startTime ?? null;
  if (departureDate === toDay(order.departureDate) && String(departureTime) === String(order.departureTime ?? null))
    return {};
  return { departureDate, departureTime, rescheduledAt: now.toISOString() };
}

/** reschedule (of the booking): it takes its departure's new date and time. */
export async function followDeparture(ctx: TransitionContext): Promise<Record<string, unknown>> {
  const schedule = (await ctx.findById('schedules', Number(ctx.record.scheduleId)))!;
  return {
    departureDate: toDay(schedule.startDate),
    departureTime: schedule.startTime ?? null,
    rescheduledAt: ctx.now.toISOString(),
  };
}

/** A localized value with at least one language filled. */
const hasText = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).some((text) => typeof text === 'string' && text.trim() !== '');
