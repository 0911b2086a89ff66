import { datetime, email, enumOf, password, phone, status, text } from '../src/core/fields';
import { LOCALES } from '../src/core/locales';
import { defineResource } from '../src/core/resource';
import { resetTwoFactor } from './shared/second-factor';

/** Customers: they sign in to book, pay, request refunds and file complaints. */
export default defineResource({
  name: 'users',
  paths: { admin: 'accounts/user', partner: null },
  menu: { group: 'accounts', icon: 'Person', order: 1 },
  fields: {
    email: email({ required: true, unique: true, searchable: true, sortable: true }),
    password: password({ required: true }),
    fullName: text({ required: true, maxLength: 120, searchable: true, sortable: true }),
    phone: phone({ searchable: true }),
    locale: enumOf(LOCALES, { default: 'lo', required: true, filterable: true }),
    status: status({ default: 'active' }),
    lockReason: text({ readOnly: true, maxLength: 500 }),
    lastLoginAt: datetime({ readOnly: true, sortable: true }),
    // Empty until the customer opens the link mailed at sign-up (or resets the password); only verified customers book.
    emailVerifiedAt: datetime({ readOnly: true, sortable: true }),
    // A new address the customer gave themselves, until they open the link mailed to it (`pendingEmailField`).
    pendingEmail: email({ readOnly: true }),
  },
  recordTitle: 'fullName',
  list: {
    columns: ['fullName', 'email', 'phone', 'locale', 'status', 'lastLoginAt', 'createdAt'],
    sort: ['createdAt', 'DESC'],
    filters: ['status', 'locale'],
    search: ['email', 'fullName', 'phone'],
    statusTabs: true,
  },
  show: {
    groups: [
      { name: 'account', fields: ['email', 'pendingEmail', 'fullName', 'phone', 'locale'] },
      { name: 'status', fields: ['status', 'lockReason', 'emailVerifiedAt', 'lastLoginAt', 'createdAt', 'updatedAt'] },
    ],
  },
  create: { fields: ['email', 'password', 'fullName', 'phone', 'locale'] },
  edit: { fields: ['email', 'password', 'fullName', 'phone', 'locale'] },
  workflow: {
    states: ['active', 'locked'],
    initial: 'active',
    transitions: {
      lock: {
        from: 'active',
        to: 'locked',
        by: ['moderator', 'support'],
        accepts: ['reason'],
        inputFields: { reason: 'lockReason' },
        bulk: true,
        tone: 'error',
      },
      unlock: { from: 'locked', to: 'active', by: ['moderator', 'support'], bulk: true, tone: 'success' },
      'reset-two-factor': resetTwoFactor('user', ['active', 'locked']),
    },
    tones: { active: 'success', locked: 'error' },
  },
  access: {
    // finance reads customers because refunds and payments show who paid.
    admin: {
      read: ['moderator', 'support', 'finance'],
      create: ['moderator', 'support'],
      update: ['moderator', 'support'],
    },
    user: { scope: 'id', read: true, update: true, hidden: ['lockReason'] },
  },
  account: {
    kind: 'user',
    loginStates: ['active'],
    lastLoginField: 'lastLoginAt',
    localeField: 'locale',
    verifiedField: 'emailVerifiedAt',
    pendingEmailField: 'pendingEmail',
    // Customers sign themselves up (`POST /api/auth/signup`).
    signUp: ['email', 'fullName', 'password', 'phone', 'locale'],
    // Customers may turn on two-step sign-in for themselves.
    twoFactor: {},
  },
});
