import { preload } from './preload';

/** The route chunks' names; loaders.ts holds their imports (and checks it has one for each). */
export type RouteChunk =
  | 'admin'
  | 'partner'
  | 'account'
  | 'areaGate'
  | 'notFound'
  | 'login'
  | 'register'
  | 'signup'
  | 'verifyEmail'
  | 'passwordReset'
  | 'item';

type Loader = () => Promise<unknown>;

/**
 * The imports, handed over by loaders.ts when the shell starts. Pages that preload (the site header, a card)
 * are themselves inside route chunks: importing the table from them would make the table import itself.
 */
let chunks: Partial<Record<RouteChunk, Loader>> = {};

export function knowRouteChunks(table: Record<RouteChunk, Loader>): void {
  chunks = table;
}

/** Queues route chunks for preloading (at most 4 at once, see preload.ts). */
export function preloadRoutes(...names: RouteChunk[]) {
  for (const name of names) {
    const load = chunks[name];
    if (load) preload(name, load);
  }
}
