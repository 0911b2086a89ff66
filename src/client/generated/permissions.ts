import { usePermissions } from 'react-admin';
import type { Verb } from '../../core/resource';

export type Permissions = Record<string, Verb[]>;

/** What the signed-in account may do per API resource (from `/api/auth/me`); the server still decides. */
export function usePermissionMap(): { permissions: Permissions; isPending: boolean } {
  const { permissions, isPending } = usePermissions<Permissions>();
  return { permissions: permissions ?? {}, isPending };
}

export function allows(permissions: Permissions, resource: string, verb: Verb): boolean {
  return (permissions[resource] ?? []).includes(verb);
}
