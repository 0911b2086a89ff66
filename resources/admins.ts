import { ADMIN_ROLES } from '../src/core/roles';
import { datetime, email, enumOf, password, phone, status, text } from '../src/core/fields';
import { LOCALES } from '../src/core/locales';
import { defineResource } from '../src/core/resource';
import { keepOneSuperAdmin, notOwnAccount } from './admins.effects';
import { resetTwoFactor } from './shared/second-factor';

/** Back-office staff; their `role` is the sub-role of SPEC §1. Only super_admin manages them. */
export default defineResource({
  name: 'admins',
  paths: { admin: 'accounts/admin', partner: null },
  menu: { group: 'accounts', icon: 'AdminPanelSettings', order: 2 },
  fields: {
    email: email({ required: true, unique: true, searchable: true, sortable: true }),
    password: password({ required: true }),
    fullName: text({ required: true, maxLength: 120, searchable: true, sortable: true }),
    role: enumOf(ADMIN_ROLES, { required: true, default: 'support', filterable: true, sortable: true }),
    phone: phone(),
    locale: enumOf(LOCALES, { default: 'en', required: true }),
    status: status({ default: 'active' }),
    lastLoginAt: datetime({ readOnly: true, sortable: true }),
  },
  recordTitle: 'fullName',
  list: {
    columns: ['fullName', 'email', 'role', 'status', 'lastLoginAt', 'createdAt'],
    sort: ['fullName', 'ASC'],
    filters: ['role', 'status'],
    search: ['email', 'fullName'],
  },
  create: { fields: ['email', 'password', 'fullName', 'role', 'phone', 'locale'] },
  edit: { fields: ['email', 'password', 'fullName', 'role', 'phone', 'locale'] },
  workflow: {
    states: ['active', 'disabled'],
    initial: 'active',
    transitions: {
      disable: { from: 'active', to: 'disabled', by: ['super_admin'], guard: keepOneSuperAdmin, tone: 'error' },
      enable: { from: 'disabled', to: 'active', by: ['super_admin'], tone: 'success' },
      'reset-two-factor': resetTwoFactor('admin', ['active', 'disabled'], notOwnAccount),
    },
    tones: { active: 'success', disabled: 'default' },
  },
  access: {
    // Moderators and support read colleagues to assign complaints; only super_admin writes.
    admin: { read: ['moderator', 'support'], create: [], update: [], delete: [] },
  },
  account: {
    kind: 'admin',
    roleField: 'role',
    loginStates: ['active'],
    lastLoginField: 'lastLoginAt',
    localeField: 'locale',
    // Those who move money sign in with a second factor: which roles must is a setting (SPEC §12).
    twoFactor: { requiredFor: 'security.twoFactorRoles' },
  },
});
