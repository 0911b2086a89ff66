import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuthProvider, useBasename, useGetIdentity } from 'react-admin';

/** The area screen where an account manages its two-step sign-in (each area names its profile screen so). */
export const PROFILE_SCREEN = 'profile';

/** `auth/me` says the account must set up its second factor before anything else opens (SPEC §12). */
export function useSetupRequired(): boolean {
  const { identity } = useGetIdentity();
  return Boolean((identity as { twoFactor?: { setupRequired?: boolean } } | undefined)?.twoFactor?.setupRequired);
}

/** While the setup is required, every screen of the area opens the profile screen, where the setup is. */
export function SetupGate({ children }: { children: ReactNode }) {
  const required = useSetupRequired();
  const basename = useBasename();
  const { pathname } = useLocation();
  const profile = `${basename}/${PROFILE_SCREEN}`;
  if (required && pathname !== profile) return <Navigate to={profile} replace />;
  return children;
}

/** After turning the factor on or off: who is signed in is asked again, so the gate and the menus follow. */
export function useSecondFactorChanged(): () => void {
  const authProvider = useAuthProvider() as { forget?: () => void } | undefined;
  const queryClient = useQueryClient();
  return () => {
    authProvider?.forget?.();
    void queryClient.invalidateQueries({ queryKey: ['auth'] });
  };
}
