import {
  boolean,
  currency,
  date,
  datetime,
  email,
  enumOf,
  images,
  integer,
  json,
  localized,
  longText,
  money,
  password,
  percent,
  ref,
  status,
  text,
} from '../../src/core/fields';
import { defineResource, type AnyResource } from '../../src/core/resource';
import { ADMIN_ROLES } from '../../src/core/roles';

/**
 * Test-only resources (not product entities): the generator must serve any config, so the REST and
 * workflow tests drive it with these rather than with the marketplace's own resources.
 */
export const staff = defineResource({
  name: 'staff',
  paths: { admin: 'staff', partner: null },
  account: { kind: 'admin', roleField: 'role', loginStates: ['active'] },
  fields: {
    email: email({ required: true, unique: true, searchable: true }),
    fullName: text({ required: true, searchable: true }),
    password: password({ required: true }),
    role: enumOf(ADMIN_ROLES, { required: true, filterable: true }),
    status: status(),
  },
  list: { columns: ['email', 'fullName', 'role'], sort: ['id', 'ASC'] },
  workflow: {
    states: ['active', 'disabled'],
    initial: 'active',
    transitions: {
      disable: { from: 'active', to: 'disabled', by: ['super_admin'] },
      enable: { from: 'disabled', to: 'active', by: ['super_admin'] },
    },
  },
  access: { admin: { read: true } },
});

export const vendors = defineResource({
  name: 'vendors',
  paths: { admin: 'vendors', partner: null },
  account: { kind: 'partner' },
  fields: {
    email: email({ required: true, unique: true, searchable: true }),
    name: text({ required: true, searchable: true, sortable: true }),
    password: password({ required: true }),
    internalNote: text({ hidden: true }),
    status: status(),
  },
  list: { columns: ['email', 'name', 'status'], sort: ['name', 'ASC'], filters: ['status'] },
  workflow: {
    states: ['active', 'blocked'],
    initial: 'active',
    transitions: { block: { from: 'active', to: 'blocked', by: ['moderator'], requires: ['reason'] } },
  },
  access: {
    admin: { read: true, create: ['moderator'], update: ['moderator'] },
    partner: { scope: 'id', read: true, update: true },
  },
});

/** Everything a config can declare, in one resource: every field kind, a workflow, scope, public view, endpoints. */
export const gadgets = defineResource({
  name: 'gadgets',
  paths: { admin: 'gadgets', partner: 'gadgets' },
  fields: {
    vendorId: ref('vendors', { required: true, filterable: true, display: 'name' }),
    code: text({
      required: true,
      unique: true,
      maxLength: 12,
      pattern: /^[A-Z0-9-]+$/,
      patternMessage: 'uppercase',
      searchable: true,
    }),
    title: text({ required: true, maxLength: 80, searchable: true, sortable: true }),
    label: localized({ searchable: true }),
    notes: longText(),
    price: money({ required: true, min: 0, sortable: true }),
    currency: currency(),
    rating: percent(),
    stock: integer({ min: 0, default: 0 }),
    active: boolean({ default: true, filterable: true }),
    releaseDate: date({ sortable: true }),
    lastCheckedAt: datetime(),
    tags: enumOf(['red', 'green', 'blue'], { multiple: true }),
    kind: enumOf(['tool', 'toy'], { filterable: true }),
    photos: images(),
    extra: json(),
    status: status(),
    reviewNote: longText({ readOnly: true }),
    approvals: integer({ readOnly: true, default: 0 }),
  },
  recordTitle: 'title',
  list: {
    columns: ['code', 'title', 'price', 'status'],
    sort: ['createdAt', 'DESC'],
    filters: ['status', 'vendorId', 'kind', 'active'],
  },
  workflow: {
    states: ['draft', 'pending', 'approved', 'rejected'],
    initial: 'draft',
    transitions: {
      submit: { from: ['draft', 'rejected'], to: 'pending', by: ['partner', 'moderator'] },
      approve: {
        from: 'pending',
        to: 'approved',
        by: ['moderator'],
        accepts: ['note'],
        inputFields: { note: 'reviewNote' },
        effect: async (ctx) => ({ approvals: Number(ctx.record.approvals ?? 0) + 1 }),
      },
      reject: {
        from: 'pending',
        to: 'rejected',
        by: ['moderator'],
        requires: ['reason'],
        inputFields: { reason: 'reviewNote' },
      },
      explode: {
        from: 'draft',
        to: 'pending',
        by: ['moderator'],
        guard: (ctx) => ctx.fail(409, 'Guard refused'),
      },
    },
    onEdit: { by: ['partner'], from: ['approved'], to: 'pending' },
  },
  access: {
    admin: { read: true, create: ['moderator'], update: ['moderator'], delete: ['moderator'] },
    partner: { scope: 'vendorId', read: true, create: true, update: true, delete: true },
    public: { where: { status: 'approved', vendorId: { status: 'active' } }, fields: ['title', 'price', 'currency'] },
  },
  hooks: {
    beforeCreate: async (ctx) => ({ notes: ctx.values.notes ?? 'created by hook' }),
    // Fails after the row and its audit row were written: both must roll back.
    afterCreate: async (ctx) => {
      if (ctx.record.title === 'FAIL AFTER INSERT') ctx.fail(409, 'Refused after insert');
    },
  },
  endpoints: {
    summary: {
      method: 'GET',
      record: true,
      by: ['admin', 'partner'],
      handler: async (ctx) => ({ id: ctx.record!.id, title: ctx.record!.title, principal: ctx.principal.kind }),
    },
    count: {
      method: 'GET',
      record: false,
      by: ['admin'],
      handler: async (ctx) => {
        const row = await ctx.trx.selectFrom('gadgets').select(ctx.trx.fn.countAll().as('n')).executeTakeFirstOrThrow();
        return { count: Number(row.n) };
      },
    },
  },
});

export const trail = defineResource({
  name: 'trail',
  paths: { admin: 'trail', partner: null },
  serverOnly: true,
  appendOnly: true,
  auditLog: true,
  fields: {
    actorKind: text({ filterable: true }),
    actorId: integer({ filterable: true }),
    resource: text({ filterable: true }),
    recordId: integer({ filterable: true }),
    action: text({ filterable: true }),
    from: text(),
    to: text(),
    reason: longText(),
    diff: json(),
    at: datetime(),
  },
  list: { columns: ['resource', 'action'], sort: ['id', 'DESC'], filters: ['resource', 'recordId', 'action'] },
  access: { admin: { read: true } },
});

export const prefs = defineResource({
  name: 'prefs',
  paths: { admin: 'prefs', partner: null },
  lookupField: 'key',
  settingsStore: true,
  fields: {
    key: text({ required: true, unique: true, immutable: true }),
    values: json({ required: true }),
  },
  list: { columns: ['key'], sort: ['key', 'ASC'] },
  access: { admin: { read: true, update: [] } },
});

// Typed configs widen to AnyResource only through unknown (the hook and endpoint parameters are contravariant).
export const TEST_RESOURCES = [staff, vendors, gadgets, trail, prefs] as unknown as readonly AnyResource[];
