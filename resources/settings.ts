import { currency, email, enumOf, integer, json, money, percent, phone, text } from '../src/core/fields';
import { LOCALES } from '../src/core/locales';
import { defineResource } from '../src/core/resource';
import { ADMIN_ROLES } from '../src/core/roles';
import { PAYMENT_METHODS } from './shared/payment-methods';
import { DEFAULT_STATEMENT_COLUMNS } from './shared/statement-columns';
import { cancellationPolicy } from './shared/cancellation';
import { qrProfiles } from './shared/qr-profiles';
import { DEFAULT_CANCELLATION_POLICY } from '../src/core/cancellation-terms';
import { DEFAULT_TIME_ZONE } from '../src/core/zoned-time';

export const SETTINGS_GROUPS = ['general', 'commission', 'payments', 'security'] as const;
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];

/** Those who move money or change every account sign in with a second factor in a new database. */
export const TWO_FACTOR_ROLES_DEFAULT = ['super_admin', 'finance'] as const;

/** The typed values of each group: the form of `settings/{group}` and the check of its `values`. */
export const SETTINGS_SHAPES = {
  general: {
    platformName: text({ required: true, maxLength: 80 }),
    // The platform currency: prices, balances and payouts are in it (minor units as Intl has them; LAK: 0).
    currency: currency(),
    defaultLocale: enumOf(LOCALES, { required: true, default: 'lo' }),
    supportEmail: email({ required: true }),
    supportPhone: phone(),
    timezone: text({ required: true, maxLength: 64, default: DEFAULT_TIME_ZONE }),
  },
  commission: {
    // Applies to partners without their own rate, fixed on each order when it is placed.
    defaultRate: percent({ required: true, default: 10 }),
  },
  payments: {
    minWithdrawal: money({ required: true, min: 0, default: 100000 }),
    methods: enumOf(PAYMENT_METHODS, { multiple: true, required: true, default: [...PAYMENT_METHODS] }),
    // How long after departure a customer may still ask for a refund.
    refundWindowDays: integer({ required: true, min: 0, max: 365, default: 30 }),
    // Refunds and withdrawals above this amount (minor units) need two admins' approval; 0: one is enough.
    dualApprovalAbove: money({ min: 0, default: 0 }),
    // The account customers transfer to; an unpaid order shows it with its amount and code (the reference).
    bankName: text({ maxLength: 120 }),
    bankAccountName: text({ maxLength: 120 }),
    bankAccountNumber: text({ maxLength: 64 }),
    // Per currency, the bank QR (LAO QR, PromptPay, VietQR) an unpaid order in it shows beside the account (SPEC §20).
    qrProfiles: qrProfiles(),
    // The bank statement's column names for each value the import reads (incoming-payments.statement.ts).
    statementColumns: json({ default: { ...DEFAULT_STATEMENT_COLUMNS } }),
    // How long a new booking holds its seats unpaid; then they are on sale again and the order expires.
    holdMinutes: integer({ required: true, min: 1, max: 1440, default: 30 }),
    // The seats one customer may hold in unpaid bookings at once.
    maxHeldSeats: integer({ required: true, min: 1, max: 1000, default: 10 }),
    // The cancellation terms of services that state none of their own (SPEC §14).
    cancellationPolicy: cancellationPolicy(),
  },
  security: {
    // Admin roles that must sign in with a second factor (admins.ts `account.twoFactor.requiredFor`).
    twoFactorRoles: enumOf(ADMIN_ROLES, { multiple: true, default: [...TWO_FACTOR_ROLES_DEFAULT] }),
  },
} as const;

/** The rows a fresh database starts with (also the demo data's). */
export const DEFAULT_SETTINGS: Readonly<Record<SettingsGroup, Record<string, unknown>>> = {
  general: {
    platformName: 'Lantern',
    currency: 'LAK',
    defaultLocale: 'lo',
    supportEmail: 'support@example.com',
    supportPhone: '+856 21 212 000',
    timezone: DEFAULT_TIME_ZONE,
  },
  commission: { defaultRate: 10 },
  payments: {
    minWithdrawal: 100000,
    methods: [...PAYMENT_METHODS],
    refundWindowDays: 30,
    dualApprovalAbove: 0,
    bankName: 'BCEL (Banque pour le Commerce Extérieur Lao)',
    bankAccountName: 'Lantern Travel Co., Ltd.',
    bankAccountNumber: '010-12-00-01234567-001',
    // A LAO QR merchant at BCEL (IIN 27710418): the kind of profile the operator's bank hands out.
    qrProfiles: [
      {
        currency: 'LAK',
        preset: 'laoqr',
        tag: '38',
        guid: 'A005266284662577',
        fields: '01=27710418; 02=001; 03=LANTERNTRAVEL01',
        mcc: '4722',
        merchantName: 'Lantern Travel',
        merchantCity: 'Vientiane',
        countryCode: 'LA',
      },
    ],
    statementColumns: { ...DEFAULT_STATEMENT_COLUMNS },
    holdMinutes: 30,
    maxHeldSeats: 10,
    cancellationPolicy: DEFAULT_CANCELLATION_POLICY.map((tier) => ({ ...tier })),
  },
  security: { twoFactorRoles: [...TWO_FACTOR_ROLES_DEFAULT] },
};

/** One row per group (`/api/settings/general`), edited by super_admin. */
export default defineResource({
  name: 'settings',
  paths: { admin: 'settings', partner: null },
  menu: { group: 'settings', icon: 'Settings', order: 1 },
  lookupField: 'group',
  settingsStore: true,
  fields: {
    group: enumOf(SETTINGS_GROUPS, { required: true, unique: true, immutable: true, sortable: true }),
    values: json({ required: true, shapes: { by: 'group', variants: SETTINGS_SHAPES } }),
  },
  recordTitle: 'group',
  list: { columns: ['group', 'updatedAt'], sort: ['group', 'ASC'] },
  create: false,
  edit: { fields: ['values'] },
  access: {
    // Every admin reads them (currency, minimums); only super_admin changes them.
    admin: { read: true, create: [], update: [], delete: false },
    // The platform name, currency and payment rules are shown to visitors and partners.
    public: { where: { group: ['general', 'payments'] }, fields: ['group', 'values'] },
  },
});
