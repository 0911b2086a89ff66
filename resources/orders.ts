import {
  currency,
  date,
  datetime,
  email,
  enumOf,
  integer,
  localized,
  longText,
  money,
  percent,
  phone,
  ref,
  status,
  text,
} from '../src/core/fields';
import { defineResource } from '../src/core/resource';
import { inviteReview } from './reviews.effects';
import { refundable, requestRefund } from './refunds.effects';
import { LEDGER_METHODS } from './shared/payment-methods';
import { canComplete, followDeparture, holdHasEnded, lockSchedule, placeOrder, writeCharge } from './orders.effects';
import { cancelOrder, cancelPreview, markCancelled } from './orders.cancellation';
import { cancellationPolicy } from './shared/cancellation';
import { checkout, howToPay } from './orders.payment';
import { organizer } from './orders.ticket';
import { canMarkNoShow, canUndoNoShow, checkIn } from './orders.check-in.server';
import { mailTraveller, mailUser, TELL_USER, tellPartner } from './shared/notify';
import { ORDER_LINES } from './shared/ticket-types';

const CONTACT = ['contactName', 'contactPhone', 'contactEmail'] as const;
/** Paid and not refunded: the orders revenue and commission come from. */
const SOLD = ['paid', 'confirmed', 'completed'];

/**
 * A booking of seats on a schedule by a user. Prices, commission and partner are fixed when the order is
 * placed; money moves only through `payments` rows written by the transitions.
 */
