import { can, writableFieldsFor } from '../../core/access';
import type { AnyResource, Transition, Verb } from '../../core/resource';
import { ADMIN_ROLES, SYSTEM, type Principal } from '../../core/roles';
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
  private readonly transitions = new Map<string, TransitionPlan>();

  constructor(readonly resource: AnyResource) {
    for (const writer of WRITERS) {
      for (const mode of MODES) this.rulesFor(writer, mode);
      for (const verb of WRITES) this.may(writer, verb);
    }
    for (const [action, transition] of Object.entries(resource.workflow?.transitions ?? {}))
      this.transitions.set(action, transitionPlan(resource, transition));
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
