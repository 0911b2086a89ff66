import { currency, enumOf, money, ref, text } from '../src/core/fields';
import { defineResource } from '../src/core/resource';
import { LEDGER_METHODS } from './shared/payment-methods';

/**
 * The money ledger: every movement is one row, written only by workflow effects (order paid, refund approved,
 * withdrawal paid, departure cancelled) and never edited or deleted. A correction is a new row.
 */
export default defineResource({
  name: 'payments',
  paths: { admin: 'payments/history', partner: null },
  menu: { group: 'payments', icon: 'Payments', order: 1 },
  appendOnly: true,
  fields: {
    kind: enumOf(['charge', 'refund', 'payout'], { required: true, filterable: true, sortable: true }),
    amount: money({ required: true, min: 1, sortable: true, filterable: true }),
    currency: currency(),
    method: enumOf(LEDGER_METHODS, { required: true, filterable: true }),
    reference: text({ maxLength: 64, searchable: true }),
    status: enumOf(['completed', 'failed'], { required: true, default: 'completed', filterable: true }),
    orderId: ref('orders', { display: 'code', filterable: true }),
    partnerId: ref('partners', { required: true, display: 'companyName', filterable: true }),
    userId: ref('users', { display: 'fullName', filterable: true }),
    refundId: ref('refunds', { filterable: true }),
    withdrawalId: ref('withdrawals', { filterable: true }),
    note: text({ maxLength: 500 }),
    // A charge's evidence: the incoming payment that paid it, or the finance admin who recorded it by hand.
    incomingPaymentId: ref('incoming-payments', { display: 'externalId', filterable: true }),
    recordedById: ref('admins', { display: 'fullName', filterable: true }),
    // Or the reseller on whose account a booking it sold was confirmed (SPEC §19): its charge and, on a cancellation,
    // the credit back; finance collects the difference from the reseller.
    resellerId: ref('resellers', { display: 'name', filterable: true }),
  },
  recordTitle: 'reference',
  list: {
    columns: ['createdAt', 'kind', 'amount', 'currency', 'method', 'reference', 'orderId', 'partnerId', 'status'],
    // The amount already names its currency.
    hidden: ['currency'],
    sort: ['createdAt', 'DESC'],
    filters: ['kind', 'method', 'status', 'partnerId', 'userId', 'orderId', 'resellerId', 'createdAt'],
    search: ['reference'],
    totals: ['amount'],
  },
  create: false,
  edit: false,
  // The partner's ledger and withdrawals appear on their revenue screen.
  panelOf: { partner: 'revenue' },
  access: {
    // Nobody writes the ledger through the API; effects insert through the DataContext.
    admin: { read: ['finance'], create: false, update: false, delete: false },
    partner: { scope: 'partnerId', read: true, hidden: ['incomingPaymentId', 'recordedById'] },
    user: { scope: 'userId', read: true, hidden: ['withdrawalId', 'incomingPaymentId', 'recordedById', 'resellerId'] },
  },
  // Payout sums per partner and paid/refunded sums per order.
  indexes: [
    ['partnerId', 'kind', 'createdAt'],
    ['orderId', 'kind'],
  ],
});
