import { describe, expect, it } from 'vitest';
import { searchRoot } from '../../src/core/search';
import type { Field } from '../../src/core/fields';
import { SYSTEM_FIELDS, statusField, transitionSources, type AnyResource } from '../../src/core/resource';
import { ADMIN_ROLES, type Grantee } from '../../src/core/roles';
import { fieldRule } from '../../src/core/validation';
import resources from '../../resources/index';
import { DEFAULT_SETTINGS, SETTINGS_GROUPS, SETTINGS_SHAPES } from '../../resources/settings';

const byName = new Map(resources.map((r) => [r.name, r]));
const GRANTEES: readonly Grantee[] = [...ADMIN_ROLES, 'admin', 'partner', 'user', 'public', 'system'];
const MENU_GROUPS = ['accounts', 'moderation', 'services', 'masterData', 'payments', 'settings', 'system'];
/** States entered by another resource's effect rather than by a transition of their own. */
// States a server-side step enters: an order refunded through its refund, a mail sent (or failed) by the delivery worker.
const ENTERED_BY_EFFECTS: Record<string, string[]> = {
  orders: ['refunded'],
  outbox: ['sent', 'failed'],
  // An incoming payment that pays its order is written matched.
  'incoming-payments': ['matched'],
};

const known = (resource: AnyResource, name: string) =>
  name in resource.fields || (SYSTEM_FIELDS as readonly string[]).includes(name);
const unknownOf = (resource: AnyResource, names: readonly string[] | undefined) =>
  (names ?? []).filter((name) => !known(resource, name));

