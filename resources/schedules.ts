import { currency, date, integer, localized, mapOf, money, ref, status, text } from '../src/core/fields';
import { defineResource } from '../src/core/resource';
import {
  cancelScheduleOrders,
  checkReschedule,
  checkScheduleCancel,
  checkScheduleUpdate,
  moveBookings,
  prepareSchedule,
} from './schedules.effects';
import { generateDepartures, previewDepartures } from './schedules.generate.server';
import { manifest } from './schedules.manifest.server';

/** What a departure's forms ask, in this order (its service is chosen once, on create). */
const DEPARTURE = [
  'startDate',
  'startTime',
  'endDate',
  'capacity',
  'priceOverride',
  'priceOverrides',
  'meetingPoint',
  'note',
] as const;

/** A departure of a service: dates, seats and an optional price for that date. */
export default defineResource({
  name: 'schedules',
  paths: { admin: 'schedules', partner: 'schedules' },
  menu: { group: 'services', icon: 'EventAvailable', order: 2 },
  fields: {
    serviceId: ref('services', { required: true, immutable: true, display: 'title', filterable: true }),
    // Copied from the service on create so the partner scope needs no join.
    partnerId: ref('partners', { readOnly: true, display: 'companyName', filterable: true }),
    // Read with its time of day: a departure is a moment ("Wed, 23 Dec 2026 · 08:00"), in its list and where referenced.
    startDate: date({ required: true, sortable: true, filterable: true, time: 'startTime' }),
    endDate: date({ required: true, sortable: true }),
    // The departure's hour in the platform's time zone (settings.general.timezone).
    startTime: text({
      required: true,
      length: 5,
      pattern: /^([01]\d|2[0-3]):[0-5]\d$/,
      default: '09:00',
      sortable: true,
    }),
    capacity: integer({ required: true, min: 1, max: 1000 }),
    seatsBooked: integer({ readOnly: true, default: 0, sortable: true }),
    // Empty: the service's price applies. The default ticket type's price on this departure.
    priceOverride: money({ min: 1 }),
    // A ticket type's price on this departure, by code (`{"CHILD": 100000}`); a type not named: its own price.
    priceOverrides: mapOf(money({ required: true, min: 0 }), {
      keysFrom: { ref: 'serviceId', list: 'ticketTypes', key: 'code', label: 'name', own: 'price' },
    }),
    // Empty: the service's meeting point applies.
    meetingPoint: localized(),
    currency: currency({ readOnly: true }),
    note: text({ maxLength: 500 }),
    status: status({ default: 'open' }),
    reason: text({ readOnly: true, maxLength: 500 }),
  },
  recordTitle: 'startDate',
  // A departure ends on or after the day it starts: checked in the form as the partner types, and by the server.
  rules: [{ field: 'endDate', atLeast: 'startDate' }],
  list: {
    columns: ['serviceId', 'startDate', 'endDate', 'capacity', 'seatsBooked', 'priceOverride', 'status'],
    sort: ['startDate', 'ASC'],
    // Opens on today's and the coming departures, then the past ones: what a partner works on first.
    upcoming: 'startDate',
    filters: ['status', 'serviceId', 'partnerId', 'startDate'],
    statusTabs: true,
    calendar: { start: 'startDate', end: 'endDate', usage: ['seatsBooked', 'capacity'] },
  },
  create: { fields: ['serviceId', ...DEPARTURE] },
  edit: { fields: [...DEPARTURE] },
  workflow: {
    states: ['open', 'closed', 'cancelled'],
    initial: 'open',
    transitions: {
      close: { from: 'open', to: 'closed', by: ['partner'], tone: 'warning' },
      reopen: { from: 'closed', to: 'open', by: ['partner'], tone: 'primary' },
      // A departure with seats taken keeps its date and time (an edit of them is refused, SPEC §21); moving it is
      // this: every booking moves with it, each traveller is mailed and may cancel with a full refund until it
      // leaves. The partner moves it only to a later time; an admin either way.
      reschedule: {
        from: ['open', 'closed'],
        by: ['partner', 'moderator'],
        requires: ['startDate', 'startTime'],
        accepts: ['endDate', 'reason'],
        // The reason goes to the audit log: the departure's `reason` field is its cancellation's.
        inputFields: { reason: false },
        tone: 'warning',
        icon: 'EventRepeat',
        guard: checkReschedule,
        // Offered as its guard takes it: until the departure leaves (its date at its time).
        offered: { until: 'startDate' },
        effect: moveBookings,
      },
      cancel: {
        from: ['open', 'closed'],
        to: 'cancelled',
        by: ['partner'],
        accepts: ['reason'],
        tone: 'error',
        guard: checkScheduleCancel,
        // Offered as its guard takes it: until the departure leaves.
        offered: { until: 'startDate' },
        effect: cancelScheduleOrders,
      },
    },
    editableIn: ['open', 'closed'],
    tones: { open: 'success', closed: 'default', cancelled: 'error' },
  },
  hooks: {
    beforeCreate: ({ values, ...ctx }) => prepareSchedule(ctx, values),
    beforeUpdate: ({ before, patch, ...ctx }) => checkScheduleUpdate(ctx, before, patch),
  },
  // The day of the trip (SPEC §15): who travels, for the guide at the door, printable and as CSV.
  endpoints: {
    manifest: { method: 'GET', record: true, by: ['partner'], handler: manifest },
    // Departures by rule (SPEC §14): "daily at 08:00 and 17:00 from June to October" in one go, previewed first.
    // Only partners: admins neither create nor edit departures (access.admin below).
    generate: {
      method: 'POST',
      record: false,
      by: ['partner'],
      status: 201,
      handler: generateDepartures,
      form: {
        inputs: {
          serviceId: { kind: 'ref', resource: 'services', filter: { status: ['approved', 'pending'] }, required: true },
          from: { kind: 'date', required: true },
          to: { kind: 'date', required: true },
          weekdays: { kind: 'weekdays', required: true },
          times: { kind: 'times', required: true },
          capacity: { kind: 'integer', min: 1, max: 1000, required: true },
          endOffsetDays: { kind: 'integer', min: 0, max: 31, default: 0 },
        },
        preview: { endpoint: 'generate-preview', list: 'departures', count: 'created' },
        counts: ['created', 'skipped'],
      },
    },
    'generate-preview': { method: 'POST', record: false, by: ['partner'], handler: previewDepartures },
  },
  recordTables: [
    {
      endpoint: 'manifest',
      rows: 'rows',
      columns: [
        { key: 'code', kind: 'text' },
        { key: 'contactName', kind: 'text' },
        { key: 'contactPhone', kind: 'phone' },
        { key: 'reseller', kind: 'text' },
        { key: 'seatsByType', kind: 'tally' },
        { key: 'paid', kind: 'yesNo' },
        // Not checked in: still to board, a no-show, or not paid (it cannot board) — never the same blank.
        { key: 'checkedInAt', kind: 'time', emptyAs: { key: 'boarding', values: ['no_show', 'waiting', 'unpaid'] } },
      ],
      totals: { from: 'totals', keys: ['bookings', 'seats', 'paidSeats', 'checkedInSeats', 'waitingSeats'] },
      heading: { from: 'heading', keys: ['service', 'meetingPoint'] },
      // The guide at the door comes for who travels: the list first, the departure's own fields under it.
      first: true,
      link: { resource: 'orders' },
    },
  ],
  access: {
    admin: { read: true, update: [], delete: [] },
    partner: { scope: 'partnerId', read: true, create: true, update: true },
    public: {
      // Only departures that can still be booked: their day after the platform's today (placeOrder's rule), so a
      // departure that has left is never offered, listed or preselected on the public pages.
      where: {
        status: 'open',
        startDate: { after: 'today' },
        serviceId: { status: 'approved', partnerId: { status: 'approved' } },
      },
      fields: [
        'serviceId',
        'startDate',
        'startTime',
        'endDate',
        'capacity',
        'seatsBooked',
        'priceOverride',
        'priceOverrides',
        'meetingPoint',
        'currency',
      ],
    },
  },
});
