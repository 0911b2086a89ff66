import { integer, inlineCollection, localized, money, text } from '../../src/core/fields';
import type { DataContext } from '../../src/core/resource';

/** A ticket type's code: capitals, digits and underscores (ADULT, CHILD, SENIOR_65). */
export const TICKET_CODE = /^[A-Z0-9_]+$/;

/** The type a service gets from its price alone (a service created before ticket types, or by `price` only). */
export const DEFAULT_TICKET_CODE = 'ADULT';
export const DEFAULT_TICKET_NAME = { lo: 'ຜູ້ໃຫຍ່', en: 'Adult', vi: 'Người lớn', th: 'ผู้ใหญ่', zh: '成人' };
export const CHILD_TICKET_NAME = { lo: 'ເດັກນ້ອຍ', en: 'Child', vi: 'Trẻ em', th: 'เด็ก', zh: '儿童' };

/** A service's price categories (SPEC §14), the first the default; at least one, codes unique. */
export const ticketTypes = (options: { group?: string } = {}) =>
  inlineCollection(
    {
      code: text({ required: true, maxLength: 20, pattern: TICKET_CODE }),
      name: localized({ required: true, maxLength: 80 }),
      price: money({ required: true, min: 0, max: 1_000_000_000_000 }),
      minAge: integer({ min: 0, max: 120 }),
      maxAge: integer({ min: 0, max: 120 }),
    },
    { uniqueBy: 'code', maxItems: 10, columns: ['code', 'name', 'price', 'minAge', 'maxAge'], ...options },
  );

export interface TicketType {
  code: string;
  name?: Record<string, string>;
  price: number;
  minAge?: number | null;
  maxAge?: number | null;
}

/** A service's ticket types; one from its price when it has none stored (older rows read before the migration). */
export function typesOf(service: Record<string, unknown>): TicketType[] {
  const stored = service.ticketTypes;
  if (Array.isArray(stored) && stored.length) return stored as TicketType[];
  return [{ code: DEFAULT_TICKET_CODE, name: DEFAULT_TICKET_NAME, price: Number(service.price ?? 0) }];
}

/** A schedule's `priceOverrides` name only its service's ticket types. */
export function checkPriceOverrides(ctx: DataContext, service: Record<string, unknown>, value: unknown): void {
  // The amounts were validated with the body (mapOf); which codes are allowed depends on the service.
  if (value == null || typeof value !== 'object') return;
  const codes = new Set(typesOf(service).map((type) => type.code));
  for (const code of Object.keys(value))
    if (!codes.has(code)) ctx.fail(400, 'Invalid input', { priceOverrides: `Unknown ticket type ${code}` });
}

/** What one seat of this type costs on this departure: its override there, else the type's price. */
export function priceOn(schedule: Record<string, unknown>, type: TicketType, isDefault: boolean): number {
  const overrides = (schedule.priceOverrides ?? {}) as Record<string, unknown>;
  if (typeof overrides[type.code] === 'number') return Number(overrides[type.code]);
  if (isDefault && schedule.priceOverride != null) return Number(schedule.priceOverride);
  return Number(type.price);
}

/** An order's seats by ticket type (SPEC §14): an inline collection whose sums are the order's quantity and total. */
export const ORDER_LINES = inlineCollection(
  {
    ticketType: text({ required: true, maxLength: 20, pattern: TICKET_CODE }),
    quantity: integer({ required: true, min: 1, max: 50 }),
    // Fixed by the server from the departure's override or the type's price; the type's name as booked.
    unitPrice: money({ readOnly: true }),
    name: localized({ readOnly: true, maxLength: 80 }),
  },
  {
    uniqueBy: 'ticketType',
    maxItems: 10,
    // The traveller reads "Adult · 2 · LAK 250,000": the type's name, not its code.
    columns: ['name', 'quantity', 'unitPrice'],
    immutable: true,
    totals: { quantity: { sum: 'quantity' }, total: { sum: 'quantity', times: 'unitPrice' } },
  },
);
