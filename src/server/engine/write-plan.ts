import { can, ownerRule, writableFieldsFor } from '../../core/access';
import { transitionSources, type AnyResource, type NotifyRule, type Transition, type Verb } from '../../core/resource';
import { ADMIN_ROLES, SYSTEM, type AdminRole, type Principal } from '../../core/roles';
import { resourceSchema, type ResourceSchema, type SchemaMode } from '../../core/validation';

/** What one kind of writer may send in a create or an update: its fields, and the schema that checks them. */
export interface WriteRules {
  readonly fields: readonly string[];
  readonly writable: ReadonlySet<string>;
  readonly schema: ResourceSchema;
}

/** A transition as the write path runs it: its config (guard, effect, notifications) and where its inputs go. */
export interface TransitionPlan {
  readonly transition: Transition;
  /** Where each declared input is stored on the record (if anywhere). */
  readonly targets: ReadonlyMap<string, string>;
  /** The schema of the stored inputs a request sends (an update of those fields). */
  inputSchema(fields: readonly string[]): ResourceSchema;
}

/**
 * The rows a writer's verb reaches, as decided by its kind: none (refused), every row, or the rows whose `field`
 * holds the writer's own id.
 */
export type WriteScope = { mode: 'denied' } | { mode: 'all' } | { mode: 'owner'; field: string };

/** Who the decisions depend on: the account's kind and, for an admin, its role; never who the account is. */
const writerKey = (principal: Principal) => (principal.kind === 'admin' ? `admin:${principal.role}` : principal.kind);

/** Every kind of writer there is, so that a plan holds its answers for all of them from the start. */
const WRITERS: readonly Principal[] = [
  ...ADMIN_ROLES.map((role): Principal => ({ kind: 'admin', id: 0, role })),
  { kind: 'partner', id: 0 },
  { kind: 'user', id: 0 },
  { kind: 'public' },
  SYSTEM,
];
const MODES: readonly SchemaMode[] = ['create', 'update'];
const WRITES: readonly Verb[] = ['create', 'update', 'delete'];

/**
 * One resource's write path, worked out once from its config (the read path has `ReadPlan`): per kind of writer,
 * whether it may create, update or delete, the fields it may write and the validation schema of those fields. A
 * write request reads these instead of deriving them from the config again (the schema alone was a yup object
 * built field by field on every create and update).
 */
export class WritePlan {
  private readonly rules = new Map<string, WriteRules>();
  private readonly verbs = new Map<string, boolean>();
  private readonly scopes = new Map<string, WriteScope>();
  private readonly transitions = new Map<string, TransitionPlan>();
  private readonly actingRoles = new Map<string, readonly AdminRole[]>();
  /** The notification rules of a create and of each transition, by the event's name. */
  private readonly notifyRules = new Map<string, readonly NotifyRule[]>();

  constructor(readonly resource: AnyResource) {
    for (const writer of WRITERS) {
      for (const mode of MODES) this.rulesFor(writer, mode);
      for (const verb of WRITES) this.scopeFor(writer, verb);
    }
    const workflow = resource.workflow;
    for (const [action, transition] of Object.entries(workflow?.transitions ?? {})) {
      this.transitions.set(action, transitionPlan(resource, transition));
      if (transition.notify?.length) this.notifyRules.set(action, transition.notify);
    }
    if (resource.notify?.create?.length) this.notifyRules.set('create', resource.notify.create);
    for (const state of workflow?.states ?? []) this.actingRoles.set(state, rolesThatMayAct(resource, state));
  }

  /** The rules that say whom to tell of `event` (`create`, or a transition's name). */
  rulesOf(event: string): readonly NotifyRule[] | undefined {
    return this.notifyRules.get(event);
  }

  /**
   * The admin roles that may act on a record in `state`: those the transitions from it name (`admin` names them
   * all); super_admin, who may run everything as a last resort, only where no sub-role is named.
   */
  rolesActingIn(state: string): readonly AdminRole[] {
    return this.actingRoles.get(state) ?? [];
  }

