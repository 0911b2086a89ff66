import type { DataContext, Row, TransitionContext } from '../src/core/resource';
import { toDay } from './shared/dates';
import { dayAround, dayIn, departureStart, platformTimeZone } from './shared/departure';
import { REFUSALS, refusal } from './shared/refusals';

/** Why a booking in this state cannot board; nothing when it may. */
const NOT_BOARDING: Readonly<Record<string, string>> = {
  pending_payment: REFUSALS.notPaid,
  cancelled: REFUSALS.wasCancelled,
  expired: REFUSALS.hasExpired,
  refunded: REFUSALS.wasRefunded,
  no_show: REFUSALS.wasNoShow,
};

/** A code as travellers and scanners write it: any case, spaces around. */
function codeOf(body: unknown, ctx: DataContext): string {
  const code = (body as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.trim()) ctx.fail(400, 'Invalid input', { code: 'This field is required' });
  return code.trim().toUpperCase();
}

/**
 * `POST /api/orders/-/check-in {code}`: the partner's own booking boards. The first check-in stamps `checkedInAt`
 * (audited as `check-in`, sent on the live stream); any later one answers the same order with that first time, so
 * a scan sent twice (a phone that queued it offline) changes nothing.
 */
export async function checkIn(ctx: DataContext & { body: unknown }): Promise<Row> {
  const code = codeOf(ctx.body, ctx);
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
  if (order.checkedInAt) return order;
  const why = NOT_BOARDING[String(order.status)];
  if (why) ctx.fail(409, why);
  const schedule = (await ctx.findById('schedules', Number(order.scheduleId)))!;
  const today = toDay(ctx.now);
  const opens = dayAround(schedule, -1);
  const closes = dayAround(schedule, 1);
  if (today < opens) ctx.fail(409, refusal('checkInNotYet', opens));
  if (today > closes) ctx.fail(409, refusal('checkInOver', closes));
  return ctx.update('orders', Number(order.id), { checkedInAt: ctx.now.toISOString() }, { action: 'check-in' });
}

/** no-show (guard): only once the departure has started, and never for a traveller who boarded. */
export async function canMarkNoShow(ctx: TransitionContext): Promise<void> {
  if (ctx.record.checkedInAt) ctx.fail(409, REFUSALS.alreadyCheckedIn);
  const schedule = await ctx.findById('schedules', Number(ctx.record.scheduleId));
  const timeZone = String((await ctx.settings('general')).timezone ?? '') || undefined;
  if (!schedule || ctx.now < departureStart(schedule, timeZone)) ctx.fail(409, REFUSALS.notStarted);
}

/** undo-no-show (guard): a no-show is taken back only on the platform's day it was marked. */
export async function canUndoNoShow(ctx: TransitionContext): Promise<void> {
  const timeZone = await platformTimeZone(ctx);
  const marked = ctx.record.noShowAt ? new Date(String(ctx.record.noShowAt)) : undefined;
  if (!marked || dayIn(marked, timeZone) !== dayIn(ctx.now, timeZone)) ctx.fail(409, REFUSALS.noShowUndoOver);
}
