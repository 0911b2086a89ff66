import { SYSTEM_FIELDS, type AnyResource, type OwnerAccess, type Verb } from './resource';
import { grants, type AdminRole, type Principal } from './roles';
import { writableFields, type SchemaMode } from './validation';

/** The owner rule (partner or user) that applies to this principal, if any. */
export function ownerRule(resource: AnyResource, principal: Principal): OwnerAccess | undefined {
  if (principal.kind === 'partner') return resource.access.partner;
  if (principal.kind === 'user') return resource.access.user;
  return undefined;
}

/** Whether the principal may use the verb on the resource at all (rows are scoped separately). */
export function can(resource: AnyResource, principal: Principal, verb: Verb): boolean {
  const writes = verb === 'create' || verb === 'update' || verb === 'delete';
  // Addressed rows: each account reads its own (scoped by the server), and only the server writes them.
  if (resource.access.recipient) return !writes && principal.kind !== 'public';
  if (writes && resource.serverOnly) return false;
  if ((verb === 'update' || verb === 'delete') && resource.appendOnly) return false;
  switch (principal.kind) {
    case 'admin': {
      const rules = resource.access.admin ?? {};
      return adminAllowed(verb === 'list' || verb === 'show' ? rules.read : rules[verb], principal.role);
    }
    case 'partner':
    case 'user': {
      const rule = ownerRule(resource, principal);
      if (!rule) return false;
      return Boolean(verb === 'list' || verb === 'show' ? rule.read : rule[verb]);
    }
    case 'public':
      return Boolean(resource.access.public) && (verb === 'list' || verb === 'show');
    case 'system':
      // The system runs transitions its `by` names, never the REST verbs.
      return false;
  }
}

/** An admin rule: super_admin may do everything a config does not explicitly forbid with `false`. */
function adminAllowed(rule: readonly AdminRole[] | boolean | undefined, role: AdminRole): boolean {
  if (role === 'super_admin') return rule !== false;
  return rule === true || (Array.isArray(rule) && (rule as readonly AdminRole[]).includes(role));
}

/**
 * Whether the principal may read the resource's aggregates (`/api/stats/{name}/…`): it reads the rows themselves
 * (not as a visitor of a public subset) and `stats.access` does not narrow it out. Owners aggregate their own rows.
 */
export function readsStats(resource: AnyResource, principal: Principal): boolean {
  const rule = resource.stats?.access;
  if (!resource.stats || principal.kind === 'public' || principal.kind === 'system') return false;
  if (!can(resource, principal, 'list')) return false;
  if (principal.kind === 'admin') return rule?.admin === undefined || adminAllowed(rule.admin, principal.role);
  return rule?.[principal.kind] !== false;
}

/** The column and value that scope a principal's rows, or undefined when it sees every row. */
export function rowScope(resource: AnyResource, principal: Principal): { field: string; value: number } | undefined {
  const rule = ownerRule(resource, principal);
  if (!rule || principal.kind === 'admin' || principal.kind === 'public') return undefined;
  return { field: rule.scope, value: principal.id };
}

/** Fields a principal may read on a record of this resource (system columns included). */
export function readableFields(
  resource: AnyResource,
  principal: Principal,
  record?: Record<string, unknown>,
): string[] {
  if (principal.kind === 'public') return ['id', ...(resource.access.public?.fields ?? [])];
  const rule = ownerRule(resource, principal);
  const status = resource.workflow ? String(record?.[resource.workflow.field ?? 'status'] ?? '') : '';
  // Lists present every row through this: the answer depends only on the principal's kind and, where the
  // rule reveals fields by state, on the row's state, so it is worked out once per combination.
  const key = rule?.revealIn ? `${principal.kind}\u0000${record ? status : '\u0001'}` : principal.kind;
  let known = readableByResource.get(resource);
  if (!known) readableByResource.set(resource, (known = new Map()));
  let fields = known.get(key);
  if (!fields) {
    const hidden = new Set(rule?.hidden ?? []);
    for (const [field, states] of Object.entries(rule?.revealIn ?? {})) {
      if (!record || !states.includes(status)) hidden.add(field);
    }
    fields = [
      ...SYSTEM_FIELDS,
      ...Object.entries(resource.fields)
        .filter(([name, field]) => !field.hidden && !field.writeOnly && !hidden.has(name))
        .map(([name]) => name),
    ];
    known.set(key, fields);
  }
  return fields.slice();
}

const readableByResource = new WeakMap<AnyResource, Map<string, readonly string[]>>();

/** Fields a principal may send on create or update. */
export function writableFieldsFor(resource: AnyResource, principal: Principal, mode: SchemaMode): string[] {
  const rule = ownerRule(resource, principal);
  const blocked = new Set<string>([
    ...(rule?.hidden ?? []),
    ...(rule?.readOnly ?? []),
    ...(principal.kind === 'admin' ? (resource.access.admin?.readOnly ?? []) : []),
  ]);
  if (rule) blocked.add(rule.scope);
  return writableFields(resource, mode).filter((name) => !blocked.has(name));
}

/** Whether any admin role, or the given grantee kinds, may run something. */
export { grants };
