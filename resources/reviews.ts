import { datetime, enumOf, integer, longText, ref, status, text } from '../src/core/fields';
import { LOCALES } from '../src/core/locales';
import { defineResource } from '../src/core/resource';
import { markPublished, replyOnce, writeReview } from './reviews.effects';
import { TELL_ADMINS_WHO_MAY_ACT, TELL_USER } from './shared/notify';

/**
 * What a traveller who went says of a service (SPEC §16): only the customer of a completed order writes one, once,
 * within 90 days; a moderator publishes or rejects it; the partner answers a published one once, in public.
 */
export default defineResource({
  name: 'reviews',
  paths: { admin: 'reviews', partner: 'reviews', account: 'reviews' },
  menu: { group: 'moderation', icon: 'RateReview', order: 5 },
  queues: [
    {
      name: 'moderation',
      path: 'review-moderation',
      filter: { status: 'pending' },
      sort: ['createdAt', 'ASC'],
      menu: { group: 'moderation', icon: 'Reviews', order: 4 },
      badge: true,
    },
  ],
  fields: {
    orderId: ref('orders', { required: true, immutable: true, unique: true, display: 'code', filterable: true }),
    serviceId: ref('services', { readOnly: true, display: 'title', filterable: true }),
    partnerId: ref('partners', { readOnly: true, display: 'companyName', filterable: true }),
    userId: ref('users', { readOnly: true, display: 'fullName', filterable: true }),
    // What the public reads of the reviewer: a first name and an initial, never the account.
    reviewerName: text({ readOnly: true, maxLength: 80 }),
    // Read "★★★★☆ 4/5" wherever it is drawn, never a bare "4".
    rating: integer({ required: true, min: 1, max: 5, sortable: true, filterable: true, stars: true }),
    text: longText({ maxLength: 2000, searchable: true }),
    locale: enumOf(LOCALES, { readOnly: true, filterable: true }),
    status: status({ default: 'pending' }),
    reason: text({ readOnly: true, maxLength: 500 }),
    publishedAt: datetime({ readOnly: true, sortable: true }),
    reply: longText({ readOnly: true, maxLength: 2000 }),
    repliedAt: datetime({ readOnly: true }),
  },
  recordTitle: 'reviewerName',
  list: {
    columns: ['serviceId', 'rating', 'text', 'reviewerName', 'locale', 'status', 'createdAt'],
    sort: ['createdAt', 'DESC'],
    filters: ['status', 'rating', 'serviceId', 'partnerId', 'locale', 'createdAt'],
    search: ['text'],
    statusTabs: true,
  },
  show: {
    fields: [
      'serviceId',
      'orderId',
      'rating',
      'text',
      'reviewerName',
      'locale',
      'status',
      'reason',
      'publishedAt',
      'reply',
      'repliedAt',
      'createdAt',
    ],
  },
  // "How was Sunset cruise?": the form names the trip its booking was for.
  create: { fields: ['orderId', 'rating', 'text'], about: ['orderId', 'serviceId'] },
  edit: false,
  workflow: {
    states: ['pending', 'published', 'rejected'],
    initial: 'pending',
    transitions: {
      publish: {
        notify: [{ to: { account: 'partner', field: 'partnerId' }, message: 'publishPartner' }, ...TELL_USER],
        from: 'pending',
        to: 'published',
        by: ['moderator'],
        bulk: true,
        tone: 'success',
        effect: markPublished,
      },
      reject: {
        notify: TELL_USER,
        from: 'pending',
        to: 'rejected',
        by: ['moderator'],
        requires: ['reason'],
        bulk: true,
        tone: 'error',
      },
      // The partner's public answer, once, to a published review.
      reply: {
        from: 'published',
        by: ['partner'],
        requires: ['reply'],
        tone: 'primary',
        offered: { whileEmpty: 'repliedAt' },
        guard: replyOnce,
        effect: async ({ now }) => ({ repliedAt: now.toISOString() }),
      },
    },
    tones: { pending: 'warning', published: 'success', rejected: 'default' },
  },
  hooks: {
    beforeCreate: ({ values, ...ctx }) => writeReview(ctx, values),
  },
  notify: { create: TELL_ADMINS_WHO_MAY_ACT },
  access: {
    admin: { read: ['moderator', 'support'], create: false, update: false },
    partner: { scope: 'partnerId', read: true, hidden: ['userId'] },
    user: { scope: 'userId', read: true, create: true },
    public: {
      where: { status: 'published' },
      fields: ['serviceId', 'reviewerName', 'rating', 'text', 'locale', 'publishedAt', 'reply', 'repliedAt'],
    },
  },
});
