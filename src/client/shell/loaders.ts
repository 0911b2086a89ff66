import type { ComponentType } from 'react';
import { preload } from './preload';
import type { Locale } from '../../core/locales';
import type { Area } from '../../core/routes';

export type AreaAppProps = { locale: Locale; area: Area };
type Module<P> = Promise<{ default: ComponentType<P> }>;

/** Every lazily loaded route chunk, by name, so navigation and preloading share one import each. */
export const routeChunks = {
  admin: (): Module<AreaAppProps> => import('../admin/AdminApp'),
  // The owners' areas (partner portal, customer's area) are one app drawn from each area's config.
  partner: (): Module<AreaAppProps> => import('../area/AreaApp'),
  account: (): Module<AreaAppProps> => import('../area/AreaApp'),
  areaGate: () => import('./AreaGate'),
  notFound: () => import('./route-check'),
  login: () => import('./LoginPage'),
  register: () => import('./RegisterPage'),
  signup: () => import('./SignupPage'),
  verifyEmail: () => import('./VerifyEmailPage'),
  passwordReset: () => import('./PasswordResetPage'),
  item: () => import('../home/ItemPage'),
};

export type RouteChunk = keyof typeof routeChunks;

/** Queues route chunks for preloading (at most 4 at once, see preload.ts). */
export function preloadRoutes(...names: RouteChunk[]) {
  for (const name of names) preload(name, routeChunks[name]);
}
