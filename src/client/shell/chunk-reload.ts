import { lazy, type ComponentType } from 'react';

/** sessionStorage key of the last reload made to recover from a missing chunk. */
export const CHUNK_RELOAD_KEY = 'lantern.chunkReloadAt';
/** SPEC §3: a second failure within this window shows the error page instead of reloading again. */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('A part of the application failed to load', { cause });
    this.name = 'ChunkLoadError';
  }
}

/**
 * After a deploy the old hashed chunks are gone: one reload fetches the new index and its chunks.
 * Returns true when a reload was started; false when one happened within the window (give up).
 */
export function reloadOnceForChunk(now = Date.now()): boolean {
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY)) || 0;
  } catch {
    return false;
  }
  if (now - last < CHUNK_RELOAD_WINDOW_MS) return false;
  try {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** Loads a chunk; on failure reloads the page once, and on a repeated failure rejects with ChunkLoadError. */
export async function importWithReload<T>(factory: () => Promise<T>): Promise<T> {
  try {
    return await factory();
  } catch (error) {
    console.error('[shell] chunk failed to load', error);
    if (reloadOnceForChunk()) return new Promise<T>(() => {});
    throw new ChunkLoadError(error);
  }
}

export function lazyWithReload<P extends object>(factory: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => importWithReload(factory));
}

/** Vite reports a failed preload of a dynamic import's dependencies here; same recovery. */
export function installPreloadErrorHandler() {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForChunk()) event.preventDefault();
  });
}
