import type { Resale } from '../src/core/resource';
import { reserveForReseller } from './orders.effects';
import { ON_ACCOUNT } from './shared/payment-methods';

/**
 * How services are sold by resellers through OCTO (SPEC §19, docs/octo.md): a public service is a product, its
 * ticket types the units, a departure an availability, and a booking a reseller's order holding its seats as a
 * customer's does. The OCTO room (`src/server/octo/`) reads only this.
 */
export const servicesResale: Resale = {
  where: { status: 'approved', partnerId: { status: 'approved' } },
  title: 'title',
  description: 'description',
  units: { field: 'ticketTypes', code: 'code', name: 'name', minAge: 'minAge', maxAge: 'maxAge' },
  departures: {
    resource: 'schedules',
    product: 'serviceId',
    date: 'startDate',
    time: 'startTime',
    endDate: 'endDate',
    capacity: 'capacity',
    taken: 'seatsBooked',
    status: 'status',
    open: 'open',
  },
  bookings: {
    resource: 'orders',
    departure: 'scheduleId',
    product: 'serviceId',
    reseller: 'resellerId',
    resellerReference: 'resellerReference',
    uuid: 'bookingUuid',
    code: 'code',
    lines: { field: 'lines', unit: 'ticketType', quantity: 'quantity' },
    contact: { name: 'contactName', email: 'contactEmail', phone: 'contactPhone', notes: 'note' },
    until: 'holdExpiresAt',
    holdMinutes: 'payments.holdMinutes',
    confirmedAt: 'paidAt',
    cancelledAt: 'cancelledAt',
    reason: 'reason',
    money: { total: 'total', refunded: 'refundAmount' },
    checkedInAt: 'checkedInAt',
    states: {
      onHold: 'pending_payment',
      confirmed: ['paid', 'confirmed', 'completed', 'no_show'],
      cancelled: ['cancelled', 'refunded'],
      expired: ['expired'],
    },
    reserve: reserveForReseller,
    confirm: { action: 'pay', input: (resellerId) => ({ paymentMethod: ON_ACCOUNT, resellerId }) },
    cancel: { action: 'cancel' },
  },
};
