import { sql, type Kysely } from 'kysely';
import type { AnyResource, Resale, Row } from '../../core/resource';
import { pickLocalized, type LocalizedText } from '../../core/locales';
import { addDays, dayIn, toDay, wallClockInstant } from '../../core/zoned-time';
import { publicWhereSql } from '../engine/scope';
import { statusField } from '../../core/resource';
import { toRecord, type Registry } from '../engine/registry';
import { OctoError, badRequest } from './octo-errors';

/** The one option every product has (SPEC §19). */
export const OPTION_ID = 'DEFAULT';
/** OCTO's unit types; a ticket type whose code is none of them is OTHER. */
const UNIT_TYPES = ['ADULT', 'YOUTH', 'CHILD', 'INFANT', 'FAMILY', 'SENIOR', 'STUDENT', 'MILITARY', 'OTHER'];
/** At most this share of a departure's seats left: LIMITED. */
const LIMITED_SHARE = 0.25;
/** The longest range one availability request reads. */
export const MAX_RANGE_DAYS = 366;

/** The catalog a reseller reads: one offered resource (`resale`) and what it needs to answer. */
export interface Catalog {
  product: AnyResource;
  resale: Resale;
  departures: AnyResource;
  registry: Registry;
  timeZone: string;
}

/** The resource the configs offer through OCTO; none when no config declares `resale`. */
export function offeredResource(resources: readonly AnyResource[]): AnyResource | undefined {
  return resources.find((resource) => resource.resale);
}

