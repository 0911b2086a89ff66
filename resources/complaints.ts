import { datetime, enumOf, longText, ref, status, text } from '../src/core/fields';
import { defineResource } from '../src/core/resource';
import { assignComplaint, fileComplaint, startComplaint } from './complaints.effects';
import { mailUser, TELL_ADMINS_WHO_MAY_ACT, TELL_USER } from './shared/notify';

/** A customer's complaint, optionally about an order (then the partner sees it too). */
export default defineResource({
  name: 'complaints',
  paths: { admin: 'complaint', partner: null, account: 'complaints' },
  menu: { group: 'moderation', icon: 'ReportProblem', order: 3, badge: { status: 'open' } },
  fields: {
    orderId: ref('orders', { display: 'code', filterable: true, immutable: true }),
    userId: ref('users', { readOnly: true, display: 'fullName', filterable: true }),
    partnerId: ref('partners', { readOnly: true, display: 'companyName', filterable: true }),
    category: enumOf(['booking', 'payment', 'service_quality', 'safety', 'refund', 'other'], {
      required: true,
      default: 'other',
      filterable: true,
    }),
    subject: text({ required: true, maxLength: 200, searchable: true }),
    message: longText({ required: true, maxLength: 5000, searchable: true }),
    priority: enumOf(['low', 'normal', 'high', 'urgent'], {
      required: true,
      default: 'normal',
      filterable: true,
      sortable: true,
    }),
    assigneeId: ref('admins', { display: 'fullName', filterable: true }),
    status: status({ default: 'open' }),
    resolution: longText({ readOnly: true, maxLength: 5000 }),
    reason: text({ readOnly: true, maxLength: 500 }),
    resolvedAt: datetime({ readOnly: true, sortable: true }),
  },
  recordTitle: 'subject',
  list: {
    columns: ['subject', 'category', 'priority', 'userId', 'partnerId', 'assigneeId', 'status', 'createdAt'],
    sort: ['createdAt', 'DESC'],
    filters: ['status', 'priority', 'category', 'assigneeId', 'partnerId', 'userId', 'createdAt'],
    search: ['subject', 'message'],
    statusTabs: true,
    mine: 'assigneeId',
  },
  show: {
    fields: [
      'subject',
      'message',
      'category',
      'priority',
      'orderId',
      'userId',
      'partnerId',
      'assigneeId',
      'status',
      'resolution',
      'reason',
      'resolvedAt',
      'createdAt',
    ],
  },
  create: { fields: ['orderId', 'category', 'subject', 'message'] },
  edit: { fields: ['category', 'priority', 'assigneeId'] },
  workflow: {
    states: ['open', 'in_progress', 'resolved', 'dismissed'],
    initial: 'open',
    transitions: {
      // Assigning does not start the work; the assignee starts it.
      assign: {
        from: 'open',
        to: 'open',
        by: ['moderator', 'support'],
        accepts: ['assigneeId'],
        bulk: true,
        tone: 'primary',
        effect: assignComplaint,
      },
      start: {
        from: 'open',
        to: 'in_progress',
        by: ['moderator', 'support'],
        tone: 'primary',
        effect: startComplaint,
      },
      resolve: {
        notify: TELL_USER,
        from: 'in_progress',
        to: 'resolved',
        by: ['moderator', 'support'],
        requires: ['resolution'],
        tone: 'success',
        effect: async ({ now }) => ({ resolvedAt: now.toISOString() }),
      },
      dismiss: {
        notify: TELL_USER,
        from: ['open', 'in_progress'],
        to: 'dismissed',
        by: ['moderator', 'support'],
        requires: ['reason'],
        bulk: true,
        tone: 'error',
        effect: async ({ now }) => ({ resolvedAt: now.toISOString() }),
      },
    },
    editableIn: ['open', 'in_progress'],
    tones: { open: 'warning', in_progress: 'info', resolved: 'success', dismissed: 'default' },
  },
  hooks: {
    beforeCreate: ({ values, ...ctx }) => fileComplaint(ctx, values),
  },
  // The customer's receipt: their complaint reached the team.
  notify: {
    create: [
      ...TELL_ADMINS_WHO_MAY_ACT,
      ...mailUser('complaints.received', { self: true, message: 'createCustomer', via: 'orderId' }),
    ],
  },
  access: {
    admin: { read: ['moderator', 'support'], create: false, update: ['moderator', 'support'] },
    partner: { scope: 'partnerId', read: true, hidden: ['assigneeId', 'userId'] },
    user: { scope: 'userId', read: true, create: true, hidden: ['assigneeId'], readOnly: ['priority'] },
  },
});
