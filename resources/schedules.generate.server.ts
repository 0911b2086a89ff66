import type { DataContext } from '../src/core/resource';
import { formatEnglish, INVALID_INPUT } from '../src/core/messages';
import { refusal } from './shared/refusals';
import { toDay } from './shared/dates';
import { dayIn, platformTimeZone } from './shared/departure';

/** SPEC §14: a rule spans at most this many days after its first… */
const MAX_DAYS = 366;
/** …and creates at most this many departures, so one request stays one short transaction. */
const MAX_DEPARTURES = 1000;
/** The schedules' own capacity ceiling (resources/schedules.ts). */
const MAX_CAPACITY = 1000;
/** A departure may last a month at most: longer is not a tour the rule was made for. */
const MAX_END_OFFSET = 31;
/** A departure is only generated for a service the partner still sells or is having reviewed. */
const SELLABLE = ['approved', 'pending'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const KNOWN = ['serviceId', 'from', 'to', 'weekdays', 'times', 'capacity', 'endOffsetDays'];

export interface Rule {
  serviceId: number;
  from: string;
  to: string;
  weekdays: number[];
  times: string[];
  capacity: number;
  endOffsetDays: number;
}

export interface Departure {
  startDate: string;
  startTime: string;
}

/** The last day a departure may end on: the database's dates are written with four-digit years. */
const LAST_DAY = Date.parse('9999-12-31T00:00:00Z');

/**
 * A calendar day as UTC midnight (day arithmetic then never meets a daylight-saving shift), from year 1 (the
 * database has no year 0) to 9999.
 */
function dayOf(text: string): Date | undefined {
  if (!DAY.test(text) || text.startsWith('0000')) return undefined;
  const day = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text ? undefined : day;
}

function plusDays(day: Date, days: number): Date {
  return new Date(day.getTime() + days * 86_400_000);
}

function whole(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

/** The rule of the body, or a 400 naming each field that is wrong (every one at once, so a form shows them all). */
export async function readRule(ctx: DataContext, raw: unknown): Promise<Rule> {
  const body = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  for (const name of Object.keys(body))
    if (!KNOWN.includes(name)) errors[name] = formatEnglish({ key: 'unknownField' });
  const required = formatEnglish({ key: 'required' });

  const serviceId = whole(body.serviceId);
  if (body.serviceId == null || body.serviceId === '') errors.serviceId = required;
  else if (serviceId === undefined || serviceId < 1) errors.serviceId = formatEnglish({ key: 'notFound' });

  const fromText = typeof body.from === 'string' ? body.from : '';
  const from = dayOf(fromText);
  const to = typeof body.to === 'string' ? dayOf(body.to) : undefined;
  if (body.from == null || body.from === '') errors.from = required;
  else if (!from) errors.from = refusal('ruleDate');
  // As for one departure (prepareSchedule): a partner adds no departure for today or the past.
  else if (ctx.principal.kind === 'partner' && fromText <= dayIn(ctx.now, await platformTimeZone(ctx)))
    errors.from = refusal('ruleFuture');
  if (body.to == null || body.to === '') errors.to = required;
  else if (!to) errors.to = refusal('ruleDate');
  else if (from && to < from) errors.to = formatEnglish({ key: 'endBeforeStart' });
  else if (from && to.getTime() - from.getTime() > MAX_DAYS * 86_400_000) errors.to = refusal('ruleTooLong', MAX_DAYS);

  const weekdays = Array.isArray(body.weekdays) ? body.weekdays : undefined;
  if (!weekdays?.length) errors.weekdays = formatEnglish({ key: 'chooseOne' });
  else if (weekdays.some((day) => (whole(day) ?? 0) < 1 || (whole(day) ?? 8) > 7))
    errors.weekdays = refusal('ruleWeekday');

  const times = Array.isArray(body.times) ? body.times : undefined;
  if (!times?.length) errors.times = formatEnglish({ key: 'chooseOne' });
  else if (times.some((time) => typeof time !== 'string' || !TIME.test(time))) errors.times = refusal('ruleTime');

  const capacity = whole(body.capacity);
  if (body.capacity == null || body.capacity === '') errors.capacity = required;
  else if (capacity === undefined) errors.capacity = formatEnglish({ key: 'integer' });
  else if (capacity < 1) errors.capacity = formatEnglish({ key: 'minValue', args: { 0: 1 } });
  else if (capacity > MAX_CAPACITY) errors.capacity = formatEnglish({ key: 'maxValue', args: { 0: MAX_CAPACITY } });

  const endOffsetDays = body.endOffsetDays == null ? 0 : whole(body.endOffsetDays);
  if (endOffsetDays === undefined) errors.endOffsetDays = formatEnglish({ key: 'integer' });
  else if (endOffsetDays < 0) errors.endOffsetDays = formatEnglish({ key: 'minValue', args: { 0: 0 } });
  else if (endOffsetDays > MAX_END_OFFSET)
    errors.endOffsetDays = formatEnglish({ key: 'maxValue', args: { 0: MAX_END_OFFSET } });

  // What the preview promises, the generation writes: no departure may end past the last day the database holds.
  if (to && endOffsetDays !== undefined && !errors.to && plusDays(to, endOffsetDays).getTime() > LAST_DAY)
    errors.to = refusal('ruleDate');

  if (Object.keys(errors).length) ctx.fail(400, INVALID_INPUT, errors);
  return {
    serviceId: serviceId!,
    from: fromText,
    to: body.to as string,
    weekdays: [...new Set(weekdays as number[])].sort((a, b) => a - b),
    times: [...new Set(times as string[])].sort(),
    capacity: capacity!,
    endOffsetDays: endOffsetDays!,
  };
}

/** Every departure the rule asks for, day by day and in time order within a day. */
export function departuresOf(rule: Rule): Departure[] {
  const out: Departure[] = [];
  const last = dayOf(rule.to)!;
  for (let day = dayOf(rule.from)!; day <= last; day = plusDays(day, 1)) {
    // getUTCDay: Sunday = 0; ISO counts Monday = 1 … Sunday = 7.
    if (!rule.weekdays.includes(day.getUTCDay() || 7)) continue;
    const startDate = day.toISOString().slice(0, 10);
    for (const startTime of rule.times) out.push({ startDate, startTime });
  }
  return out;
}

interface Plan {
  rule: Rule;
  fresh: Departure[];
  skipped: number;
  partnerId: number;
  currency: string;
}

/**
 * The rule checked against the caller's service, and which of its departures are new. The service row is locked,
 * so two rules for one service run one after the other and never both add the same day and time.
 */
async function plan(ctx: DataContext, raw: unknown): Promise<Plan> {
  const rule = await readRule(ctx, raw);
  const all = departuresOf(rule);
  if (all.length > MAX_DEPARTURES)
    ctx.fail(400, INVALID_INPUT, { to: refusal('ruleTooMany', MAX_DEPARTURES, all.length) });
  const service = await ctx.findById('services', rule.serviceId, { lock: true });
  // Another partner's service is not there for this one (the scope's 404), as on every partner route.
  // Another partner's service is not there for this one (the scope's 404), as on every partner route; an admin the
  // endpoint grants (super_admin, who may also add one departure) works on any partner's service, like prepareSchedule.
  const partner = ctx.principal.kind === 'partner' ? ctx.principal.id : undefined;
  if (!service || (partner !== undefined && Number(service.partnerId) !== partner)) ctx.fail(404, 'Not found');
  if (!SELLABLE.includes(String(service.status))) ctx.fail(409, 'This service cannot get new departures');
  // A cancelled departure does not run, so its day and time may be sold again.
  const existing = await ctx.trx
    .selectFrom('schedules')
    .select(['startDate', 'startTime'])
    .where('serviceId', '=', rule.serviceId)
    .where('startDate', '>=', rule.from)
    .where('startDate', '<=', rule.to)
    .where('status', '!=', 'cancelled')
    .execute();
  const taken = new Set(existing.map((row) => `${toDay(row.startDate)} ${row.startTime}`));
  const fresh = all.filter((departure) => !taken.has(`${departure.startDate} ${departure.startTime}`));
  return {
    rule,
    fresh,
    skipped: all.length - fresh.length,
    partnerId: Number(service.partnerId),
    currency: String(service.currency ?? 'LAK'),
  };
}

/** `POST /api/schedules/-/generate-preview`: what the rule would create and skip, creating nothing. */
export async function previewDepartures(ctx: DataContext & { body: unknown }) {
  const { fresh, skipped } = await plan(ctx, ctx.body);
  return { created: fresh.length, skipped, departures: fresh };
}

/** `POST /api/schedules/-/generate`: the rule's new departures, all in the request's one transaction. */
export async function generateDepartures(ctx: DataContext & { body: unknown }) {
  const { rule, fresh, skipped, partnerId, currency } = await plan(ctx, ctx.body);
  await ctx.insertMany(
    'schedules',
    fresh.map(({ startDate, startTime }) => ({
      serviceId: rule.serviceId,
      partnerId,
      currency,
      startDate,
      startTime,
      endDate: plusDays(dayOf(startDate)!, rule.endOffsetDays).toISOString().slice(0, 10),
      capacity: rule.capacity,
      seatsBooked: 0,
    })),
  );
  return { created: fresh.length, skipped };
}