describe.each(resources.map((r) => [r.name, r] as const))('resource %s', (_, resource) => {
  it('lists, views and indexes only its own fields', () => {
    expect(unknownOf(resource, resource.list.columns)).toEqual([]);
    expect(unknownOf(resource, resource.list.filters)).toEqual([]);
    // A search path through a reference starts from its own `ref` field (config-check reads the rest).
    expect(unknownOf(resource, resource.list.search?.map(searchRoot))).toEqual([]);
    expect(known(resource, resource.list.sort[0])).toBe(true);
    for (const view of [resource.show, resource.create, resource.edit]) {
      if (!view) continue;
      expect(unknownOf(resource, view.fields)).toEqual([]);
      for (const group of view.groups ?? []) expect(unknownOf(resource, group.fields)).toEqual([]);
    }
    for (const index of resource.indexes ?? []) expect(unknownOf(resource, index)).toEqual([]);
    if (resource.recordTitle) expect(known(resource, resource.recordTitle)).toBe(true);
    if (resource.lookupField) expect(resource.fields[resource.lookupField]?.unique).toBe(true);
  });

  it('refers only to existing resources and their fields', () => {
    for (const [name, field] of Object.entries(resource.fields) as [string, Field][]) {
      if (field.kind !== 'ref') continue;
      const target = byName.get(field.reference);
      expect(target, `${name} → ${field.reference}`).toBeDefined();
      if (field.display) expect(known(target!, field.display), `${name}.display`).toBe(true);
    }
    for (const [name, field] of Object.entries(resource.fields) as [string, Field][])
      if (field.kind === 'money') {
        // A currency of the platform's list, or (money as it came in, in any currency) an ISO 4217 code as text.
        const currency = resource.fields[field.currencyField];
        expect(
          currency?.kind === 'enum' || (currency?.kind === 'text' && currency.length === 3),
          `${name} currency`,
        ).toBe(true);
      }
  });

  it('has a coherent workflow', () => {
    const workflow = resource.workflow;
    if (!workflow) return;
    const states = new Set(workflow.states);
    const status = statusField(resource)!;
    expect(resource.fields[status]?.kind).toBe('status');
    expect(states.has(workflow.initial)).toBe(true);
    expect(resource.fields[status]?.default).toBe(workflow.initial);
    const reached = new Set([workflow.initial, ...(ENTERED_BY_EFFECTS[resource.name] ?? [])]);
    for (const [action, transition] of Object.entries(workflow.transitions)) {
      for (const from of transitionSources(transition)) expect(states.has(from), `${action} from ${from}`).toBe(true);
      // A transition without `to` leaves the record in its state (an action on it).
      if (transition.to !== undefined) {
        expect(states.has(transition.to), `${action} to`).toBe(true);
        reached.add(transition.to);
      }
      expect(transition.by.length).toBeGreaterThan(0);
      for (const grantee of transition.by) expect(GRANTEES).toContain(grantee);
      // Every input lands somewhere: its own field, a mapped field, or (false) the audit log only.
      for (const input of [...(transition.requires ?? []), ...(transition.accepts ?? [])]) {
        const target = transition.inputFields?.[input];
        if (target === false) continue;
        expect(known(resource, target ?? input), `${action} input ${input}`).toBe(true);
      }
    }
    expect([...states].filter((s) => !reached.has(s))).toEqual([]);
    for (const state of [...Object.keys(workflow.tones ?? {}), ...(workflow.editableIn ?? [])])
      expect(states.has(state)).toBe(true);
    expect(Object.keys(workflow.tones ?? {}).sort()).toEqual([...states].sort());
    if (workflow.onEdit) {
      for (const state of [...workflow.onEdit.from, workflow.onEdit.to]) expect(states.has(state)).toBe(true);
    }
  });

  it('grants access only to real roles and fields', () => {
    const { admin, partner, user } = resource.access;
    for (const rule of [admin?.read, admin?.create, admin?.update, admin?.delete])
      if (Array.isArray(rule)) for (const role of rule) expect(ADMIN_ROLES).toContain(role);
    for (const owner of [partner, user]) {
      if (!owner) continue;
      expect(known(resource, owner.scope), `scope ${owner.scope}`).toBe(true);
      expect(unknownOf(resource, owner.hidden)).toEqual([]);
      expect(unknownOf(resource, owner.readOnly)).toEqual([]);
      expect(unknownOf(resource, Object.keys(owner.revealIn ?? {}))).toEqual([]);
    }
    const checkWhere = (target: AnyResource, where: Readonly<Record<string, unknown>>) => {
      for (const [name, value] of Object.entries(where)) {
        expect(known(target, name), `${target.name}.${name}`).toBe(true);
        const field = target.fields[name];
        if (value && typeof value === 'object' && !Array.isArray(value) && field?.kind === 'ref')
          checkWhere(byName.get(field.reference)!, value as Record<string, unknown>);
      }
    };
    if (resource.access.public) {
      expect(unknownOf(resource, resource.access.public.fields)).toEqual([]);
      checkWhere(resource, resource.access.public.where);
      // Nothing hidden, write-only or internal is ever public.
      for (const name of resource.access.public.fields) {
        const field = resource.fields[name];
        expect(field && (field.hidden || field.writeOnly || field.kind === 'password')).toBeFalsy();
      }
    }
  });

  it('declares accounts that can sign in', () => {
    const account = resource.account;
    if (!account) return;
    expect(resource.fields.email?.kind).toBe('email');
    expect(resource.fields.email?.unique).toBe(true);
    expect(resource.fields.password?.kind).toBe('password');
    if (account.roleField)
      expect((resource.fields[account.roleField] as { values?: unknown }).values).toEqual(ADMIN_ROLES);
    if (account.lastLoginField) expect(resource.fields[account.lastLoginField]?.kind).toBe('datetime');
    for (const state of account.loginStates ?? []) expect(resource.workflow?.states).toContain(state);
  });

  it('sits in a known menu group', () => {
    if (resource.menu) expect(MENU_GROUPS).toContain(resource.menu.group);
    for (const queue of resource.queues ?? []) {
      if (queue.menu) expect(MENU_GROUPS).toContain(queue.menu.group);
      for (const name of Object.keys(queue.filter)) expect(known(resource, name)).toBe(true);
    }
  });
});