export default defineResource({
  name: 'orders',
  paths: { admin: 'orders', partner: 'orders', account: 'orders' },
  menu: { group: 'services', icon: 'ReceiptLong', order: 3 },
  fields: {
    code: text({ readOnly: true, unique: true, maxLength: 20, searchable: true, sortable: true }),
    userId: ref('users', { readOnly: true, display: 'fullName', filterable: true }),
    // A booking sold by a reseller through OCTO (SPEC §19): the reseller, its own reference, the booking's UUID.
    resellerId: ref('resellers', { readOnly: true, display: 'name', filterable: true }),
    resellerReference: text({ readOnly: true, maxLength: 100, searchable: true }),
    bookingUuid: text({ readOnly: true, unique: true, maxLength: 36 }),
    partnerId: ref('partners', { readOnly: true, display: 'companyName', filterable: true }),
    serviceId: ref('services', { readOnly: true, display: 'title', filterable: true }),
    scheduleId: ref('schedules', { required: true, immutable: true, display: 'startDate', filterable: true }),
    // Copied from the schedule so "orders by departure date" needs no join.
    departureDate: date({ readOnly: true, sortable: true, filterable: true, time: 'departureTime' }),
    // The departure's time and meeting place as booked, copied so the ticket and the mails need no join.
    departureTime: text({ readOnly: true, length: 5 }),
    meetingPoint: localized({ readOnly: true }),
    // Every seat booked: the sum of the lines' (sent alone, that many of the service's default ticket type).
    quantity: integer({ min: 1, max: 50, immutable: true }),
    // Seats by ticket type, each priced when booked (SPEC §14); `quantity` and `total` are their sums.
    lines: ORDER_LINES,
    // The default type's price when every seat is of one type; with several types, the first line's.
    unitPrice: money({ readOnly: true }),
    total: money({ readOnly: true, sortable: true, filterable: true }),
    commissionRate: percent({ readOnly: true }),
    commission: money({ readOnly: true }),
    currency: currency({ readOnly: true }),
    contactName: text({ maxLength: 120, group: 'contact' }),
    contactPhone: phone({ group: 'contact' }),
    contactEmail: email({ group: 'contact' }),
    note: longText({ maxLength: 1000, group: 'contact' }),
    paymentMethod: enumOf(LEDGER_METHODS, { readOnly: true, filterable: true }),
    status: status({ default: 'pending_payment' }),
    reason: text({ readOnly: true, maxLength: 500 }),
    // Until this instant the order's seats are held for it; from it they are on sale again (docs/holds.md).
    holdExpiresAt: datetime({
      readOnly: true,
      sortable: true,
      filterable: true,
      countdown: { whileIn: ['pending_payment'] },
    }),
    paidAt: datetime({ readOnly: true, sortable: true }),
    confirmedAt: datetime({ readOnly: true }),
    completedAt: datetime({ readOnly: true }),
    cancelledAt: datetime({ readOnly: true }),
    // The cancellation terms as booked (SPEC §14), stated in words on the order's page.
    cancellationPolicy: cancellationPolicy({ readOnly: true }),
    // What a cancellation gave back under those terms: the amount of the refund request it opened (0: none).
    refundAmount: money({ readOnly: true }),
    // When the customer is invited to review the trip; empty once invited.
    reviewInviteAt: datetime({ readOnly: true }),
    // When its customer reviewed the trip: until then, a completed trip is one to review in their area.
    reviewedAt: datetime({ readOnly: true }),
    // The day of the trip (SPEC §15): when the traveller boarded, stamped once by the partner's check-in.
    checkedInAt: datetime({ readOnly: true, sortable: true }),
    // When the partner marked the traveller as not come: the mark may be undone until the end of that day.
    noShowAt: datetime({ readOnly: true }),
    // When its departure was moved (SPEC §21): from then until it leaves, cancelling gives everything back.
    rescheduledAt: datetime({ readOnly: true }),
  },
  recordTitle: 'code',
  list: {
    columns: ['code', 'serviceId', 'userId', 'resellerId', 'departureDate', 'quantity', 'total', 'status', 'createdAt'],
    sort: ['createdAt', 'DESC'],
    filters: [
      'status',
      'serviceId',
      'partnerId',
      'userId',
      'resellerId',
      'departureDate',
      'paymentMethod',
      'createdAt',
    ],
    search: ['code', 'contactName', 'contactEmail', 'resellerReference'],
    statusTabs: true,
  },
  show: {
    groups: [
      {
        name: 'booking',
        fields: [
          'code',
          'status',
          'holdExpiresAt',
          'serviceId',
          // The departure reads as its date and time ("Wed, 23 Dec 2026 · 08:00"), linked to its page.
          'scheduleId',
          'meetingPoint',
          'partnerId',
          'userId',
          'resellerId',
          'resellerReference',
          'lines',
          'quantity',
          'cancellationPolicy',
        ],
      },
      {
        name: 'money',
        fields: [
          'unitPrice',
          'total',
          'commissionRate',
          'commission',
          'currency',
          'paymentMethod',
          'paidAt',
          'refundAmount',
        ],
      },
      { name: 'contact', fields: [...CONTACT, 'note'] },
      {
        name: 'history',
        fields: ['createdAt', 'confirmedAt', 'checkedInAt', 'completedAt', 'cancelledAt', 'reason'],
      },
    ],
  },
  // The traveller's page (SPEC §13): a ticket to show at the meeting point, not the back-office's record. Money
  // the platform keeps (commission) and the workflow's stamps are not the traveller's business.
  pages: {
    account: {
      show: {
        hero: { title: 'serviceId.title', image: 'serviceId.images' },
        sections: [
          // What a cancelled booking gives back shows once it is known.
          // The order code as text whatever the state (the transfer's reference while unpaid); as a ticket below.
          {
            name: 'trip',
            fields: ['code', 'departureDate', 'meetingPoint', 'lines', 'quantity', 'total', 'refundAmount'],
          },
          { name: 'payment', instructions: true, fields: ['holdExpiresAt', 'paymentMethod', 'paidAt'] },
          // The ticket only while it takes the traveller on board: never drawn on an unpaid, cancelled, refunded,
          // expired, no-show or completed booking. The trip it is for beside its code.
          {
            name: 'ticket',
            code: 'code',
            whileIn: ['paid', 'confirmed'],
            fields: ['departureDate', 'meetingPoint', 'lines'],
          },
          { name: 'organizer', endpoint: { name: 'organizer', fields: { name: 'text', phone: 'phone' } } },
          // The terms as booked: a later change of the service's does not change this booking's.
          { name: 'terms', fields: ['cancellationPolicy'] },
          { name: 'contact', fields: [...CONTACT, 'note', 'reason'] },
        ],
      },
    },
  },
  create: { fields: ['scheduleId', 'lines', ...CONTACT, 'note'] },
  edit: { fields: [...CONTACT, 'note'] },
  workflow: {
    states: ['pending_payment', 'paid', 'confirmed', 'completed', 'cancelled', 'refunded', 'expired', 'no_show'],
    initial: 'pending_payment',
    transitions: {
      // Money only on evidence: finance by hand, or the system for a matched statement line or gateway event.
      // From `expired` too: late money takes the seats again if they are free, else it is refunded (docs/holds.md).
      pay: {
        from: ['pending_payment', 'expired'],
        to: 'paid',
        by: ['finance', 'system'],
        accepts: ['paymentMethod', 'reference'],
        inputFields: { reference: false },
        tone: 'success',
        guard: lockSchedule,
        effect: writeCharge,
        // A reseller's traveller too, at the address the reseller gave (SPEC §19).
        notify: [...mailUser('orders.paid'), ...mailTraveller('orders.paid')],
      },
      confirm: {
        from: 'paid',
        to: 'confirmed',
        by: ['partner'],
        bulk: true,
        tone: 'primary',
        effect: async ({ now }) => ({ confirmedAt: now.toISOString() }),
      },
      complete: {
        from: 'confirmed',
        to: 'completed',
        by: ['partner'],
        bulk: true,
        tone: 'success',
        // From the departure's start on, as its guard counts (not on tomorrow's booking).
        offered: { from: 'departureDate' },
        guard: canComplete,
        // The customer is invited to review it the next day (`invite-review`).
        effect: async ({ now }) => ({
          completedAt: now.toISOString(),
          reviewInviteAt: new Date(now.getTime() + 86_400_000).toISOString(),
        }),
      },
      // An unpaid hold that ran out: the system's worker runs it within a minute of `holdExpiresAt`; the seats were
      // back on sale from that instant already.
      expire: {
        from: 'pending_payment',
        to: 'expired',
        by: ['system'],
        auto: { when: 'holdExpiresAt' },
        guard: holdHasEnded,
        tone: 'warning',
        notify: TELL_USER,
      },
      // Its departure was moved (the departure's `reschedule`): the booking follows, and its traveller is told.
      reschedule: {
        from: ['pending_payment', 'paid', 'confirmed'],
        by: ['system'],
        effect: followDeparture,
        notify: [...mailUser('orders.rescheduled'), ...mailTraveller('orders.rescheduled')],
      },
      // A day after completion the customer is mailed an invitation to review it, once (the field is cleared).
      'invite-review': {
        from: 'completed',
        by: ['system'],
        auto: { when: 'reviewInviteAt' },
        effect: inviteReview,
      },
      // The traveller cancels a paid booking too, before it leaves: its seats go back on sale at once and a refund
      // request of the cancellation terms' amount goes to finance, so money always has a trail. The partner cancels
      // only unpaid ones (a paid booking they cannot serve is a departure's cancellation).
      cancel: {
        from: ['pending_payment', 'paid', 'confirmed'],
        fromFor: { partner: 'pending_payment' },
        to: 'cancelled',
        // The system for a reseller's booking (OCTO's cancel): the terms credit the reseller's account.
        by: ['user', 'partner', 'system'],
        accepts: ['reason'],
        tone: 'error',
        preview: { endpoint: 'cancel-preview', messages: ['unpaid', 'full', 'partial', 'none'] },
        // Offered as its guard takes it: not once the traveller has boarded, not once the departure has left.
        offered: { whileEmpty: 'checkedInAt', until: 'departureDate' },
        // The traveller's dialog: "Keep my booking" / "Cancel booking".
        dialogWords: ['user'],
        guard: cancelOrder,
        effect: markCancelled,
        // The traveller's receipt too when they cancelled it themselves. It says what was paid and what comes back
        // (the refund request finance decides), or that nothing was paid.
        notify: [
          ...mailUser('orders.cancelled', {
            self: true,
            texts: [
              { when: { paidAt: null }, text: 'unpaid' },
              { when: { refundAmount: [0, null] }, text: 'noRefund' },
            ],
          }),
          // A reseller's traveller: what comes back comes from the agency they booked with.
          ...mailTraveller('orders.cancelled', [
            { when: { paidAt: null }, text: 'unpaid' },
            { when: { userId: null }, text: 'reseller' },
          ]),
        ],
      },
      // The traveller never came: after the departure's start, a paid booking nobody checked in. No refund by default.
      'no-show': {
        from: ['paid', 'confirmed'],
        to: 'no_show',
        by: ['partner'],
        tone: 'warning',
        confirm: true,
        offered: { from: 'departureDate', whileEmpty: 'checkedInAt' },
        guard: canMarkNoShow,
        effect: async ({ now }) => ({ noShowAt: now.toISOString() }),
      },
      // A no-show marked by mistake (the traveller turns up late, a wrong row tapped) is taken back the same day:
      // the booking returns to where it was, paid or confirmed.
      'undo-no-show': {
        from: 'no_show',
        to: 'paid',
        by: ['partner'],
        tone: 'primary',
        offered: { sameDayAs: 'noShowAt' },
        guard: canUndoNoShow,
        effect: async ({ record }) => ({ status: record.confirmedAt ? 'confirmed' : 'paid', noShowAt: null }),
      },
    },
    editableIn: ['pending_payment', 'paid', 'confirmed'],
    tones: {
      pending_payment: 'warning',
      paid: 'info',
      confirmed: 'primary',
      completed: 'success',
      cancelled: 'default',
      refunded: 'error',
      expired: 'default',
      no_show: 'warning',
    },
  },
  // The customer's way from a booking to a refund request or a complaint about it.
  followUps: {
    // The request starts at what is still refundable, not 0 (the server caps it the same way); it is offered only
    // where the server would take it (`refund-request` refuses as the request would: the time to ask has passed…).
    requestRefund: {
      resource: 'refunds',
      field: 'orderId',
      in: ['paid', 'confirmed', 'completed'],
      prefill: 'refund-request',
    },
    reportProblem: { resource: 'complaints', field: 'orderId' },
    writeReview: { resource: 'reviews', field: 'orderId', in: ['completed'] },
  },
  hooks: {
    beforeCreate: ({ values, ...ctx }) => placeOrder(ctx, values),
  },
  // The customer gets the booking with how to pay it (the same details the order's page shows).
  notify: {
    create: [
      ...tellPartner(),
      ...mailUser('orders.booked', { self: true, message: 'createCustomer', params: 'how-to-pay' }),
    ],
  },
  // The account number and the order code (the transfer's reference) are typed into a banking app: copy buttons.
  // Where the currency has a bank QR profile, the app scans it instead (SPEC §20), in the booking mail too.
  instructions: [
    {
      endpoint: 'how-to-pay',
      when: { status: ['pending_payment'] },
      copy: ['bankAccountNumber', 'reference'],
      qr: { payload: 'qrPayload', amount: 'amount' },
    },
  ],
  endpoints: {
    'how-to-pay': {
      method: 'GET',
      record: true,
      by: ['user', 'partner', 'finance', 'support', 'moderator'],
      handler: howToPay,
    },
    refundable: { method: 'GET', record: true, by: ['user', 'finance'], handler: refundable },
    // The customer's refund request as it would be taken now (its amount), or its refusal: the request's own rules
    // run without writing anything.
    'refund-request': {
      method: 'GET',
      record: true,
      by: ['user'],
      dryRun: true,
      handler: async (ctx) => {
        const { amount, currency } = await requestRefund(ctx, { orderId: ctx.record!.id });
        return { amount, currency };
      },
    },
    organizer: { method: 'GET', record: true, by: ['user'], handler: organizer },
    // What cancelling the booking now gives back, for the Cancel dialog (its customer only).
    'cancel-preview': { method: 'GET', record: true, by: ['user'], handler: cancelPreview },
    // The gate (SPEC §15, §21): `{code, scheduleId?}`; a partner guessing codes is stopped after 20 misses a minute.
    'check-in': {
      method: 'POST',
      record: false,
      by: ['partner'],
      // Its body is read by the handler: a code, and the departure picked (an empty one is 400 naming `code`).
      body: 'json',
      missLimit: { status: 404, max: 20, windowSeconds: 60 },
      handler: checkIn,
    },
    checkout: {
      method: 'POST',
      record: true,
      action: true,
      by: ['user'],
      requiresEnv: ['PAYMENT_GATEWAY_URL', 'PAYMENT_WEBHOOK_SECRET'],
      handler: checkout,
    },
  },
  access: {
    // Orders are placed by customers only, so prices and seats always go through placeOrder with a user id.
    admin: { read: ['support', 'finance', 'moderator'], create: false, update: [], delete: false },
    partner: {
      scope: 'partnerId',
      read: true,
      revealIn: {
        contactName: ['paid', 'confirmed', 'completed'],
        contactPhone: ['paid', 'confirmed', 'completed'],
        contactEmail: ['paid', 'confirmed', 'completed'],
        note: ['paid', 'confirmed', 'completed'],
      },
    },
    user: { scope: 'userId', read: true, create: true, update: true, hidden: ['commissionRate', 'commission'] },
  },
  // Orders placed in a period (by `createdAt`), over time, by partner, service, tour type and province; the status
  // funnel. Orders, revenue and commission count the orders paid and kept (paid, confirmed, completed: net of
  // refunds); gross bookings the value of every order placed except those cancelled before payment.
  // Refund rate: of the orders placed in a period that were paid, the share refunded since (any approved refund
  // marks the order refunded), by count and by booked value (a partial refund counts the order's whole total).
  // Money figures are finance's (SPEC §1); partners aggregate their own orders.
  stats: {
    time: 'createdAt',
    sum: ['total', 'commission'],
    groupBy: ['status', 'partnerId', 'serviceId', 'serviceId.tourTypeId', 'serviceId.provinceId'],
    where: { status: SOLD },
    measures: { grossBookings: { sum: 'total', where: { status: ['pending_payment', ...SOLD, 'refunded'] } } },
    kpis: ['grossBookings', 'total', 'commission', 'count'],
    top: ['partnerId', 'serviceId'],
    rates: {
      refundRate: {
        part: { status: 'refunded' },
        whole: { status: [...SOLD, 'refunded'] },
        sum: ['total'],
      },
    },
    access: { admin: ['finance'] },
  },
  // An unpaid order holds its seats of the departure's `seatsBooked` (which stores the seats paid for) until
  // `holdExpiresAt`; the API's departures answer both, so seats are on sale again the instant a hold ends.
  holds: {
    ref: 'scheduleId',
    counter: 'seatsBooked',
    amount: 'quantity',
    state: 'pending_payment',
    until: 'holdExpiresAt',
  },
  // Balance sums (partner + status) and seat checks (schedule + status); list indexes come from the filters.
  indexes: [
    ['partnerId', 'status', 'createdAt'],
    ['scheduleId', 'status'],
    // The expiry worker's scan (ended holds) and the per-customer cap on unpaid seats.
    ['status', 'holdExpiresAt'],
    ['userId', 'status'],
  ],
});
