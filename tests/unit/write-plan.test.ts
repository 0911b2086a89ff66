/**
 * The write plans (src/server/engine/write-plan.ts) are compiled once from the resource configs at start: once made,
 * answering a write request (who may write, which rows, which fields and schema, whom to tell) reads nothing more
 * from the config, and answers what the config says.
 */
import { describe, expect, it } from 'vitest';
import resources from '../../resources/index';
import { can, ownerRule, writableFieldsFor } from '../../src/core/access';
import type { AnyResource, Verb } from '../../src/core/resource';
import { ADMIN_ROLES, SYSTEM, type Principal } from '../../src/core/roles';
import { WritePlan } from '../../src/server/engine/write-plan';
import { isSecretField, Registry, toColumns, toRecord } from '../../src/server/engine/registry';
import { passwordFields } from '../../src/server/auth/password-fields';
import { inlineCollections } from '../../src/core/inline-collection';

const WRITERS: Principal[] = [
  ...ADMIN_ROLES.map((role): Principal => ({ kind: 'admin', id: 7, role })),
  { kind: 'partner', id: 7 },
  { kind: 'user', id: 7 },
  { kind: 'public' },
  SYSTEM,
];
const VERBS: Verb[] = ['create', 'update', 'delete'];

/** A config that counts every property read of it (and of everything reached through it). */
function watched<T extends object>(target: T, reads: { count: number }, seen = new WeakMap<object, object>()): T {
  const known = seen.get(target);
  if (known) return known as T;
  const proxy = new Proxy(target, {
    get(object, key, receiver) {
      reads.count++;
      const value = Reflect.get(object, key, receiver);
      return value && typeof value === 'object' && !Object.isFrozen(value) ? watched(value, reads, seen) : value;
    },
  });
  seen.set(target, proxy);
  return proxy;
}

describe('write plans', () => {
  it.each(resources.map((resource) => [resource.name, resource] as const))(
    '%s: once made, a write request’s decisions read nothing of the config',
    (_name, resource: AnyResource) => {
      const reads = { count: 0 };
      const plan = new WritePlan(watched(resource, reads));
      reads.count = 0;
      const states = [...(resource.workflow?.states ?? []), 'no-such-state'];
      const events = ['create', ...Object.keys(resource.workflow?.transitions ?? {})];
      for (const writer of WRITERS) {
        for (const verb of VERBS) plan.scopeFor(writer, verb);
        plan.rulesFor(writer, 'create');
        plan.rulesFor(writer, 'update');
      }
      for (const state of states) plan.rolesActingIn(state);
      for (const event of events) {
        plan.rulesOf(event);
        plan.transition(event);
      }
      expect(reads.count).toBe(0);
    },
  );

  it.each(resources.map((resource) => [resource.name, resource] as const))(
    '%s: the plan answers what the config says',
    (_name, resource: AnyResource) => {
      const plan = new WritePlan(resource);
      for (const writer of WRITERS) {
        for (const verb of VERBS) {
          const scope = plan.scopeFor(writer, verb);
          if (!can(resource, writer, verb)) expect(scope).toEqual({ mode: 'denied' });
          else if (writer.kind === 'partner' || writer.kind === 'user')
            expect(scope).toEqual(
              ownerRule(resource, writer)
                ? { mode: 'owner', field: ownerRule(resource, writer)!.scope }
                : { mode: 'all' },
            );
          else expect(scope).toEqual({ mode: 'all' });
        }
        expect(plan.rulesFor(writer, 'update').fields).toEqual(writableFieldsFor(resource, writer, 'update'));
      }
      expect(plan.rulesOf('create')).toEqual(resource.notify?.create?.length ? resource.notify.create : undefined);
      for (const [action, transition] of Object.entries(resource.workflow?.transitions ?? {}))
        expect(plan.rulesOf(action)).toEqual(transition.notify?.length ? transition.notify : undefined);
    },
  );

  it('once the registry is made, a row’s record and a write’s columns read nothing of the config', () => {
    const reads = { count: 0 };
    const configs = resources.map((resource) => watched(resource, reads));
    const registry = new Registry(configs);
    reads.count = 0;
    for (const [index, resource] of configs.entries()) {
      const names = Object.keys(resources[index].fields);
      const row = Object.fromEntries(['id', 'version', ...names, 'passwordHash'].map((name) => [name, null]));
      toRecord(resource, row);
      toColumns(resource, Object.fromEntries(names.map((name) => [name, [1]])));
      for (const name of [...names, 'nope']) isSecretField(resource, name);
      passwordFields(resource);
      inlineCollections(resource);
    }
    for (const kind of ['admin', 'partner', 'user'] as const) registry.accountResource(kind);
    void [registry.auditResource, registry.settingsResource, registry.notificationResource, registry.mailResource];
    expect(reads.count).toBe(0);
  });

  it('a record has every field but password hashes; JSON fields go to the driver as text; secrets are named', () => {
    const users = resources.find((r) => r.name === 'users')!;
    new Registry(resources);
    const record = toRecord(users, { id: 1, email: 'a@example.com', passwordHash: 'x', nope: 1 });
    expect(record).toEqual({ id: 1, email: 'a@example.com' });
    const services = resources.find((r) => r.name === 'services')!;
    expect(toColumns(services, { title: { en: 'A' }, price: 5, id: 3 })).toEqual({
      title: JSON.stringify({ en: 'A' }),
      price: 5,
      id: 3,
    });
    expect(toColumns(users, { password: 'h' })).toEqual({ passwordHash: 'h' });
    expect(isSecretField(users, 'password')).toBe(true);
    expect(isSecretField(users, 'email')).toBe(false);
    expect(isSecretField(users, 'notAField')).toBe(true);
  });

  it('names the admin roles that may act on a record in a state, super_admin only where no sub-role is named', () => {
    const services = new WritePlan(resources.find((resource) => resource.name === 'services')!);
    // A pending service is the moderators' to approve or reject; a draft is no admin's to act on.
    expect(services.rolesActingIn('pending')).toEqual(['moderator']);
    expect(services.rolesActingIn('draft')).toEqual([]);
    expect(services.rolesActingIn('no-such-state')).toEqual([]);
  });
});
