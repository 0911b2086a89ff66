import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installPreloadErrorHandler } from './shell/chunk-reload';
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
// app replaces it, even when the script arrives within the same frame.
if (root.firstElementChild) requestAnimationFrame(() => setTimeout(start, 0));
else start();