/** `YYYY-MM-DD` that is a real day. */
export function isDay(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && toDay(addDays(value, 0)) === value;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** `+07:00` for the zone's offset at `instant`. */
function offsetText(instant: Date, timeZone: string): string {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const name = parts.find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
  return match ? `${match[1]}:${match[2] ?? '00'}` : '+00:00';
}

/**
 * Wall-clock answers remembered: a zone's instants and offsets are the same every time they are asked, and working
 * them out (Intl formatters) costs more than the query of a month of departures. Cleared when large.
 */
const remembered = new Map<string, string>();
function remember(key: string, work: () => string): string {
  let value = remembered.get(key);
  if (value === undefined) {
    if (remembered.size > 100_000) remembered.clear();
    value = work();
    remembered.set(key, value);
  }
  return value;
}

/** A local date-time with the zone's offset (`2026-12-23T08:00:00+07:00`): an availability's id and start. */
export function localDateTime(day: string, time: string, timeZone: string): string {
  const hour = /^\d{2}:\d{2}$/.test(time) ? time : '00:00';
  return remember(
    `${timeZone} ${day} ${hour}`,
    () => `${day}T${hour}:00${offsetText(wallClockInstant(day, hour, timeZone), timeZone)}`,
  );
}

/** When a departure's day starts in the zone, in UTC: its booking cut-off. */
function dayStart(day: string, timeZone: string): string {
  return remember(`${timeZone} ${day}`, () => utc(wallClockInstant(day, '00:00', timeZone)));
}

/** An instant in UTC without fractions: `2026-12-23T01:00:00Z`. */
export function utc(value: unknown): string {
  return new Date(value instanceof Date ? value : String(value)).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const english = (value: unknown): string => (value ? pickLocalized(value as LocalizedText, 'en') : '') || '';

/** An offered row by its id, as OCTO names it (a string); INVALID_PRODUCT_ID otherwise. */
export async function findProduct(db: Kysely<any>, catalog: Catalog, productId: unknown): Promise<Row> {
  if (typeof productId !== 'string' || !productId) throw badRequest('productId is required');
  const id = /^[1-9]\d{0,15}$/.test(productId) ? Number(productId) : undefined;
  const rows = id === undefined ? [] : await offeredRows(db, catalog, [id]);
  if (!rows.length)
    throw new OctoError('INVALID_PRODUCT_ID', `Unknown productId ${productId}`, { productId: String(productId) });
  return rows[0];
}

/** The offered rows (all, or those of `ids`), by id. */
export async function offeredRows(db: Kysely<any>, catalog: Catalog, ids?: number[]): Promise<Row[]> {
  const { registry, product, resale } = catalog;
  const table = registry.table(product);
  const conditions = publicWhereSql(registry, product, resale.where, table);
  if (ids) conditions.push(ids.length ? sql<boolean>`${sql.ref(`${table}.id`)} in (${sql.join(ids)})` : sql`false`);
  const { rows } = await sql<Record<string, unknown>>`
    select * from ${sql.table(table)} where ${conditions.length ? sql.join(conditions, sql` and `) : sql`true`}
    order by ${sql.ref(`${table}.id`)}`.execute(db);
  return rows.map((row) => toRecord(product, row) as Row);
}

interface UnitOf {
  code: string;
  name: unknown;
  minAge: unknown;
  maxAge: unknown;
}

/** The units of a product: its inline collection's rows. */
export function unitsOf(catalog: Catalog, product: Row): UnitOf[] {
  const { units } = catalog.resale;
  const rows = Array.isArray(product[units.field]) ? (product[units.field] as Record<string, unknown>[]) : [];
  return rows.map((row) => ({
    code: String(row[units.code]),
    name: row[units.name],
    minAge: units.minAge ? row[units.minAge] : null,
    maxAge: units.maxAge ? row[units.maxAge] : null,
  }));
}

function unitJson(unit: UnitOf) {
  const type = UNIT_TYPES.find((candidate) => unit.code === candidate || unit.code.startsWith(`${candidate}_`));
  return {
    id: unit.code,
    internalName: english(unit.name) || unit.code,
    reference: unit.code,
    type: type ?? 'OTHER',
    restrictions: {
      minAge: Number(unit.minAge ?? 0),
      maxAge: Number(unit.maxAge ?? 99),
      idRequired: false,
      minQuantity: null,
      maxQuantity: null,
      paxCount: 1,
      accompaniedBy: [],
    },
    requiredContactFields: [],
    title: english(unit.name) || unit.code,
  };
}

/** The local start times of a product's departures still to come (at least one, as OCTO asks). */
async function startTimes(db: Kysely<any>, catalog: Catalog, ids: number[]): Promise<Map<number, string[]>> {
  const { departures, resale, registry } = catalog;
  const d = resale.departures;
  const today = dayIn(new Date(), catalog.timeZone);
  const { rows } = ids.length
    ? await sql<{ product: string; time: string }>`
        select distinct ${sql.ref(d.product)}::text as product, ${sql.ref(d.time)} as time
        from ${sql.table(registry.table(departures))}
        where ${sql.ref(d.product)} in (${sql.join(ids)}) and ${sql.ref(d.date)} >= ${today}
        order by 2`.execute(db)
    : { rows: [] };
  const out = new Map<number, string[]>();
  for (const row of rows) out.set(Number(row.product), [...(out.get(Number(row.product)) ?? []), row.time]);
  return out;
}

/** Products as OCTO's schema writes them (SPEC §19): START_TIME, QR code tickets, one DEFAULT option. */
export async function productsJson(db: Kysely<any>, catalog: Catalog, rows: Row[]) {
  const times = await startTimes(
    db,
    catalog,
    rows.map((row) => row.id),
  );
  const { resale } = catalog;
  return rows.map((row) => {
    const title = english(row[resale.title]) || `#${row.id}`;
    const units = unitsOf(catalog, row).map(unitJson);
    return {
      id: String(row.id),
      internalName: title,
      reference: null,
      locale: 'en',
      timeZone: catalog.timeZone,
      allowFreesale: false,
      instantConfirmation: true,
      instantDelivery: true,
      availabilityRequired: true,
      availabilityType: 'START_TIME',
      deliveryFormats: ['QRCODE'],
      deliveryMethods: ['TICKET'],
      redemptionMethod: 'DIGITAL',
      title,
      shortDescription: resale.description ? english(row[resale.description]) || null : null,
      options: [
        {
          id: OPTION_ID,
          default: true,
          internalName: 'Default',
          reference: null,
          availabilityLocalStartTimes: times.get(row.id)?.length ? times.get(row.id) : ['00:00'],
          cancellationCutoff: '0 hours',
          cancellationCutoffAmount: 0,
          cancellationCutoffUnit: 'hour',
          requiredContactFields: [],
          restrictions: { minUnits: 1, maxUnits: 50 },
          units,
          title: 'Default',
        },
      ],
    };
  });
}

/** A departure with its seats left counted as every read counts them (settled + running holds). */
export interface Departure {
  id: number;
  product: number;
  day: string;
  time: string;
  endDay: string;
  capacity: number;
  taken: number;
  open: boolean;
}

/**
 * The departures of products in a range of days (or of given ids), with the holds running now added to the seats
 * taken: one statement for the departures and one grouped statement per declared hold, whatever the range.
 */
export async function departuresOf(
  db: Kysely<any>,
  catalog: Catalog,
  filter: { products: number[]; from?: string; to?: string; ids?: number[] },
  now = new Date(),
): Promise<Departure[]> {
  const { departures, resale, registry } = catalog;
  const d = resale.departures;
  const table = registry.table(departures);
  const status = statusField(departures) ?? d.status;
  const conditions = [
    sql<boolean>`${sql.ref(d.product)} in (${filter.products.length ? sql.join(filter.products) : sql`null`})`,
    // A cancelled departure is no availability; a closed one or one that has left reads CLOSED.
    sql<boolean>`${sql.ref(status)} <> 'cancelled'`,
  ];
  if (filter.from) conditions.push(sql<boolean>`${sql.ref(d.date)} >= ${filter.from}`);
  if (filter.to) conditions.push(sql<boolean>`${sql.ref(d.date)} <= ${filter.to}`);
  if (filter.ids) conditions.push(sql<boolean>`id in (${filter.ids.length ? sql.join(filter.ids) : sql`null`})`);
  const holds = registry.resources.filter((resource) => {
    const ref = resource.holds ? resource.fields[resource.holds.ref] : undefined;
    return ref?.kind === 'ref' && ref.reference === departures.name && resource.holds!.counter === d.taken;
  });
  const held = holds.map(
    (holder) =>
      sql`coalesce((select sum(${sql.ref(`h.${holder.holds!.amount}`)}) from ${sql.table(
        registry.table(holder),
      )} h where ${sql.ref(`h.${holder.holds!.ref}`)} = ${sql.ref(`${table}.id`)} and ${sql.ref(
        `h.${statusField(holder) ?? 'status'}`,
      )} = ${holder.holds!.state} and ${sql.ref(`h.${holder.holds!.until}`)} > ${now}), 0)`,
  );
  const { rows } = await sql<Record<string, unknown>>`
    select id, ${sql.ref(d.product)} as product, ${sql.ref(d.date)} as day, ${sql.ref(d.time)} as time,
      ${d.endDate ? sql.ref(d.endDate) : sql.ref(d.date)} as "endDay", ${sql.ref(d.capacity)} as capacity,
      (${sql.ref(d.taken)}${held.length ? sql` + ${sql.join(held, sql` + `)}` : sql``})::int as taken,
      ${sql.ref(status)} = ${d.open} as open
    from ${sql.table(table)} where ${sql.join(conditions, sql` and `)}
    order by ${sql.ref(d.date)}, ${sql.ref(d.time)}, id`.execute(db);
  return rows.map((row) => ({
    id: Number(row.id),
    product: Number(row.product),
    day: toDay(row.day),
    time: String(row.time ?? '00:00'),
    endDay: toDay(row.endDay),
    capacity: Number(row.capacity ?? 0),
    taken: Number(row.taken ?? 0),
    open: Boolean(row.open),
  }));
}

type Status = 'AVAILABLE' | 'LIMITED' | 'SOLD_OUT' | 'CLOSED';

function statusOf(departure: Departure, today: string): { status: Status; vacancies: number } {
  const vacancies = Math.max(0, departure.capacity - departure.taken);
  // On sale until the day before it leaves, as a customer's booking is (SPEC §21).
  if (!departure.open || departure.day <= today) return { status: 'CLOSED', vacancies };
  if (vacancies === 0) return { status: 'SOLD_OUT', vacancies };
  return { status: vacancies <= departure.capacity * LIMITED_SHARE ? 'LIMITED' : 'AVAILABLE', vacancies };
}

/** An availability as OCTO writes it: its id the local start with offset, cut off at the start of its day. */
export function availabilityJson(catalog: Catalog, departure: Departure, today = dayIn(new Date(), catalog.timeZone)) {
  const { timeZone } = catalog;
  const { status, vacancies } = statusOf(departure, today);
  const id = localDateTime(departure.day, departure.time, timeZone);
  return {
    id,
    localDateTimeStart: id,
    localDateTimeEnd: localDateTime(departure.endDay, '23:59', timeZone),
    utcCutoffAt: dayStart(departure.day, timeZone),
    allDay: false,
    available: status === 'AVAILABLE' || status === 'LIMITED',
    status,
    vacancies,
    capacity: departure.capacity,
    maxUnits: vacancies,
    openingHours: [],
  };
}

/** One day of the calendar: its departures together; a day without any is CLOSED. */
export function calendarDayJson(
  catalog: Catalog,
  day: string,
  departures: Departure[],
  today = dayIn(new Date(), catalog.timeZone),
) {
  const states = departures.map((departure) => statusOf(departure, today));
  const open = states.filter((state) => state.status === 'AVAILABLE' || state.status === 'LIMITED');
  const vacancies = open.reduce((sum, state) => sum + state.vacancies, 0);
  const capacity = departures.reduce((sum, departure) => sum + departure.capacity, 0);
  const status: Status = open.some((state) => state.status === 'AVAILABLE')
    ? 'AVAILABLE'
    : open.length
      ? 'LIMITED'
      : states.some((state) => state.status === 'SOLD_OUT')
        ? 'SOLD_OUT'
        : 'CLOSED';
  return {
    localDate: day,
    available: open.length > 0,
    status,
    vacancies,
    capacity: departures.length ? capacity : 0,
    openingHours: [],
  };
}

/** The departure an availability id names, for one product; INVALID_AVAILABILITY_ID otherwise. */
export async function findDeparture(
  db: Kysely<any>,
  catalog: Catalog,
  product: Row,
  availabilityId: unknown,
): Promise<Departure> {
  if (typeof availabilityId !== 'string' || !availabilityId) throw badRequest('availabilityId is required');
  const day = availabilityId.slice(0, 10);
  const found = isDay(day)
    ? (await departuresOf(db, catalog, { products: [product.id], from: day, to: day })).find(
        (departure) => localDateTime(departure.day, departure.time, catalog.timeZone) === availabilityId,
      )
    : undefined;
  if (!found)
    throw new OctoError('INVALID_AVAILABILITY_ID', `Unknown availabilityId ${availabilityId}`, { availabilityId });
  return found;
}
