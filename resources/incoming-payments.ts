import { datetime, enumOf, money, ref, status, text } from '../src/core/fields';
import { defineResource } from '../src/core/resource';
import { assignToOrder, MATCH_PROBLEMS } from './incoming-payments.matching';
import { importStatement, SKIP_REASONS, STATEMENT_MAX_BYTES } from './incoming-payments.statement';
import { receiveGatewayEvent } from './incoming-payments.webhook.server';

/**
 * Every payment that came in: each bank statement line imported and each gateway event. A line that names a
 * payable order by its code, with its amount and currency, pays it in the transaction that writes the line
 * (`matched`); any other waits for finance (`unmatched`), who assigns it to an order or ignores it.
 * `(source, externalId)` is unique, so the same money is never counted twice.
 */
export default defineResource({
  name: 'incoming-payments',
  paths: { admin: 'payments/incoming', partner: null },
  menu: { group: 'payments', icon: 'Inbox', order: 0 },
  queues: [
    {
      name: 'unmatched',
      path: 'payments/unmatched',
      filter: { status: 'unmatched' },
      sort: ['receivedAt', 'ASC'],
      menu: { group: 'payments', icon: 'MoveToInbox', order: 0 },
      badge: true,
    },
  ],
  fields: {
    source: enumOf(['bank', 'gateway'], { required: true, readOnly: true, filterable: true }),
    externalId: text({ required: true, readOnly: true, maxLength: 255, filterable: true }),
    receivedAt: datetime({ required: true, readOnly: true, sortable: true, filterable: true }),
    amount: money({ required: true, readOnly: true, sortable: true, filterable: true }),
    // Any ISO 4217 code the bank or gateway names: money in another currency is kept (unmatched), not refused.
    currency: text({ required: true, readOnly: true, length: 3 }),
    reference: text({ readOnly: true, maxLength: 255, searchable: true }),
    orderId: ref('orders', { display: 'code', filterable: true }),
    status: status({ default: 'unmatched' }),
    // Why a payment did not match (a label per code); finance's reason when it is ignored.
    problem: enumOf(MATCH_PROBLEMS, { readOnly: true, filterable: true }),
    reason: text({ readOnly: true, maxLength: 500 }),
  },
  recordTitle: 'externalId',
  list: {
    columns: ['receivedAt', 'source', 'amount', 'reference', 'orderId', 'status', 'problem'],
    sort: ['receivedAt', 'DESC'],
    filters: ['status', 'source', 'problem', 'orderId', 'receivedAt'],
    search: ['reference'],
    statusTabs: true,
  },
  show: {
    fields: [
      'source',
      'externalId',
      'receivedAt',
      'amount',
      'currency',
      'reference',
      'orderId',
      'status',
      'problem',
      'reason',
    ],
  },
  create: false,
  edit: false,
  workflow: {
    states: ['matched', 'unmatched', 'assigned', 'ignored'],
    initial: 'unmatched',
    transitions: {
      assign: {
        from: 'unmatched',
        to: 'assigned',
        by: ['finance'],
        requires: ['orderId'],
        tone: 'success',
        effect: assignToOrder,
      },
      ignore: { from: 'unmatched', to: 'ignored', by: ['finance'], requires: ['reason'], tone: 'warning' },
    },
    tones: { matched: 'success', unmatched: 'warning', assigned: 'info', ignored: 'default' },
  },
  endpoints: {
    import: {
      method: 'POST',
      record: false,
      by: ['finance'],
      body: { file: { maxBytes: STATEMENT_MAX_BYTES, accept: '.csv,text/csv' } },
      listButton: { lists: ['matched', 'skipped', 'unmatched'], reasons: [...SKIP_REASONS, ...MATCH_PROBLEMS] },
      handler: importStatement,
    },
    webhook: {
      method: 'POST',
      record: false,
      by: ['public'],
      body: 'raw',
      requiresEnv: ['PAYMENT_GATEWAY_URL', 'PAYMENT_WEBHOOK_SECRET'],
      handler: receiveGatewayEvent,
    },
  },
  access: {
    admin: { read: ['finance'], create: false, update: [], delete: false },
  },
  uniques: [['source', 'externalId']],
});
