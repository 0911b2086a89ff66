import { currency, datetime, enumOf, json, longText, money, ref, status, text } from '../src/core/fields';
import { defineResource } from '../src/core/resource';
import { approveRefund, requestRefund } from './refunds.effects';
import { TWO_SIGNATURES_ABOVE_THRESHOLD } from './shared/two-signatures';
import { mailUser, TELL_ADMINS_WHO_MAY_ACT } from './shared/notify';

/** Who opened a refund request (SPEC §21). */
const REFUND_SOURCES = ['cancellation', 'complaint', 'customer', 'finance'] as const;

/** A customer's request for money back on a paid order; finance decides. */
export default defineResource({
  name: 'refunds',
  paths: { admin: 'payments/refund-request', partner: null, account: 'refunds' },
  menu: { group: 'payments', icon: 'CurrencyExchange', order: 2, badge: { status: 'pending' } },
  fields: {
    orderId: ref('orders', { required: true, immutable: true, display: 'code', filterable: true }),
    userId: ref('users', { readOnly: true, display: 'fullName', filterable: true }),
    partnerId: ref('partners', { readOnly: true, display: 'companyName', filterable: true }),
    // Empty on request: everything still refundable.
    amount: money({ min: 1, immutable: true, sortable: true, filterable: true }),
    currency: currency({ readOnly: true }),
    reason: longText({ required: true, maxLength: 1000, immutable: true, searchable: true }),
    // Where the request came from: a cancellation under the terms, a complaint, the customer, or finance itself.
    source: enumOf(REFUND_SOURCES, { immutable: true, filterable: true }),
    // What the booking's cancellation terms gave back when it was asked, for finance to read beside `amount`.
    termsAmount: money({ readOnly: true }),
    status: status({ default: 'pending' }),
    rejectionReason: text({ readOnly: true, maxLength: 500 }),
    decidedAt: datetime({ readOnly: true, sortable: true }),
    // The admins who approved, when the amount needs two signatures (SPEC §8).
    approvals: json({ readOnly: true }),
  },
  recordTitle: 'orderId',
  list: {
    columns: ['orderId', 'userId', 'amount', 'termsAmount', 'source', 'reason', 'status', 'createdAt'],
    sort: ['createdAt', 'ASC'],
    filters: ['status', 'source', 'partnerId', 'userId', 'orderId', 'createdAt'],
    search: ['reason'],
    statusTabs: true,
  },
  create: { fields: ['orderId', 'amount', 'source', 'reason'] },
  edit: false,
  workflow: {
    states: ['pending', 'approved', 'rejected'],
    initial: 'pending',
    transitions: {
      approve: {
        notify: mailUser('refunds.approved', { via: 'orderId' }),
        from: 'pending',
        to: 'approved',
        by: ['finance'],
        bulk: true,
        tone: 'success',
        signatures: TWO_SIGNATURES_ABOVE_THRESHOLD,
        effect: approveRefund,
      },
      reject: {
        notify: mailUser('refunds.rejected', { via: 'orderId' }),
        from: 'pending',
        to: 'rejected',
        by: ['finance'],
        requires: ['reason'],
        // `reason` is the customer's; the decision's reason has its own field.
        inputFields: { reason: 'rejectionReason' },
        bulk: true,
        tone: 'error',
        effect: async ({ now }) => ({ decidedAt: now.toISOString() }),
      },
    },
    tones: { pending: 'warning', approved: 'success', rejected: 'error' },
  },
  hooks: {
    beforeCreate: ({ values, ...ctx }) => requestRefund(ctx, values),
  },
  notify: { create: TELL_ADMINS_WHO_MAY_ACT },
  access: {
    admin: { read: ['finance'], create: ['finance'], update: [], delete: false },
    partner: { scope: 'partnerId', read: true },
    // A customer's own request is always theirs: its source is not theirs to choose.
    user: { scope: 'userId', read: true, create: true, readOnly: ['source'] },
  },
  indexes: [['orderId', 'status']],
});
