import { sql, type Kysely } from 'kysely';
import { ownerRule } from '../../core/access';
import { formatEnglish } from '../../core/messages';
import { statusField, type AnyResource } from '../../core/resource';
import type { Principal } from '../../core/roles';
import { validateWith, type SchemaMode } from '../../core/validation';
import { badRequest, HttpError } from '../edge/errors';
import { isSystemField, sameValue, type Registry } from './registry';
import { writePlanOf } from './write-plan';

const NOT_ALLOWED = formatEnglish({ key: 'unknownField' });
const READ_ONLY = formatEnglish({ key: 'readOnly' });
const NOT_FOUND = formatEnglish({ key: 'notFound' });

export function requireObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw new HttpError(400, 'The request body must be a JSON object');
  return body as Record<string, unknown>;
}

/** What a field holds when the client has no say in it: the stored value, or what the server would set. */
function serverValue(
  resource: AnyResource,
  principal: Principal,
  name: string,
  stored: Record<string, unknown> | undefined,
): unknown {
  if (stored) return stored[name];
  const rule = ownerRule(resource, principal);
  if (rule && principal.kind !== 'public' && principal.kind !== 'admin' && rule.scope === name) return principal.id;
  if (name === statusField(resource)) return resource.workflow?.initial;
  return resource.fields[name]?.default ?? null;
}

/**
 * Sorts a create or update body into the values the principal may write, validated with the shared yup
 * schema. react-admin sends whole records, so fields the principal may not write pass when unchanged and
 * are refused (400) when they differ; system fields are ignored; unknown fields are refused.
 */
export async function prepareWrite(
  resource: AnyResource,
  principal: Principal,
  mode: SchemaMode,
  body: Record<string, unknown>,
  stored?: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const rules = writePlanOf(resource).rulesFor(principal, mode);
  const writable = rules.writable;
  const errors: Record<string, string> = {};
  const candidate: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    if (isSystemField(name)) continue;
    const field = resource.fields[name];
    if (!field) errors[name] = NOT_ALLOWED;
    else if (writable.has(name)) {
      // An empty password on update means "keep the current one".
      if (field.kind === 'password' && mode === 'update' && (value === '' || value === null || value === undefined))
        continue;
      candidate[name] = value;
    } else if (field.kind === 'password' || field.writeOnly) {
      if (value !== '' && value !== null && value !== undefined) errors[name] = READ_ONLY;
    } else if (!sameValue(field, serverValue(resource, principal, name, stored), value)) errors[name] = READ_ONLY;
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  if (mode === 'create') {
    for (const name of writable) {
      const fallback = resource.fields[name].default;
      if (candidate[name] === undefined && fallback !== undefined)
        candidate[name] = typeof fallback === 'object' && fallback !== null ? structuredClone(fallback) : fallback;
    }
  }
  const result = await validateWith(rules.schema, rules.fields, candidate, stored);
  if ('errors' in result) {
    throw badRequest(Object.fromEntries(result.errors.map((e) => [e.path || '_', formatEnglish(e.message)])));
  }
  return result.values;
}

/** Refuses references to rows that do not exist or that the principal's own scope hides. */
export async function checkReferences(
  trx: Kysely<any>,
  registry: Registry,
  resource: AnyResource,
  principal: Principal,
  values: Record<string, unknown>,
): Promise<void> {
  const errors: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    const field = resource.fields[name];
    if (field?.kind !== 'ref' || value === null || value === undefined) continue;
    const target = registry.get(field.reference);
    if (!target) continue;
    let query = trx
      .selectFrom(registry.table(target))
      .select(sql`1`.as('one'))
      .where('id', '=', value as number);
    const rule = ownerRule(target, principal);
    if (rule && rule.read && (principal.kind === 'partner' || principal.kind === 'user'))
      query = query.where(rule.scope, '=', principal.id);
    if (!(await query.executeTakeFirst())) errors[name] = NOT_FOUND;
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** Ids are positive integers; anything else names no record. */
export function parseId(raw: string): number | undefined {
  if (!/^[1-9][0-9]{0,14}$/.test(raw)) return undefined;
  return Number(raw);
}
