import { datetime, images, localized, ref, status, text } from '../src/core/fields';
import { defineResource } from '../src/core/resource';
import { copyProfileToPartner } from './partner-profiles.effects';
import { partnerReview } from './shared/review';

/**
 * A partner's proposed public profile. One row per partner: the partner edits it and submits it; an approval
 * copies it into the live `partners` row, a rejection leaves the live profile as it was.
 */
export default defineResource({
  name: 'partner-profiles',
  paths: { admin: 'profile-review', partner: 'profile' },
  menu: { group: 'moderation', icon: 'ManageAccounts', order: 1, badge: { status: 'pending' } },
  fields: {
    partnerId: ref('partners', {
      required: true,
      unique: true,
      immutable: true,
      display: 'companyName',
      filterable: true,
    }),
    displayName: text({ required: true, maxLength: 160, searchable: true }),
    description: localized({ long: true, required: true }),
    logo: images({ maxItems: 1 }),
    address: text({ maxLength: 300 }),
    status: status({ default: 'draft' }),
    reason: text({ readOnly: true, maxLength: 500 }),
    submittedAt: datetime({ readOnly: true, sortable: true }),
    reviewedAt: datetime({ readOnly: true, sortable: true }),
  },
  recordTitle: 'displayName',
  list: {
    columns: ['partnerId', 'displayName', 'status', 'submittedAt', 'reviewedAt'],
    // The review queue: oldest submission first.
    sort: ['submittedAt', 'ASC'],
    filters: ['status', 'partnerId'],
    search: ['displayName'],
    statusTabs: true,
    // The review screen opens on what waits for a decision.
    defaultFilter: { status: 'pending' },
  },
  // A moderator sees the proposal beside the live profile it would replace.
  compare: {
    via: 'partnerId',
    fields: { displayName: 'displayName', description: 'description', logo: 'logo', address: 'address' },
  },
  show: { fields: ['partnerId', 'displayName', 'description', 'logo', 'address', 'status', 'reason', 'submittedAt'] },
  create: { fields: ['partnerId', 'displayName', 'description', 'logo', 'address'] },
  edit: { fields: ['displayName', 'description', 'logo', 'address'] },
  workflow: {
    states: ['draft', 'pending', 'approved', 'rejected'],
    initial: 'draft',
    transitions: {
      ...partnerReview({
        approved: copyProfileToPartner,
        rejected: async ({ now }) => ({ reviewedAt: now.toISOString() }),
      }),
    },
    // Changing an already reviewed proposal makes it a new draft to submit again.
    onEdit: { by: ['partner'], from: ['approved', 'rejected'], to: 'draft' },
    editableIn: ['draft', 'approved', 'rejected'],
    tones: { draft: 'default', pending: 'warning', approved: 'success', rejected: 'error' },
  },
  access: {
    admin: { read: ['moderator', 'support'], create: ['moderator'], update: ['moderator'] },
    partner: { scope: 'partnerId', read: true, create: true, update: true },
  },
});
