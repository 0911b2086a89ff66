/** Administrator sub-roles of SPEC §1; super_admin may do everything an admin can. */
export const ADMIN_ROLES = ['super_admin', 'moderator', 'finance', 'support'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** The kinds of account that can hold a session. */
export const ACCOUNT_KINDS = ['admin', 'partner', 'user'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** Who a request acts as: an admin role, a partner, a user, or an anonymous visitor. */
export type Principal =
  | { kind: 'admin'; id: number; role: AdminRole }
  | { kind: 'partner'; id: number }
  | { kind: 'user'; id: number }
  | { kind: 'public' };

/** A name an access or workflow rule can grant to: an admin role, or a whole account kind. */
export type Grantee = AdminRole | 'admin' | 'partner' | 'user' | 'public';

export function grants(grantees: readonly Grantee[] | undefined, principal: Principal): boolean {
  if (!grantees) return false;
  switch (principal.kind) {
    case 'admin':
      return principal.role === 'super_admin' || grantees.includes('admin') || grantees.includes(principal.role);
    case 'partner':
      return grantees.includes('partner');
    case 'user':
      return grantees.includes('user');
    case 'public':
      return grantees.includes('public');
  }
}

export function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === 'string' && (ADMIN_ROLES as readonly string[]).includes(value);
}
