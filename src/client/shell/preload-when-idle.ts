import { preloadRoutes, type RouteChunk } from './loaders';

/**
 * How long the page must go without the visitor doing anything (scrolling, touching, typing) before the next
 * screens' code is fetched unasked. A visitor who shows intent (a pointer on, or focus in, a link to one of those
 * screens) gets it at once from the link itself; this is for the one who lingers.
 */
export const IDLE_PRELOAD_MS = 5_000;

const ACTIVITY = ['scroll', 'pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

interface NetworkInformation {
  saveData?: boolean;
}

/**
 * Fetches the named route chunks once the page has been idle for `IDLE_PRELOAD_MS` (and the browser has a
 * moment), never while the visitor is busy with the page, and never when the browser asks to save data: a phone on
 * a metered plan that only looks pays for what it uses. Returns the cancel for an effect's cleanup.
 */
export function preloadWhenIdle(names: RouteChunk[], quietMs = IDLE_PRELOAD_MS): () => void {
  if ((navigator as Navigator & { connection?: NetworkInformation }).connection?.saveData) return () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const fire = () => {
    stop();
    if ('requestIdleCallback' in window) idle = window.requestIdleCallback(() => preloadRoutes(...names));
    else preloadRoutes(...names);
  };
  const restart = () => {
    clearTimeout(timer);
    timer = setTimeout(fire, quietMs);
  };
  const stop = () => {
    clearTimeout(timer);
    for (const kind of ACTIVITY) window.removeEventListener(kind, restart, true);
  };
  for (const kind of ACTIVITY) window.addEventListener(kind, restart, { capture: true, passive: true });
  restart();
  return () => {
    stop();
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