  /** The rows `principal` reaches with a write verb; `denied` where it may not use the verb. */
  scopeFor(principal: Principal, verb: Verb): WriteScope {
    const key = `${verb}|${writerKey(principal)}`;
    let scope = this.scopes.get(key);
    if (!scope) {
      const rule = ownerRule(this.resource, principal);
      scope = !this.may(principal, verb)
        ? { mode: 'denied' }
        : rule && principal.kind !== 'admin' && principal.kind !== 'public'
          ? { mode: 'owner', field: rule.scope }
          : { mode: 'all' };
      this.scopes.set(key, scope);
    }
    return scope;
  }

  /** The plan of the workflow's transition `action`, if the workflow has one by that name. */
  transition(action: string): TransitionPlan | undefined {
    return this.transitions.get(action);
  }

  /** The fields `principal` may write in a create or an update, and their schema. */
  rulesFor(principal: Principal, mode: SchemaMode): WriteRules {
    const key = `${mode}|${writerKey(principal)}`;
    let rules = this.rules.get(key);
    if (!rules) {
      const fields = writableFieldsFor(this.resource, principal, mode);
      rules = { fields, writable: new Set(fields), schema: resourceSchema(this.resource, mode, fields) };
      this.rules.set(key, rules);
    }
    return rules;
  }

  /** Whether `principal` may use the verb on the resource at all (rows are scoped separately). */
  may(principal: Principal, verb: Verb): boolean {
    const key = `${verb}|${writerKey(principal)}`;
    let allowed = this.verbs.get(key);
    if (allowed === undefined) {
      allowed = can(this.resource, principal, verb);
      this.verbs.set(key, allowed);
    }
    return allowed;
  }
}

function rolesThatMayAct(resource: AnyResource, state: string): readonly AdminRole[] {
  const roles = new Set<AdminRole>();
  let admins = false;
  for (const transition of Object.values(resource.workflow?.transitions ?? {})) {
    if (!transitionSources(transition).includes(state)) continue;
    for (const grantee of transition.by) {
      if (grantee === 'admin') ADMIN_ROLES.forEach((role) => roles.add(role));
      else if ((ADMIN_ROLES as readonly string[]).includes(grantee)) roles.add(grantee as AdminRole);
      else continue;
      admins = true;
    }
  }
  if (!admins) return [];
  roles.delete('super_admin');
  return Object.freeze(roles.size ? [...roles] : ['super_admin' as const]);
}

/** Where each declared input of a transition is stored on the record (if anywhere). */
function inputTargets(resource: AnyResource, transition: Transition): Map<string, string> {
  const targets = new Map<string, string>();
  for (const name of [...(transition.requires ?? []), ...(transition.accepts ?? [])]) {
    const mapped = transition.inputFields?.[name];
    if (mapped === false) continue;
    const target = mapped ?? name;
    if (target in resource.fields) targets.set(name, target);
  }
  return targets;
}

function transitionPlan(resource: AnyResource, transition: Transition): TransitionPlan {
  // A request sends some of the inputs: one schema per set of them, made on first use (there are few).
  const schemas = new Map<string, ResourceSchema>();
  return {
    transition,
    targets: inputTargets(resource, transition),
    inputSchema(fields) {
      const key = fields.join(',');
      let schema = schemas.get(key);
      if (!schema) {
        schema = resourceSchema(resource, 'update', [...fields]);
        schemas.set(key, schema);
      }
      return schema;
    },
  };
}

const plans = new WeakMap<AnyResource, WritePlan>();

/** The resource's write plan; the registry makes every resource's at start. */
export function writePlanOf(resource: AnyResource): WritePlan {
  let plan = plans.get(resource);
  if (!plan) {
    plan = new WritePlan(resource);
    plans.set(resource, plan);
  }
  return plan;
}
