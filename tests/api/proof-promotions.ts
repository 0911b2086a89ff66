import { currency, date, datetime, localized, money, ref, status, text } from '../../src/core/fields';
import { defineResource } from '../../src/core/resource';

/**
 * The proof entity (docs/resources.md, worked example): a partner's discount campaign, reviewed by a
 * moderator before it runs. The proof tests copy this file to `resources/promotions.ts` in a temporary
 * copy of the project (rewriting `../../src/` to `../src/`) and add nothing else but its labels.
 */
export default defineResource({
  name: 'promotions',
  paths: { admin: 'promotions', partner: 'promotions' },
  menu: { group: 'services', icon: 'Storefront', order: 3 },
  fields: {
    partnerId: ref('partners', { required: true, immutable: true, display: 'companyName', filterable: true }),
    title: localized({ required: true, requiredLocales: ['en'], searchable: true }),
    discount: money({ required: true, min: 1000, max: 100_000_000, sortable: true }),
    currency: currency(),
    startsOn: date({ required: true, sortable: true }),
    endsOn: date({ required: true, sortable: true }),
    status: status({ default: 'draft' }),
    reason: text({ readOnly: true, maxLength: 500 }),
    submittedAt: datetime({ readOnly: true, sortable: true }),
  },
  recordTitle: 'title',
  // The campaign's validity window ends on or after the day it starts: shown in the form as the partner types,
  // refused by the server on every save.
  rules: [{ field: 'endsOn', atLeast: 'startsOn' }],
  list: {
    columns: ['title', 'partnerId', 'discount', 'startsOn', 'endsOn', 'status'],
    sort: ['startsOn', 'DESC'],
    filters: ['status', 'partnerId'],
    search: ['title'],
    statusTabs: true,
  },
  create: { fields: ['partnerId', 'title', 'discount', 'currency', 'startsOn', 'endsOn'] },
  edit: { fields: ['title', 'discount', 'currency', 'startsOn', 'endsOn'] },
  workflow: {
    states: ['draft', 'pending', 'approved', 'rejected'],
    initial: 'draft',
    transitions: {
      submit: {
        from: ['draft', 'rejected'],
        to: 'pending',
        by: ['partner'],
        tone: 'primary',
        effect: async ({ now }) => ({ submittedAt: now.toISOString(), reason: null }),
      },
      approve: { from: 'pending', to: 'approved', by: ['moderator'], bulk: true, tone: 'success' },
      reject: { from: 'pending', to: 'rejected', by: ['moderator'], requires: ['reason'], tone: 'error' },
    },
    onEdit: { by: ['partner'], from: ['approved'], to: 'pending' },
    editableIn: ['draft', 'rejected', 'approved'],
    tones: { draft: 'default', pending: 'warning', approved: 'success', rejected: 'error' },
  },
  access: {
    admin: { read: true, create: ['moderator'], update: ['moderator'], delete: ['moderator'] },
    partner: { scope: 'partnerId', read: true, create: true, update: true },
  },
});
