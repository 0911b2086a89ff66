import {
  datetime,
  email,
  enumOf,
  images,
  localized,
  password,
  percent,
  phone,
  ref,
  status,
  text,
} from '../src/core/fields';
import { LOCALES } from '../src/core/locales';
import { defineResource } from '../src/core/resource';
import { partnerEarningsEndpoint } from './partners.earnings';
import { partnerBalanceEndpoint, partnerRegisterEndpoint } from './partners.effects';
import { TELL_ADMINS_WHO_MAY_ACT, tellPartner } from './shared/notify';
import { moderatorDecisions } from './shared/review';
import { resetTwoFactor } from './shared/second-factor';

/**
 * Partner accounts (tour operators, guides, transport). The live public profile (displayName, description,
 * logo, address) changes only through an approved `partner-profiles` proposal.
 */
export default defineResource({
  name: 'partners',
  paths: { admin: 'accounts/partner', partner: null },
  menu: { group: 'accounts', icon: 'Storefront', order: 3, badge: { status: 'pending' } },
  fields: {
    email: email({ required: true, unique: true, searchable: true, sortable: true, group: 'account' }),
    password: password({ required: true, group: 'account' }),
    companyName: text({ required: true, maxLength: 160, searchable: true, sortable: true, group: 'company' }),
    contactName: text({ required: true, maxLength: 120, searchable: true, group: 'company' }),
    phone: phone({ required: true, group: 'company' }),
    provinceId: ref('provinces', { display: 'name', filterable: true, group: 'company' }),
    taxId: text({ maxLength: 32, pattern: /^[A-Z0-9-]+$/, patternMessage: 'uppercase', group: 'company' }),
    locale: enumOf(LOCALES, { default: 'lo', required: true, group: 'company' }),
    bankName: text({ maxLength: 120, group: 'bank' }),
    bankAccountName: text({ maxLength: 120, group: 'bank' }),
    bankAccountNumber: text({ maxLength: 34, pattern: /^[0-9 -]+$/, patternMessage: 'numbers', group: 'bank' }),
    // Empty means the platform default of the `commission` settings group.
    commissionRate: percent({ sortable: true, group: 'commercial' }),
    displayName: text({ readOnly: true, maxLength: 160, group: 'profile' }),
    description: localized({ readOnly: true, long: true, group: 'profile' }),
    logo: images({ readOnly: true, maxItems: 1, group: 'profile' }),
    address: text({ readOnly: true, maxLength: 300, group: 'profile' }),
    status: status({ default: 'pending' }),
    reason: text({ readOnly: true, maxLength: 500 }),
    approvedAt: datetime({ readOnly: true, sortable: true }),
    lastLoginAt: datetime({ readOnly: true, sortable: true }),
    // Empty until the partner opens the link mailed at registration (or resets the password).
    emailVerifiedAt: datetime({ readOnly: true }),
  },
  recordTitle: 'companyName',
  list: {
    columns: ['companyName', 'contactName', 'email', 'phone', 'provinceId', 'commissionRate', 'status', 'createdAt'],
    sort: ['createdAt', 'DESC'],
    filters: ['status', 'provinceId'],
    search: ['companyName', 'contactName', 'email'],
    statusTabs: true,
  },
  show: {
    groups: [
      { name: 'company', fields: ['companyName', 'contactName', 'email', 'phone', 'provinceId', 'taxId', 'locale'] },
      { name: 'profile', fields: ['displayName', 'description', 'logo', 'address'] },
      { name: 'bank', fields: ['bankName', 'bankAccountName', 'bankAccountNumber'] },
      {
        name: 'commercial',
        fields: ['commissionRate', 'status', 'reason', 'approvedAt', 'emailVerifiedAt', 'lastLoginAt', 'createdAt'],
      },
    ],
  },
  create: {
    groups: [
      { name: 'account', fields: ['email', 'password'] },
      { name: 'company', fields: ['companyName', 'contactName', 'phone', 'provinceId', 'taxId', 'locale'] },
      { name: 'bank', fields: ['bankName', 'bankAccountName', 'bankAccountNumber'] },
      { name: 'commercial', fields: ['commissionRate'] },
    ],
  },
  edit: {
    groups: [
      { name: 'account', fields: ['email', 'password'] },
      { name: 'company', fields: ['companyName', 'contactName', 'phone', 'provinceId', 'taxId', 'locale'] },
      { name: 'bank', fields: ['bankName', 'bankAccountName', 'bankAccountNumber'] },
      { name: 'commercial', fields: ['commissionRate'] },
    ],
  },
  workflow: {
    states: ['pending', 'approved', 'rejected', 'suspended'],
    initial: 'pending',
    transitions: {
      ...moderatorDecisions({
        partnerField: 'id',
        approved: async ({ now }) => ({ approvedAt: now.toISOString(), reason: null }),
      }),
      suspend: {
        notify: tellPartner('id'),
        from: 'approved',
        to: 'suspended',
        by: ['moderator'],
        requires: ['reason'],
        tone: 'warning',
      },
      reinstate: {
        from: 'suspended',
        to: 'approved',
        by: ['moderator'],
        tone: 'success',
        effect: async () => ({ reason: null }),
      },
      'reset-two-factor': resetTwoFactor('partner', ['pending', 'approved', 'rejected', 'suspended']),
    },
    tones: { pending: 'warning', approved: 'success', rejected: 'error', suspended: 'default' },
  },
  notify: { create: TELL_ADMINS_WHO_MAY_ACT },
  access: {
    admin: { read: ['moderator', 'finance', 'support'], create: ['moderator'], update: ['moderator'] },
    // A partner keeps its own contact and bank details; the rate and the company identity are the platform's.
    partner: {
      scope: 'id',
      read: true,
      update: true,
      readOnly: ['email', 'companyName', 'taxId', 'commissionRate'],
    },
    public: {
      where: { status: 'approved' },
      fields: ['companyName', 'displayName', 'description', 'logo', 'provinceId'],
    },
  },
  endpoints: { balance: partnerBalanceEndpoint, earnings: partnerEarningsEndpoint, register: partnerRegisterEndpoint },
  // New partners per period (sign-ups and accounts created by moderators), and where they stand in review: like
  // every statistic, finance's (SPEC §1).
  stats: { time: 'createdAt', order: 1, access: { admin: ['finance'] } },
  // Pending and suspended partners sign in to see their status (SPEC §5: `pending`, `suspended`); rejected ones read the reason.
  account: {
    kind: 'partner',
    loginStates: ['pending', 'approved', 'rejected', 'suspended'],
    lastLoginField: 'lastLoginAt',
    nameField: ['contactName', 'companyName'],
    localeField: 'locale',
    verifiedField: 'emailVerifiedAt',
    // Partners may turn on two-step sign-in for themselves.
    twoFactor: {},
  },
});
