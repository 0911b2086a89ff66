import { can, ownerRule, readsStats } from '../../core/access';
import type { AnyResource, Verb } from '../../core/resource';
import type { Principal } from '../../core/roles';
import { accountStatus, displayName, type Account } from './accounts';

export const VERBS: readonly Verb[] = ['list', 'show', 'create', 'update', 'delete'];

export type Permissions = Record<string, Verb[]>;

/** What the principal may do per resource, from the configs: the client hides what this omits. */
export function permissionsOf(resources: readonly AnyResource[], principal: Principal): Permissions {
  const permissions: Permissions = {};
  for (const resource of resources) {
    let verbs = VERBS.filter((verb) => can(resource, principal, verb));
    // A partner or user without an owner rule reads a public resource as a visitor does (e.g. pickers).
    if (!verbs.length && principal.kind !== 'admin' && !ownerRule(resource, principal) && resource.access.public)
      verbs = ['list', 'show'];
    if (verbs.length) permissions[resource.name] = verbs;
  }
  return permissions;
}

export interface MeBody {
  id: number;
  email: string;
  fullName: string;
  kind: 'admin' | 'partner' | 'user';
  /** An admin's sub-role; the account kind otherwise. */
  role: string;
  permissions: Permissions;
  /** The resources whose aggregates (`/api/stats/{name}/…`) the account may read: the client shows only these. */
  stats: string[];
  /** The account's workflow state, when its resource has one. */
  status?: string;
  /** `partnerId` / `userId`: the id rows of this account are scoped by. */
  [scopeId: `${string}Id`]: number | undefined;
}

/** The `GET /api/auth/me` body: built field by field so no hash or other column can leak. */
export function meBody(account: Account, principal: Principal, resources: readonly AnyResource[]): MeBody {
  if (principal.kind === 'public' || principal.kind === 'system') throw new Error('meBody needs a signed-in principal');
  const body: MeBody = {
    id: principal.id,
    email: String(account.row.email ?? ''),
    fullName: displayName(account),
    kind: principal.kind,
    role: principal.kind === 'admin' ? principal.role : principal.kind,
    permissions: permissionsOf(resources, principal),
    stats: resources.filter((resource) => readsStats(resource, principal)).map((resource) => resource.name),
  };
  const status = accountStatus(account);
  if (status !== undefined) body.status = status;
  if (principal.kind !== 'admin') body[`${principal.kind}Id`] = principal.id;
  return body;
}
