import { areaChunks } from './area-loaders';
import { knowRouteChunks, type RouteChunk } from './route-preload';

export type { RouteChunk } from './route-preload';
export { preloadRoutes } from './route-preload';

/** Every lazily loaded route chunk, by name, so navigation and preloading share one import each. */
export const routeChunks = {
  ...areaChunks,
  areaGate: () => import('./AreaGate'),
  notFound: () => import('./route-check'),
  login: () => import('./LoginPage'),
  register: () => import('./RegisterPage'),
  signup: () => import('./SignupPage'),
  verifyEmail: () => import('./VerifyEmailPage'),
  passwordReset: () => import('./PasswordResetPage'),
  item: () => import('../home/ItemPage'),
} satisfies Record<RouteChunk, () => Promise<unknown>>;

knowRouteChunks(routeChunks);
