import { pickLocalized, type Locale, type LocalizedText } from '../src/core/locales';
import type { DataContext, Row, TransitionContext } from '../src/core/resource';
import { reviewerNameOf } from './reviews.effects';
import { toDay } from './shared/dates';
import { dayAround, dayIn, departureStart, platformTimeZone } from './shared/departure';
import { REFUSALS, refusal } from './shared/refusals';

/**
 * Why a booking in this state cannot board; nothing when it may. Only a paid or confirmed booking holds a valid
 * ticket, whatever happened to it before (a traveller who boarded and then had the booking refunded).
 */
const NOT_BOARDING: Readonly<Record<string, string>> = {
  pending_payment: REFUSALS.notPaid,
  cancelled: REFUSALS.wasCancelled,
  expired: REFUSALS.hasExpired,
  refunded: REFUSALS.wasRefunded,
  no_show: REFUSALS.wasNoShow,
  completed: REFUSALS.wasCompleted,
};

/** What the gate reads of a scan: a code as travellers and scanners write it, and the departure picked. */
function scanOf(body: unknown, ctx: DataContext): { code: string; scheduleId?: number } {
  const { code, scheduleId } = (body ?? {}) as { code?: unknown; scheduleId?: unknown };
  if (typeof code !== 'string' || !code.trim()) ctx.fail(400, 'Invalid input', { code: 'This field is required' });
  if (scheduleId == null || scheduleId === '') return { code: code.trim().toUpperCase() };
  const id = Number(scheduleId);
  if (!Number.isSafeInteger(id) || id <= 0)
    ctx.fail(400, 'Invalid input', { scheduleId: 'This field can only contain integer values' });
  return { code: code.trim().toUpperCase(), scheduleId: id };
}

/** The seats of a booking by ticket type, as the gate names them ("2 Adults, 1 Child" in the reader's words). */
function seatsOf(order: Row): { ticketType: string; name?: unknown; quantity: number }[] {
  const lines = Array.isArray(order.lines) ? (order.lines as Record<string, unknown>[]) : [];
  return lines.map((line) => ({
    ticketType: String(line.ticketType),
    ...(line.name != null && { name: line.name }),
    quantity: Number(line.quantity),
  }));
}

/** The scan's answer: the booking, whether it had boarded before, and who and how many it is for. */
function scanned(order: Row, alreadyCheckedIn: boolean): Row {
  return { ...order, alreadyCheckedIn, traveller: reviewerNameOf(order.contactName), seats: seatsOf(order) };
}

/**
 * `POST /api/orders/-/check-in {code, scheduleId?}`: the partner's own booking boards. Only a paid or confirmed
 * booking's ticket is valid (409 with why otherwise, even if it boarded before); with `scheduleId` (the departure
 * the scan screen has picked) a ticket of another departure is refused, naming the one it is for. The first
 * check-in stamps `checkedInAt` (audited as `check-in`, sent on the live stream); a later one answers the booking
 * with that first time and `alreadyCheckedIn`, changing nothing, so the screen tells a ticket shown twice apart.
 */
export async function checkIn(ctx: DataContext & { body: unknown; locale: Locale }): Promise<Row> {
  const { code, scheduleId } = scanOf(ctx.body, ctx);
  // A partner checks in its own bookings only; a super_admin (granted everything) any.
  const partnerId = ctx.principal.kind === 'partner' ? ctx.principal.id : undefined;
  const found = await ctx.trx
    .selectFrom('orders')
    .select('id')
    .where('code', '=', code)
    .$if(partnerId !== undefined, (query) => query.where('partnerId', '=', partnerId!))
    .executeTakeFirst();
  if (!found) ctx.fail(404, REFUSALS.noSuchBooking);
  const order = (await ctx.findById('orders', Number(found.id), { lock: true }))!;
  const why = NOT_BOARDING[String(order.status)];
  if (why) ctx.fail(409, why);
  const schedule = (await ctx.findById('schedules', Number(order.scheduleId)))!;
  if (scheduleId !== undefined && scheduleId !== Number(order.scheduleId)) {
    const service = await ctx.findById('services', Number(order.serviceId));
    const title =
      pickLocalized(service?.title as LocalizedText | undefined, ctx.locale) || `#${String(order.serviceId)}`;
    ctx.fail(409, refusal('otherDeparture', title, toDay(schedule.startDate), String(schedule.startTime ?? '')));
  }
  if (order.checkedInAt) return scanned(order, true);
  const today = dayIn(ctx.now, await platformTimeZone(ctx));
  const opens = dayAround(schedule, -1);
  const closes = dayAround(schedule, 1);
  if (today < opens) ctx.fail(409, refusal('checkInNotYet', opens));
  if (today > closes) ctx.fail(409, refusal('checkInOver', closes));
  const boarded = await ctx.update(
    'orders',
    Number(order.id),
    { checkedInAt: ctx.now.toISOString() },
    { action: 'check-in' },
  );
  return scanned(boarded, false);
}

/** no-show (guard): only once the departure has started, and never for a traveller who boarded. */
export async function canMarkNoShow(ctx: TransitionContext): Promise<void> {
  if (ctx.record.checkedInAt) ctx.fail(409, REFUSALS.alreadyCheckedIn);
  const schedule = await ctx.findById('schedules', Number(ctx.record.scheduleId));
  if (!schedule || ctx.now < departureStart(schedule, await platformTimeZone(ctx))) ctx.fail(409, REFUSALS.notStarted);
}

/** undo-no-show (guard): a no-show is taken back only on the platform's day it was marked. */
export async function canUndoNoShow(ctx: TransitionContext): Promise<void> {
  const timeZone = await platformTimeZone(ctx);
  const marked = ctx.record.noShowAt ? new Date(String(ctx.record.noShowAt)) : undefined;
  if (!marked || dayIn(marked, timeZone) !== dayIn(ctx.now, timeZone)) ctx.fail(409, REFUSALS.noShowUndoOver);
}
