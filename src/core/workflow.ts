import { statusField, transitionSources, type AnyResource, type Transition } from './resource';
import { grants, type Principal } from './roles';
import { dayIn, departureStart } from './zoned-time';

export interface TransitionCheck {
  ok: boolean;
  status?: 400 | 403 | 404 | 409;
  message?: string;
  errors?: Record<string, string>;
}

export function currentState(resource: AnyResource, record: Record<string, unknown>): string {
  return String(record[statusField(resource) ?? 'status'] ?? '');
}

/** An instant or a day as the record holds it (drivers give `Date`s or strings). */
function textOf(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/**
 * Whether the moment the record's field `field` names has come: a datetime from its instant, a day with its hour (a
 * departure's date and start time) from that moment, a day alone from its start, on the platform's wall clock.
 * Nothing when the field is empty.
 */
function reached(
  resource: AnyResource,
  record: Record<string, unknown>,
  field: string,
  now: Date,
  timeZone: string | undefined,
): boolean | undefined {
  const value = record[field];
  if (value == null) return undefined;
  const text = textOf(value);
  if (text.length > 10) return Date.parse(text) <= now.getTime();
  const timeField = resource.fields[field]?.time;
  const time = timeField ? record[timeField] : undefined;
  if (typeof time === 'string' && /^\d{2}:\d{2}$/.test(time))
    return departureStart({ startDate: text, startTime: time }, timeZone) <= now;
  return text <= dayIn(now, timeZone);
}

/**
 * Whether the record is in the moment the transition's `offered` asks for, as its guard counts it: days and hours
 * on the platform's wall clock (`timeZone`), so nothing is offered that the guard would refuse.
 */
function offeredNow(
  resource: AnyResource,
  transition: Transition,
  record: Record<string, unknown>,
  now: Date,
  timeZone: string | undefined,
): boolean {
  const offered = transition.offered;
  if (!offered) return true;
  if (offered.whileEmpty && record[offered.whileEmpty] != null) return false;
  if (offered.sameDayAs) {
    const at = record[offered.sameDayAs];
    if (at == null || dayIn(new Date(textOf(at)), timeZone) !== dayIn(now, timeZone)) return false;
  }
  // Until the moment `until` names (a departure's start): from then on the guard refuses.
  if (offered.until && reached(resource, record, offered.until, now, timeZone) === true) return false;
  if (!offered.from) return true;
  return reached(resource, record, offered.from, now, timeZone) === true;
}

/** The transitions the principal may run on this record right now. */
export function availableActions(
  resource: AnyResource,
  record: Record<string, unknown>,
  principal: Principal,
  now = new Date(),
  timeZone?: string,
): string[] {
  const workflow = resource.workflow;
  if (!workflow) return [];
  const state = currentState(resource, record);
  return Object.entries(workflow.transitions)
    .filter(
      ([, t]) =>
        transitionSources(t, principal).includes(state) &&
        grants(t.by, principal) &&
        offeredNow(resource, t, record, now, timeZone),
    )
    .map(([name]) => name);
}

/** Checks role, current state and required inputs, in that order (SPEC: 403, 409, 400). */
export function checkTransition(
  resource: AnyResource,
  action: string,
  record: Record<string, unknown>,
  principal: Principal,
  input: Record<string, unknown>,
): TransitionCheck & { transition?: Transition } {
  const transition = resource.workflow?.transitions[action];
  if (!transition) return { ok: false, status: 404, message: `Unknown action: ${action}` };
  if (!grants(transition.by, principal))
    return { ok: false, status: 403, message: 'You are not allowed to run this action' };
  const state = currentState(resource, record);
  if (!transitionSources(transition, principal).includes(state))
    return { ok: false, status: 409, message: `Action ${action} is not allowed from status ${state}` };
  const missing = (transition.requires ?? []).filter((name) => {
    const value = input[name];
    return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  });
  if (missing.length)
    return {
      ok: false,
      status: 400,
      message: 'Invalid input',
      errors: Object.fromEntries(missing.map((name) => [name, 'This field is required'])),
    };
  return { ok: true, transition };
}

/** The state an edit moves the record to, when the workflow sends edits back to review. */
export function stateAfterEdit(
  resource: AnyResource,
  record: Record<string, unknown>,
  principal: Principal,
): string | undefined {
  const onEdit = resource.workflow?.onEdit;
  if (!onEdit || !grants(onEdit.by, principal)) return undefined;
  if (principal.kind === 'admin' && !onEdit.by.includes('admin') && !onEdit.by.includes(principal.role))
    return undefined;
  return onEdit.from.includes(currentState(resource, record)) ? onEdit.to : undefined;
}
