import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { dayIn } from '../../core/zoned-time';
import type { Row } from '../../core/resource';
import { SYSTEM } from '../../core/roles';
import { contextOf } from '../engine/context';
import { Writer, inTransaction } from '../engine/data-context';
import { toRecord } from '../engine/registry';
import {
  availabilityJson,
  departuresOf,
  findDeparture,
  findProduct,
  OPTION_ID,
  unitsOf,
  utc,
  type Catalog,
  type Departure,
} from './catalog';
import { OctoError, badRequest, unprocessable } from './octo-errors';

/** The reseller a request is from (found by its key). */
export interface Reseller {
  id: number;
  name: string;
}

type OctoStatus = 'ON_HOLD' | 'CONFIRMED' | 'EXPIRED' | 'CANCELLED' | 'REDEEMED';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The longest hold a reseller may ask: a day, as the platform's own hold. */
const MAX_EXPIRATION_MINUTES = 1440;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A request's JSON body as an object; BAD_REQUEST otherwise. */
export function bodyOf(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw badRequest('The body must be a JSON object');
  return value;
}

function optionalText(body: Record<string, unknown>, name: string, max = 500): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badRequest(`${name} must be a string`);
  if (value.length > max) throw badRequest(`${name} must be at most ${max} characters`);
  return value;
}

function expirationOf(body: Record<string, unknown>): number | undefined {
  const value = body.expirationMinutes;
  if (value === undefined || value === null) return undefined;
  if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > MAX_EXPIRATION_MINUTES)
    throw badRequest(`expirationMinutes must be a whole number from 1 to ${MAX_EXPIRATION_MINUTES}`);
  return value as number;
}

interface Contact {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  notes?: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** OCTO's contact as the booking's: a full name (or first and last), an email, a phone, notes. */
function contactOf(value: unknown): Contact | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) throw badRequest('contact must be an object');
  const text = (name: string, max = 120) => optionalText(value, name, max);
  const full = text('fullName') ?? ([text('firstName'), text('lastName')].filter(Boolean).join(' ') || undefined);
  const email = text('emailAddress', 254);
  if (email && !EMAIL.test(email)) throw badRequest('contact.emailAddress must be an email address');
  const phone = text('phoneNumber', 20);
  if (phone && !/^\+?[0-9 ]{6,20}$/.test(phone))
    throw badRequest('contact.phoneNumber must be 6 to 20 digits, with an optional leading +');
  return {
    ...(full !== undefined && { name: full.slice(0, 120) }),
    ...(email !== undefined && { email }),
    ...(phone !== undefined && { phone }),
    ...(text('notes', 1000) !== undefined && { notes: text('notes', 1000) }),
  };
}

/** Unit items as lines (`{unit, quantity}` by unit id); each unit id one of the product's. */
function linesOf(catalog: Catalog, product: Row, items: unknown): { unit: string; quantity: number }[] {
  if (!Array.isArray(items)) throw badRequest('unitItems must be an array');
  if (!items.length) throw unprocessable('A booking needs at least one unit item');
  const known = new Set(unitsOf(catalog, product).map((unit) => unit.code));
  const counts = new Map<string, number>();
  for (const item of items) {
    if (!isObject(item) || typeof item.unitId !== 'string') throw badRequest('Each unit item needs a unitId');
    if (!known.has(item.unitId))
      throw new OctoError('INVALID_UNIT_ID', `Unknown unitId ${item.unitId}`, { unitId: item.unitId });
    counts.set(item.unitId, (counts.get(item.unitId) ?? 0) + 1);
  }
  if (items.length > 50) throw unprocessable('A booking holds at most 50 unit items');
  return [...counts].map(([unit, quantity]) => ({ unit, quantity }));
}

function checkOption(optionId: unknown) {
  if (typeof optionId !== 'string' || !optionId) throw badRequest('optionId is required');
  if (optionId !== OPTION_ID) throw new OctoError('INVALID_OPTION_ID', `Unknown optionId ${optionId}`, { optionId });
}

