import { lazy, Suspense, useEffect, useState } from 'react';
import { BUILD_ID, fetchLatestBuild } from './build';

const UpdateSnackbar = lazy(() => import('./UpdateSnackbar'));
/** How often a long-open tab asks again. */
export const BUILD_CHECK_INTERVAL_MS = 5 * 60_000;

function whenIdle(callback: () => void): () => void {
  // SPEC §6: about 1 s after the page goes idle, so the check never competes with the first render.
  if ('requestIdleCallback' in window) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handle = window.requestIdleCallback(() => {
      timer = setTimeout(callback, 1000);
    });
    return () => {
      window.cancelIdleCallback(handle);
      clearTimeout(timer);
    };
  }
  const timer = setTimeout(callback, 1500);
  return () => clearTimeout(timer);
}

/** Offers a reload when the server runs a newer build; never reloads by itself (an edit may be open). */
export function BuildCheck() {
  const [newId, setNewId] = useState<string>();

  useEffect(() => {
    let live = true;
    const check = () => {
      fetchLatestBuild()
        .then((latest) => {
          if (live && latest && latest.id !== BUILD_ID) setNewId(latest.id);
        })
        .catch(() => {
          // Offline or the server restarting: ask again at the next interval.
        });
    };
    const cancelIdle = whenIdle(check);
    const interval = setInterval(check, BUILD_CHECK_INTERVAL_MS);
    const onVisible = () => document.visibilityState === 'visible' && check();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      cancelIdle();
      clearInterval(interval);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  // Keyed by the id so a later build offers itself again after "Later".
  return newId === undefined ? null : (
    <Suspense fallback={null}>
      <UpdateSnackbar key={newId} />
    </Suspense>
  );
}
