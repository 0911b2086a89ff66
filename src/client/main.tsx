import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { importWithReload, installPreloadErrorHandler } from './shell/chunk-reload';
import { routeChunks, type RouteChunk } from './shell/loaders';
import { holdFirstPaint } from './shell/held-paint';
import { AppRouter } from './shell/router';
import { applyThemeMode, readThemeMode } from './theme/mode';

installPreloadErrorHandler();
// Before the first render, so a dark-mode visitor never sees a light flash.
applyThemeMode(readThemeMode());

const root = document.getElementById('root')!;
// A transition: the first render of a screen (an area's react-admin app above all) yields to the browser every
// few milliseconds instead of holding a phone's main thread for hundreds of them.
const start = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <AppRouter />
      </StrictMode>,
    ),
  );
// The server drew the top of the screen into the page (server/first-paint.ts): it reaches the screen before the
// app replaces it, even when the script arrives within the same frame. Where it names the route's own chunk, it
// stays until that chunk has come; where it holds a photo (the item's, the home's first card's, a record page's), until that photo
// has painted (a moment at most): the app would otherwise replace it with a loading bar or with its own photo still
// unpainted, and the page's largest paint would wait for the whole app.
const PHOTO_WAIT_MS = 1000;
const firstPaint = root.firstElementChild;
const heldPaint = document.querySelector<HTMLElement>('.lt-held-paint');
if (heldPaint) holdFirstPaint(root, heldPaint);
const awaited = firstPaint?.getAttribute('data-route-chunk');
const chunk = awaited && awaited in routeChunks ? routeChunks[awaited as RouteChunk] : undefined;
const photo = firstPaint?.querySelector('img') ?? heldPaint?.querySelector('img');
const later = () => requestAnimationFrame(() => setTimeout(start, 0));
if (chunk || photo) {
  void Promise.all([
    chunk && importWithReload<unknown>(chunk).catch(() => undefined),
    photo &&
      Promise.race([
        photo.decode().catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, PHOTO_WAIT_MS)),
      ]),
  ]).finally(later);
} else if (firstPaint) later();
else start();
