import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installPreloadErrorHandler } from './shell/chunk-reload';
import { AppRouter } from './shell/router';
import { applyThemeMode, readThemeMode } from './theme/mode';

installPreloadErrorHandler();
// Before the first render, so a dark-mode visitor never sees a light flash.
applyThemeMode(readThemeMode());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppRouter />
  </StrictMode>,
);
