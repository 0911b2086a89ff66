import { currency, datetime, images, integer, json, localized, money, ref, status, text } from '../src/core/fields';
import { defineResource } from '../src/core/resource';
import { prepareService, updateService } from './services.effects';
import { ticketTypes } from './shared/ticket-types';
import { cancellationPolicy } from './shared/cancellation';
import { tellPartner } from './shared/notify';
import { partnerReview } from './shared/review';
import { servicesResale } from './services.resale.server';

/** A travel service a partner sells; only approved services of approved partners are public. */
/** What a tour is, as every form, page and the public read it, in this order. */
const DETAILS = [
  'tourTypeId',
  'provinceId',
  'durationDays',
  'ticketTypes',
  'currency',
  'capacity',
  'meetingPoint',
  'cancellationPolicy',
] as const;

export default defineResource({
  name: 'services',
  paths: { admin: 'services/travel', partner: 'services' },
  menu: { group: 'services', icon: 'Luggage', order: 1 },
  queues: [
    {
      name: 'review',
      path: 'service-review',
      filter: { status: 'pending' },
      sort: ['submittedAt', 'ASC'],
      menu: { group: 'moderation', icon: 'FactCheck', order: 2 },
      badge: true,
      // A reviewer decides on the whole service: content, details and photos on one page.
      showLayout: 'sections',
    },
  ],
  fields: {
    partnerId: ref('partners', { required: true, immutable: true, display: 'companyName', filterable: true }),
    title: localized({ required: true, searchable: true, group: 'content' }),
    description: localized({ long: true, group: 'content' }),
    tourTypeId: ref('tour-types', { required: true, display: 'name', filterable: true, group: 'details' }),
    provinceId: ref('provinces', { required: true, display: 'name', filterable: true, group: 'details' }),
    durationDays: integer({ required: true, min: 1, max: 60, default: 1, sortable: true, group: 'details' }),
    // The default ticket type's price (the first of `ticketTypes`), kept so by the server: what `{quantity}` alone
    // books and what lists and cards show. Sent alone, it sets that type's price.
    price: money({ min: 1, sortable: true, filterable: true, group: 'details' }),
    // Price categories (ADULT, CHILD, …), the first the default; none sent on create: one ADULT at `price`.
    ticketTypes: ticketTypes({ group: 'details' }),
    currency: currency({ group: 'details' }),
    capacity: integer({ required: true, min: 1, max: 1000, default: 10, group: 'details' }),
    meetingPoint: localized({ group: 'details' }),
    // Refund tiers, most generous first (SPEC §14); empty on create: the platform's (settings.payments).
    cancellationPolicy: cancellationPolicy({ group: 'details' }),
    images: images({ maxItems: 10, group: 'photos' }),
    // {average, count} of its published reviews, counted again when one is published (reviews.effects.ts).
    rating: json({ readOnly: true, default: { average: null, count: 0 } }),
    status: status({ default: 'draft' }),
    reason: text({ readOnly: true, maxLength: 500 }),
    submittedAt: datetime({ readOnly: true, sortable: true }),
    approvedAt: datetime({ readOnly: true, sortable: true }),
  },
  recordTitle: 'title',
  list: {
    columns: ['title', 'partnerId', 'tourTypeId', 'provinceId', 'durationDays', 'price', 'status', 'updatedAt'],
    sort: ['updatedAt', 'DESC'],
    filters: ['status', 'partnerId', 'tourTypeId', 'provinceId'],
    // A traveller names a place or a kind of trip as often as a title's words (SPEC §17).
    search: ['title', 'description', 'provinceId.name', 'tourTypeId.name'],
    statusTabs: true,
  },
  show: {
    groups: [
      { name: 'content', fields: ['title', 'description', 'images'] },
      {
        name: 'details',
        fields: ['partnerId', ...DETAILS],
      },
      { name: 'review', fields: ['status', 'reason', 'submittedAt', 'approvedAt', 'createdAt', 'updatedAt'] },
    ],
  },
  create: {
    groups: [
      { name: 'content', fields: ['partnerId', 'title', 'description'] },
      {
        name: 'details',
        fields: [...DETAILS],
      },
      { name: 'photos', fields: ['images'] },
    ],
  },
  edit: {
    groups: [
      { name: 'content', fields: ['title', 'description'] },
      {
        name: 'details',
        fields: [...DETAILS],
      },
      { name: 'photos', fields: ['images'] },
    ],
  },
  workflow: {
    states: ['draft', 'pending', 'approved', 'rejected', 'suspended', 'archived'],
    initial: 'draft',
    transitions: {
      ...partnerReview({ approved: async ({ now }) => ({ approvedAt: now.toISOString(), reason: null }) }),
      suspend: {
        notify: tellPartner(),
        from: 'approved',
        to: 'suspended',
        by: ['moderator'],
        accepts: ['reason'],
        bulk: true,
        tone: 'warning',
      },
      reinstate: {
        from: 'suspended',
        to: 'approved',
        by: ['moderator'],
        tone: 'success',
        effect: async () => ({ reason: null }),
      },
      archive: {
        from: ['draft', 'approved', 'rejected', 'suspended'],
        to: 'archived',
        by: ['partner'],
        tone: 'warning',
      },
    },
    // A partner's change to a live service goes back to review before the public sees it.
    onEdit: { by: ['partner'], from: ['approved'], to: 'pending' },
    editableIn: ['draft', 'pending', 'approved', 'rejected', 'suspended'],
    tones: {
      draft: 'default',
      pending: 'warning',
      approved: 'success',
      rejected: 'error',
      suspended: 'warning',
      archived: 'default',
    },
  },
  hooks: {
    beforeCreate: ({ values, ...ctx }) => prepareService(ctx, values),
    beforeUpdate: ({ patch, before, ...ctx }) => updateService(ctx, patch, before),
  },
  // Sold by resellers through OCTO (SPEC §19): the mapping, server-side.
  resale: servicesResale,
  access: {
    admin: { read: true, create: ['moderator'], update: ['moderator'] },
    partner: { scope: 'partnerId', read: true, create: true, update: true },
    public: {
      where: { status: 'approved', partnerId: { status: 'approved' } },
      fields: ['partnerId', 'title', 'description', ...DETAILS, 'price', 'images', 'rating'],
    },
  },
});
