import { PasswordInput, useRecordContext } from 'react-admin';
import type { AnyResource } from '../../../core/resource';
import { usePrincipal } from '../principal';

/** The body key the server checks a change of one's own password against. */
export const CURRENT_PASSWORD = 'currentPassword';

/**
 * Beside a password input of the signed-in account's own record: the server changes one's own password only
 * with the current one (an administrator resetting another account's needs none, so it is not shown there).
 */
export function CurrentPasswordInput({ config }: { config: AnyResource }) {
  const record = useRecordContext();
  const { principal } = usePrincipal();
  const own = principal.kind !== 'public' && config.account?.kind === principal.kind && record?.id === principal.id;
  if (!own) return null;
  return <PasswordInput source={CURRENT_PASSWORD} label="app.auth.currentPassword" autoComplete="current-password" />;
}
