import { sql, type RawBuilder } from 'kysely';
import { tableName, type AnyResource } from '../../../core/resource';
import { FACTORS_TABLE } from './tables';

/** SPEC §12: what an account that must set up its second factor, and has not, gets from anything else. */
export const SETUP_REQUIRED = 'Set up two-step sign-in to continue';

/** The session's second factor as its request sees it. */
export interface SecondFactorState {
  /** The account has a second factor on. */
  on: boolean;
  /** The account's role is one the settings require a second factor of. */
  required: boolean;
}

/** Routes open to a session that must set up its second factor first: who it is, leaving, and the setup. */
const OPEN_WHILE_SETTING_UP = /^\/api\/auth\/(?:me|logout|login|two-factor(?:\/[^/]*)?)$/;

/** Whether this request must be refused until the account sets up its second factor. */
export function mustSetUpFirst(state: SecondFactorState | undefined, url: string): boolean {
  if (!state || state.on || !state.required) return false;
  return !OPEN_WHILE_SETTING_UP.test(url.split('?')[0]);
}

/** The setting a kind's `account.twoFactor.requiredFor` names, resolved against the settings store. */
function requiredRoles(resources: readonly AnyResource[], resource: AnyResource) {
  const path = resource.account?.twoFactor?.requiredFor;
  const roleField = resource.account?.roleField;
  const store = resources.find((candidate) => candidate.settingsStore);
  const values = store && Object.entries(store.fields).find(([, field]) => field.kind === 'json')?.[0];
  if (!path || !roleField || !store?.lookupField || !values) return undefined;
  const [group, key] = path.split('.', 2);
  return { table: tableName(store), lookup: store.lookupField, values, group, key, roleField };
}

/**
 * The columns the session lookup adds (one statement, so enforcing costs no round trip): whether the account has
 * its factor on, and whether its role must. `alias(index, column)` names the joined account row of each kind.
 */
export function secondFactorColumns(
  resources: readonly AnyResource[],
  kinds: readonly { resource: AnyResource; index: number }[],
): RawBuilder<unknown> {
  const cases = kinds.flatMap(({ resource, index }) => {
    const roles = requiredRoles(resources, resource);
    if (!roles) return [];
    return [
      sql`when s."accountKind" = ${resource.account!.kind} then coalesce((
            select st.${sql.ref(roles.values)} -> ${roles.key}::text @> jsonb_build_array(${sql.ref(`a${index}.${roles.roleField}`)})
            from ${sql.table(roles.table)} st where st.${sql.ref(roles.lookup)} = ${roles.group}), false)`,
    ];
  });
  const required = cases.length ? sql`case ${sql.join(cases, sql` `)} else false end` : sql`false`;
  return sql`exists(
      select 1 from ${sql.table(FACTORS_TABLE)} tf
      where tf."accountKind" = s."accountKind" and tf."accountId" = s."accountId" and tf."enabledAt" is not null
    ) as "secondFactorOn", ${required} as "secondFactorRequired"`;
}