describe('the resource set', () => {
  it('has every entity of SPEC §5 at the paths of SPEC §2', () => {
    const paths = Object.fromEntries(resources.map((r) => [r.name, r.paths]));
    expect(paths).toEqual({
      users: { admin: 'accounts/user', partner: null },
      admins: { admin: 'accounts/admin', partner: null },
      partners: { admin: 'accounts/partner', partner: null },
      'partner-profiles': { admin: 'profile-review', partner: 'profile' },
      services: { admin: 'services/travel', partner: 'services' },
      'tour-types': { admin: 'master-data/tour-types', partner: null },
      provinces: { admin: 'master-data/provinces', partner: null },
      schedules: { admin: 'schedules', partner: 'schedules' },
      orders: { admin: 'orders', partner: 'orders', account: 'orders' },
      payments: { admin: 'payments/history', partner: null },
      refunds: { admin: 'payments/refund-request', partner: null, account: 'refunds' },
      withdrawals: { admin: 'payments/withdraw-request', partner: null },
      complaints: { admin: 'complaint', partner: null, account: 'complaints' },
      // SPEC §16: the admin's reviews (and their queue at review-moderation), the partner's, the traveller's.
      reviews: { admin: 'reviews', partner: 'reviews', account: 'reviews' },
      'incoming-payments': { admin: 'payments/incoming', partner: null },
      settings: { admin: 'settings', partner: null },
      'audit-log': { admin: 'system', partner: null },
      // SPEC §8: each account's notifications, and the mail outbox on the system screen.
      notifications: { admin: 'notifications', partner: 'notifications', account: 'notifications' },
      outbox: { admin: 'system/mail', partner: null },
      // SPEC §19: the resellers who sell through OCTO, an admin's (finance's) list.
      resellers: { admin: 'accounts/resellers', partner: null },
    });
    expect(resources.flatMap((r) => r.queues ?? []).map((q) => q.path)).toEqual([
      'service-review',
      'payments/unmatched',
      'review-moderation',
    ]);
  });

  it('has unique names and URL paths', () => {
    const names = resources.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    const admin = [
      ...resources.map((r) => r.paths.admin),
      ...resources.flatMap((r) => r.queues ?? []).map((q) => q.path),
    ];
    expect(new Set(admin).size).toBe(admin.length);
    for (const area of ['partner', 'account'] as const) {
      const paths = resources.map((r) => r.paths[area]).filter(Boolean);
      expect(new Set(paths).size).toBe(paths.length);
    }
  });

  it('lists referenced resources before the resources that refer to them', () => {
    const seen = new Set<string>();
    for (const resource of resources) {
      for (const field of Object.values(resource.fields) as Field[])
        if (field.kind === 'ref' && field.reference !== resource.name)
          expect(seen, `${resource.name} → ${field.reference}`).toContain(field.reference);
      seen.add(resource.name);
    }
  });

  it('keeps the ledger and the audit trail append-only', () => {
    expect(byName.get('payments')?.appendOnly).toBe(true);
    expect(byName.get('audit-log')).toMatchObject({ appendOnly: true, serverOnly: true, auditLog: true });
    expect(byName.get('settings')).toMatchObject({ lookupField: 'group', settingsStore: true });
  });

  it('ships default settings that satisfy each group’s typed values', () => {
    expect(Object.keys(DEFAULT_SETTINGS).sort()).toEqual([...SETTINGS_GROUPS].sort());
    for (const group of SETTINGS_GROUPS) {
      const shape = SETTINGS_SHAPES[group] as Record<string, Field>;
      const values = DEFAULT_SETTINGS[group];
      expect(Object.keys(values).sort()).toEqual(Object.keys(shape).sort());
      for (const [name, field] of Object.entries(shape))
        expect(() => fieldRule(field, 'create').validateSync(values[name]), `${group}.${name}`).not.toThrow();
    }
  });

  it('asks for a reason wherever SPEC §5 says so', () => {
    const needsReason: [string, string][] = [
      ['partners', 'reject'],
      ['partners', 'suspend'],
      ['partner-profiles', 'reject'],
      ['services', 'reject'],
      ['refunds', 'reject'],
      ['withdrawals', 'reject'],
      ['complaints', 'dismiss'],
    ];
    for (const [name, action] of needsReason)
      expect(byName.get(name)?.workflow?.transitions[action]?.requires, `${name}.${action}`).toContain('reason');
    expect(byName.get('complaints')?.workflow?.transitions.resolve?.requires).toContain('resolution');
  });
});