/** A unit item's UUID, drawn from its booking's: the same every time it is read. */
function itemUuid(bookingUuid: string, index: number): string {
  const hex = createHash('sha256').update(`${bookingUuid}:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The room's view of the bookings resource: its rows of one reseller, their OCTO form. */
export class Bookings {
  constructor(
    private readonly db: Kysely<any>,
    private readonly catalog: Catalog,
  ) {}

  private get map() {
    return this.catalog.resale.bookings;
  }

  private get table() {
    return this.catalog.registry.table(this.map.resource);
  }

  private record(row: Record<string, unknown>): Row {
    return toRecord(this.catalog.registry.require(this.map.resource), row) as Row;
  }

  statusOf(booking: Row, now = new Date()): OctoStatus {
    const { states, until, checkedInAt } = this.map;
    const status = String(booking.status);
    if (status === states.onHold) return new Date(String(booking[until])) > now ? 'ON_HOLD' : 'EXPIRED';
    if (states.confirmed.includes(status)) return checkedInAt && booking[checkedInAt] ? 'REDEEMED' : 'CONFIRMED';
    if (states.expired.includes(status)) return 'EXPIRED';
    return 'CANCELLED';
  }

  /** A booking of this reseller by its UUID (lowercase); INVALID_BOOKING_UUID for any other, another's too. */
  async find(trx: Kysely<any>, reseller: Reseller, uuid: string, lock = false): Promise<Row> {
    const { map } = this;
    let query = trx
      .selectFrom(this.table)
      .selectAll()
      .where(map.uuid, '=', uuid.toLowerCase())
      .where(map.reseller, '=', reseller.id);
    if (lock) query = query.forNoKeyUpdate();
    const row = await query.executeTakeFirst();
    if (!row) throw new OctoError('INVALID_BOOKING_UUID', `Unknown booking ${uuid}`, { uuid });
    return this.record(row);
  }

  /** `GET /bookings?resellerReference=|supplierReference=`: this reseller's bookings with that reference. */
  async list(reseller: Reseller, query: Record<string, unknown>) {
    const { map } = this;
    const resellerReference = typeof query.resellerReference === 'string' ? query.resellerReference : undefined;
    const supplierReference = typeof query.supplierReference === 'string' ? query.supplierReference : undefined;
    if (!resellerReference && !supplierReference)
      throw badRequest('Give resellerReference or supplierReference to list bookings');
    let select = this.db.selectFrom(this.table).selectAll().where(map.reseller, '=', reseller.id);
    if (resellerReference) select = select.where(map.resellerReference, '=', resellerReference);
    if (supplierReference) select = select.where(map.code, '=', supplierReference.toUpperCase());
    const rows = await select.orderBy('id').limit(100).execute();
    return this.json(rows.map((row) => this.record(row)));
  }

  async get(reseller: Reseller, uuid: string) {
    return (await this.json([await this.find(this.db, reseller, uuid)]))[0];
  }

  /** `POST /bookings`: a booking on hold, its seats held under the departure's lock as a customer's are. */
  async reserve(reseller: Reseller, body: Record<string, unknown>) {
    const { map, catalog } = this;
    const product = await findProduct(this.db, catalog, body.productId);
    checkOption(body.optionId);
    if (body.availabilityId === undefined) throw badRequest('availabilityId is required');
    const departure = await findDeparture(this.db, catalog, product, body.availabilityId);
    const lines = linesOf(catalog, product, body.unitItems);
    const holdMinutes = expirationOf(body);
    const contact = contactOf(body.contact) ?? {};
    const notes = optionalText(body, 'notes', 1000);
    const resellerReference = optionalText(body, 'resellerReference', 100) ?? null;
    let uuid: string = randomUUID();
    if (body.uuid !== undefined) {
      if (typeof body.uuid !== 'string' || !UUID.test(body.uuid.toLowerCase())) throw badRequest('uuid must be a UUID');
      uuid = body.uuid.toLowerCase();
    }
    const created = await inTransaction(this.db, async (trx) => {
      const taken = await trx.selectFrom(this.table).select('id').where(map.uuid, '=', uuid).executeTakeFirst();
      if (taken) throw badRequest(`A booking with uuid ${uuid} exists already`);
      const writer = new Writer(trx, catalog.registry, SYSTEM);
      const values = await map.reserve(contextOf(writer, {}), {
        departureId: departure.id,
        lines,
        resellerId: reseller.id,
        resellerReference,
        uuid,
        holdMinutes,
        contact: { ...contact, ...(notes !== undefined && { notes }) },
      });
      return writer.insert(map.resource, values);
    });
    return (await this.json([created]))[0];
  }

  /** Runs `work` on this reseller's booking, locked, in one transaction; answers the booking after it. */
  private async change(
    reseller: Reseller,
    uuid: string,
    work: (writer: Writer, booking: Row, status: OctoStatus) => Promise<Row | void>,
  ) {
    const changed = await inTransaction(this.db, async (trx) => {
      const booking = await this.find(trx, reseller, uuid, true);
      const writer = new Writer(trx, this.catalog.registry, SYSTEM);
      return (await work(writer, booking, this.statusOf(booking, writer.now))) ?? booking;
    });
    return (await this.json([changed]))[0];
  }

  /** `POST /bookings/{uuid}/extend`: an on-hold booking holds its seats `expirationMinutes` more from now. */
  async extend(reseller: Reseller, uuid: string, body: Record<string, unknown>) {
    const minutes = expirationOf(body);
    return this.change(reseller, uuid, async (writer, booking, status) => {
      if (status !== 'ON_HOLD') throw unprocessable(`Only a booking on hold can be extended; this one is ${status}`);
      const [group, key] = this.map.holdMinutes.split('.');
      const hold = minutes ?? Number((await writer.settings(group))[key] ?? 30);
      return writer.update(this.map.resource, booking.id, {
        [this.map.until]: new Date(writer.now.getTime() + hold * 60_000).toISOString(),
      });
    });
  }

  /**
   * `PATCH /bookings/{uuid}`: the reference, contact and notes (on hold or confirmed); the units, departure and hold
   * while on hold, the seats checked again under the departure's lock (its own hold counted as free).
   */
  async update(reseller: Reseller, uuid: string, body: Record<string, unknown>) {
    const { map, catalog } = this;
    const contact = contactOf(body.contact);
    const notes = optionalText(body, 'notes', 1000);
    const resellerReference = optionalText(body, 'resellerReference', 100);
    const minutes = expirationOf(body);
    if (body.optionId !== undefined) checkOption(body.optionId);
    return this.change(reseller, uuid, async (writer, booking, status) => {
      if (status !== 'ON_HOLD' && status !== 'CONFIRMED') throw unprocessable(`A ${status} booking cannot be changed`);
      const rebook = body.unitItems !== undefined || body.availabilityId !== undefined || body.productId !== undefined;
      if (status !== 'ON_HOLD' && (rebook || minutes !== undefined))
        throw unprocessable('Units, availability and expiry change only while the booking is on hold');
      const patch: Record<string, unknown> = {};
      if (resellerReference !== undefined) patch[map.resellerReference] = resellerReference;
      if (contact?.name !== undefined) patch[map.contact.name] = contact.name;
      if (contact?.email !== undefined) patch[map.contact.email] = contact.email;
      if (contact?.phone !== undefined) patch[map.contact.phone] = contact.phone;
      if (notes !== undefined) patch[map.contact.notes] = notes;
      if (rebook) {
        const product = await findProduct(
          writer.trx,
          catalog,
          body.productId === undefined ? String(booking[map.product]) : body.productId,
        );
        const departure =
          body.availabilityId !== undefined
            ? await findDeparture(writer.trx, catalog, product, body.availabilityId)
            : { id: Number(booking[map.departure]) };
        const lines = body.unitItems !== undefined ? linesOf(catalog, product, body.unitItems) : this.linesOf(booking);
        const values = await map.reserve(contextOf(writer, {}), {
          departureId: departure.id,
          lines,
          resellerId: reseller.id,
          resellerReference: (patch[map.resellerReference] as string | undefined) ?? null,
          uuid: String(booking[map.uuid]),
          holdMinutes: minutes,
          contact: {},
          booking,
        });
        // What the booking holds now (departure, lines, their sums and prices); not who made it, nor its contact.
        const kept = new Set([
          map.code,
          map.uuid,
          map.reseller,
          map.resellerReference,
          map.until,
          ...Object.values(map.contact),
        ]);
        for (const [name, value] of Object.entries(values))
          if (!kept.has(name) && !(name in patch)) patch[name] = value;
        if (minutes !== undefined) patch[map.until] = values[map.until];
      } else if (minutes !== undefined)
        patch[map.until] = new Date(writer.now.getTime() + minutes * 60_000).toISOString();
      return Object.keys(patch).length ? writer.update(map.resource, booking.id, patch) : booking;
    });
  }

  private linesOf(booking: Row): { unit: string; quantity: number }[] {
    const { lines } = this.map;
    const rows = Array.isArray(booking[lines.field]) ? (booking[lines.field] as Record<string, unknown>[]) : [];
    return rows.map((row) => ({ unit: String(row[lines.unit]), quantity: Number(row[lines.quantity]) }));
  }

  /**
   * `POST /bookings/{uuid}/confirm`: the traveller's contact, then the booking paid on the reseller's account (the
   * configured transition, run by the system with the reseller as its evidence).
   */
  async confirm(reseller: Reseller, uuid: string, body: Record<string, unknown>) {
    const { map } = this;
    if (body.contact === undefined) throw badRequest('contact is required');
    const contact = contactOf(body.contact) ?? {};
    const resellerReference = optionalText(body, 'resellerReference', 100);
    return this.change(reseller, uuid, async (writer, booking, status) => {
      if (status !== 'ON_HOLD') throw unprocessable(`Only a booking on hold can be confirmed; this one is ${status}`);
      const patch: Record<string, unknown> = {};
      if (resellerReference !== undefined) patch[map.resellerReference] = resellerReference;
      if (contact.name !== undefined) patch[map.contact.name] = contact.name;
      if (contact.email !== undefined) patch[map.contact.email] = contact.email;
      if (contact.phone !== undefined) patch[map.contact.phone] = contact.phone;
      if (contact.notes !== undefined) patch[map.contact.notes] = contact.notes;
      if (Object.keys(patch).length) await writer.update(map.resource, booking.id, patch);
      return writer.runTransition(map.resource, booking.id, map.confirm.action, map.confirm.input(reseller.id));
    });
  }

  /** `POST /bookings/{uuid}/cancel`: seats back at once; a confirmed one credited under the service's terms. */
  async cancel(reseller: Reseller, uuid: string, body: Record<string, unknown>) {
    const reason = optionalText(body, 'reason', 500);
    return this.change(reseller, uuid, async (writer, booking, status) => {
      if (status !== 'ON_HOLD' && status !== 'CONFIRMED')
        throw unprocessable(`Only a booking on hold or confirmed can be cancelled; this one is ${status}`);
      return writer.runTransition(this.map.resource, booking.id, this.map.cancel.action, reason ? { reason } : {});
    });
  }

  /** Bookings in OCTO's shape, their availabilities read together. */
  async json(bookings: Row[]) {
    const { map, catalog } = this;
    const now = new Date();
    const today = dayIn(now, catalog.timeZone);
    const ids = [...new Set(bookings.map((booking) => Number(booking[map.departure])))];
    const products = [...new Set(bookings.map((booking) => Number(booking[map.product])))];
    const departures = new Map<number, Departure>(
      ids.length
        ? (await departuresOf(this.db, catalog, { products, ids })).map((departure) => [departure.id, departure])
        : [],
    );
    return bookings.map((booking) => {
      const status = this.statusOf(booking, now);
      const departure = departures.get(Number(booking[map.departure]));
      const availability = departure ? availabilityJson(catalog, departure, today) : null;
      const confirmed = status === 'CONFIRMED' || status === 'REDEEMED';
      const redeemedAt = map.checkedInAt && booking[map.checkedInAt] ? utc(booking[map.checkedInAt]) : null;
      const uuid = String(booking[map.uuid]);
      const contact = {
        fullName: (booking[map.contact.name] as string | null) ?? null,
        firstName: null,
        lastName: null,
        emailAddress: (booking[map.contact.email] as string | null) ?? null,
        phoneNumber: (booking[map.contact.phone] as string | null) ?? null,
        locales: [],
        postalCode: null,
        country: null,
        notes: (booking[map.contact.notes] as string | null) ?? null,
      };
      const code = String(booking[map.code]);
      const ticket = confirmed
        ? {
            redemptionMethod: 'DIGITAL',
            utcRedeemedAt: redeemedAt,
            deliveryOptions: [{ deliveryFormat: 'QRCODE', deliveryValue: code }],
          }
        : null;
      let index = 0;
      const unitItems = this.linesOf(booking).flatMap((line) =>
        Array.from({ length: line.quantity }, () => {
          index += 1;
          return {
            uuid: itemUuid(uuid, index),
            resellerReference: null,
            supplierReference: `${code}-${index}`,
            unitId: line.unit,
            status,
            utcRedeemedAt: redeemedAt,
            contact,
            ticket,
          };
        }),
      );
      const refunded = Number(booking[map.money.refunded] ?? 0);
      const total = Number(booking[map.money.total] ?? 0);
      return {
        id: String(booking.id),
        uuid,
        testMode: false,
        resellerReference: (booking[map.resellerReference] as string | null) ?? null,
        supplierReference: code,
        status,
        utcCreatedAt: utc(booking.createdAt),
        utcUpdatedAt: utc(booking.updatedAt),
        utcExpiresAt: status === 'ON_HOLD' ? utc(booking[map.until]) : null,
        utcRedeemedAt: redeemedAt,
        utcConfirmedAt: confirmed && booking[map.confirmedAt] ? utc(booking[map.confirmedAt]) : null,
        productId: String(booking[map.product]),
        optionId: OPTION_ID,
        cancellable: status === 'ON_HOLD' || (status === 'CONFIRMED' && availability?.status !== 'CLOSED'),
        cancellation:
          status === 'CANCELLED'
            ? {
                refund: refunded <= 0 ? 'NONE' : refunded >= total ? 'FULL' : 'PARTIAL',
                reason: (booking[map.reason] as string | null) ?? null,
                utcCancelledAt: utc(booking[map.cancelledAt] ?? booking.updatedAt),
              }
            : null,
        freesale: false,
        availabilityId: availability?.id ?? null,
        availability,
        contact,
        notes: (booking[map.contact.notes] as string | null) ?? null,
        deliveryMethods: ['TICKET'],
        voucher: null,
        unitItems,
      };
    });
  }
}
