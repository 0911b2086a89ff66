import type { AnyResource } from '../../core/resource';
import { hashPassword } from './password';

const known = new WeakMap<AnyResource, readonly string[]>();

/** Names of the resource's password fields (each stored hashed in `{name}Hash`), found once per config. */
export function passwordFields(resource: AnyResource): readonly string[] {
  let names = known.get(resource);
  if (!names) {
    names = Object.entries(resource.fields)
      .filter(([, field]) => field.kind === 'password')
      .map(([name]) => name);
    known.set(resource, names);
  }
  return names;
}

/** The column that holds a password field's argon2id hash. */
export function passwordColumn(field: string): string {
  return `${field}Hash`;
}

/** The stored hash of an account's (first) password, which proves it is the owner at the keyboard. */
export function passwordHashOf(resource: AnyResource, row: Record<string, unknown>): string | undefined {
  const [field] = passwordFields(resource);
  const hash = field ? row[passwordColumn(field)] : undefined;
  return typeof hash === 'string' ? hash : undefined;
}

/**
 * Replaces each plain password in validated values by its hash column, so no plain password reaches SQL.
 * An empty password is dropped: on update it means "keep the current one" (create requires it through yup).
 */
export async function hashPasswordFields(
  resource: AnyResource,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { ...values };
  for (const name of passwordFields(resource)) {
    if (!(name in out)) continue;
    const plain = out[name];
    delete out[name];
    if (typeof plain === 'string' && plain !== '') out[passwordColumn(name)] = await hashPassword(plain);
  }
  return out;
}
