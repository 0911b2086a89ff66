import { useGetIdentity } from 'react-admin';
import type { Principal } from '../../core/roles';
import { principalOf, type Me } from './auth-provider';

/** The signed-in account as the config's access rules see it. */
export function usePrincipal(): { principal: Principal; me?: Me; isPending: boolean } {
  const { identity, isPending } = useGetIdentity();
  const me = identity as Me | undefined;
  return { principal: principalOf(me), me, isPending };
}
