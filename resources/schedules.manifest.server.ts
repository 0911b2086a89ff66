import type { DataContext, Row } from '../src/core/resource';

/** The bookings a departure's manifest lists: those holding or owning seats on it (not the cancelled or expired). */
const ON_BOARD = ['pending_payment', 'paid', 'confirmed', 'completed', 'no_show'];
/** Paid for (a no-show paid too); a customer's contact is the partner's to read only from then on (orders' revealIn). */
const PAID = ['paid', 'confirmed', 'completed', 'no_show'];

/**
 * An order's seats as the manifest writes them: by ticket type, from its lines ("2 ADULT, 1 CHILD"), so the guide
 * counts children at the door; codes, not names, since the list and its CSV read the same in any language.
 */
export function seatsOf(order: Row): string {
  const lines = Array.isArray(order.lines) ? (order.lines as { ticketType?: unknown; quantity?: unknown }[]) : [];
  if (!lines.length) return String(order.quantity ?? 0);
  return lines.map((line) => `${Number(line.quantity ?? 0)} ${String(line.ticketType ?? '')}`.trim()).join(', ');
}

/** A line of an order as the manifest counts it: the ticket type's code, its name as booked, how many seats. */
export interface SeatCount {
  code: string;
  name: Record<string, string> | string;
  quantity: number;
}

/**
 * An order's seats by ticket type for the screen, the CSV and the print sheet: each type's name as booked (the
 * reader's language is picked on the client, "Adult 3 · Child 1"), its code where an older line has no name.
 */
export function seatCounts(order: Row): SeatCount[] {
  const lines = Array.isArray(order.lines)
    ? (order.lines as { ticketType?: unknown; quantity?: unknown; name?: unknown }[])
    : [];
  if (!lines.length) return [{ code: '', name: '', quantity: Number(order.quantity ?? 0) }];
  return lines.map((line) => ({
    code: String(line.ticketType ?? ''),
    name: (line.name && typeof line.name === 'object' ? line.name : String(line.ticketType ?? '')) as SeatCount['name'],
    quantity: Number(line.quantity ?? 0),
  }));
}

/** Where a traveller stands at the door: boarded, marked a no-show, still to board, or not paid (cannot board). */
export const BOARDING = ['checked_in', 'no_show', 'waiting', 'unpaid'] as const;
export type Boarding = (typeof BOARDING)[number];

export interface ManifestRow {
  id: number;
  code: string;
  contactName: string | null;
  contactPhone: string | null;
  /** A reseller's booking (SPEC §19): the reseller's name and its reference, as the traveller may quote either. */
  reseller: string | null;
  seats: string;
  seatsByType: SeatCount[];
  paid: boolean;
  checkedIn: boolean;
  checkedInAt: string | null;
  status: string;
  boarding: Boarding;
}

export interface Manifest {
  /** What the departure is of, for the sheet's title: the service's title and where travellers meet. */
  heading: { service: Record<string, string> | null; meetingPoint: Record<string, string> | null };
  rows: ManifestRow[];
  totals: { bookings: number; seats: number; paidSeats: number; checkedInSeats: number; waitingSeats: number };
}

/**
 * `GET /api/schedules/{id}/manifest`: who travels on the partner's departure (the route found it in their scope),
 * code first as the scanner reads it, and the seats counted for the guide at the door.
 */
export async function manifest(ctx: DataContext & { record?: Row }): Promise<Manifest> {
  const schedule = ctx.record!;
  const orders = (await ctx.trx
    .selectFrom('orders')
    .selectAll()
    .where('scheduleId', '=', schedule.id)
    .where('partnerId', '=', schedule.partnerId as number)
    .where('status', 'in', ON_BOARD)
    .where((eb) => eb.or([eb('status', '!=', 'pending_payment'), eb('holdExpiresAt', '>', ctx.now)]))
    .orderBy('contactName')
    .orderBy('code')
    .execute()) as Row[];
  const resellerIds = [...new Set(orders.map((order) => order.resellerId).filter((id) => id != null))] as number[];
  const resellers = new Map(
    (resellerIds.length
      ? await ctx.trx.selectFrom('resellers').select(['id', 'name']).where('id', 'in', resellerIds).execute()
      : []
    ).map((row) => [Number(row.id), String(row.name)]),
  );
  const service = (await ctx.trx
    .selectFrom('services')
    .select(['title', 'meetingPoint'])
    .where('id', '=', schedule.serviceId as number)
    .executeTakeFirst()) as Row | undefined;
  const totals = { bookings: orders.length, seats: 0, paidSeats: 0, checkedInSeats: 0, waitingSeats: 0 };
  const rows = orders.map((order): ManifestRow => {
    const paid = PAID.includes(String(order.status));
    const seats = Number(order.quantity ?? 0);
    const checkedInAt = order.checkedInAt ? new Date(order.checkedInAt as string).toISOString() : null;
    const boarding: Boarding = checkedInAt
      ? 'checked_in'
      : order.status === 'no_show'
        ? 'no_show'
        : paid
          ? 'waiting'
          : 'unpaid';
    totals.seats += seats;
    if (paid) totals.paidSeats += seats;
    if (checkedInAt) totals.checkedInSeats += seats;
    else if (paid && order.status !== 'no_show') totals.waitingSeats += seats;
    return {
      id: Number(order.id),
      code: String(order.code),
      contactName: paid ? ((order.contactName as string | null) ?? null) : null,
      contactPhone: paid ? ((order.contactPhone as string | null) ?? null) : null,
      reseller:
        order.resellerId != null
          ? [resellers.get(Number(order.resellerId)), order.resellerReference].filter(Boolean).join(' · ')
          : null,
      seats: seatsOf(order),
      seatsByType: seatCounts(order),
      paid,
      checkedIn: Boolean(checkedInAt),
      checkedInAt,
      status: String(order.status),
      boarding,
    };
  });
  // The departure's own meeting point, else its service's (schedules.meetingPoint: empty, the service's applies).
  const meetingPoint = [schedule.meetingPoint, service?.meetingPoint].find(hasText) ?? null;
  return {
    heading: { service: (service?.title as Record<string, string> | undefined) ?? null, meetingPoint },
    rows,
    totals,
  };
}

function hasText(value: unknown): value is Record<string, string> {
  return Boolean(value && typeof value === 'object' && Object.values(value).some((text) => String(text ?? '').trim()));
}
