/** Administrator sub-roles of SPEC §1; super_admin may do everything an admin can. */
export const ADMIN_ROLES = ['super_admin', 'moderator', 'finance', 'support'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** The kinds of account that can hold a session. */
export const ACCOUNT_KINDS = ['admin', 'partner', 'user'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/**
 * Who a request acts as: an admin role, a partner, a user, or an anonymous visitor. `system` is the server's own
 * code (workers, and effects that run another resource's transition); no HTTP request is ever the system.
 */
export type Principal =
  | { kind: 'admin'; id: number; role: AdminRole }
  | { kind: 'partner'; id: number }
  | { kind: 'user'; id: number }
  | { kind: 'system'; id: 0 }
  | { kind: 'public' };

/** The principal of server-side runs (workers, cross-resource effects). */
export const SYSTEM: Principal = Object.freeze({ kind: 'system', id: 0 });

/**
 * A name an access or workflow rule can grant to: an admin role, a whole account kind, or `system` (a transition
 * the server's own code may run, e.g. a timer's expiry or a payment matched by a worker).
 */
export type Grantee = AdminRole | 'admin' | 'partner' | 'user' | 'public' | 'system';

export function grants(grantees: readonly Grantee[] | undefined, principal: Principal): boolean {
  if (!grantees) return false;
  switch (principal.kind) {
    case 'admin':
      // super_admin may run what any account may, but not what only the system runs (expiry, matched money).
      if (principal.role === 'super_admin') return grantees.some((grantee) => grantee !== 'system');
      return grantees.includes('admin') || grantees.includes(principal.role);
    case 'partner':
      return grantees.includes('partner');
    case 'user':
      return grantees.includes('user');
    case 'public':
      return grantees.includes('public');
    case 'system':
      return grantees.includes('system');
  }
}

export function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === 'string' && (ADMIN_ROLES as readonly string[]).includes(value);
}
