import { currency, datetime, json, money, ref, status, text } from '../src/core/fields';
import { defineResource } from '../src/core/resource';
import { TWO_SIGNATURES_ABOVE_THRESHOLD } from './shared/two-signatures';
import { checkStillCovered, requestWithdrawal, writePayout } from './withdrawals.effects';
import { TELL_ADMINS_WHO_MAY_ACT, tellPartner } from './shared/notify';

/**
 * A partner's request to be paid out. A pending or approved request holds its amount (it counts against the
 * available balance) until it is paid (then the `payout` payment counts instead) or rejected/cancelled.
 */
export default defineResource({
  name: 'withdrawals',
  paths: { admin: 'payments/withdraw-request', partner: null },
  menu: { group: 'payments', icon: 'AccountBalance', order: 3, badge: { status: 'pending' } },
  fields: {
    partnerId: ref('partners', { readOnly: true, display: 'companyName', filterable: true }),
    amount: money({ required: true, min: 1, immutable: true, sortable: true, filterable: true }),
    currency: currency({ readOnly: true }),
    // Empty on request: the partner's bank details.
    bankName: text({ maxLength: 120, immutable: true }),
    bankAccountName: text({ maxLength: 120, immutable: true }),
    bankAccountNumber: text({ maxLength: 34, pattern: /^[0-9 -]+$/, patternMessage: 'numbers', immutable: true }),
    note: text({ maxLength: 500 }),
    status: status({ default: 'pending' }),
    reason: text({ readOnly: true, maxLength: 500 }),
    reference: text({ readOnly: true, maxLength: 64, searchable: true }),
    decidedAt: datetime({ readOnly: true, sortable: true }),
    // The admins who approved, when the amount needs two signatures (SPEC §8).
    approvals: json({ readOnly: true }),
    paidAt: datetime({ readOnly: true, sortable: true }),
  },
  recordTitle: 'amount',
  list: {
    columns: ['partnerId', 'amount', 'bankName', 'bankAccountNumber', 'status', 'createdAt', 'paidAt'],
    sort: ['createdAt', 'ASC'],
    filters: ['status', 'partnerId', 'createdAt'],
    search: ['reference', 'bankAccountName'],
    statusTabs: true,
  },
  create: { fields: ['amount', 'bankName', 'bankAccountName', 'bankAccountNumber', 'note'] },
  edit: false,
  workflow: {
    states: ['pending', 'approved', 'paid', 'rejected', 'cancelled'],
    initial: 'pending',
    transitions: {
      approve: {
        notify: tellPartner(),
        from: 'pending',
        to: 'approved',
        by: ['finance'],
        bulk: true,
        tone: 'success',
        guard: checkStillCovered,
        signatures: TWO_SIGNATURES_ABOVE_THRESHOLD,
        effect: async ({ now }) => ({ decidedAt: now.toISOString() }),
      },
      pay: {
        notify: tellPartner(),
        from: 'approved',
        to: 'paid',
        by: ['finance'],
        accepts: ['reference'],
        bulk: true,
        tone: 'primary',
        effect: writePayout,
      },
      reject: {
        notify: tellPartner(),
        from: ['pending', 'approved'],
        to: 'rejected',
        by: ['finance'],
        requires: ['reason'],
        tone: 'error',
        effect: async ({ now }) => ({ decidedAt: now.toISOString() }),
      },
      cancel: { from: 'pending', to: 'cancelled', by: ['partner'], tone: 'warning' },
    },
    tones: { pending: 'warning', approved: 'info', paid: 'success', rejected: 'error', cancelled: 'default' },
  },
  hooks: {
    beforeCreate: ({ values, ...ctx }) => requestWithdrawal(ctx, values),
  },
  // The partner's ledger and withdrawals appear on their revenue screen.
  panelOf: { partner: 'revenue' },
  // Finance decides with the partner's balance in view.
  aside: { via: 'partnerId', endpoint: 'balance' },
  notify: { create: TELL_ADMINS_WHO_MAY_ACT },
  access: {
    admin: { read: ['finance'], create: false, update: [], delete: false },
    partner: { scope: 'partnerId', read: true, create: true },
  },
  indexes: [['partnerId', 'status']],
});
