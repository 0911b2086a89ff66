import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import './base.css';

export type ThemeMode = 'light' | 'dark';

/** Same key react-admin's localStorageStore would not touch: the mode is shared by home, admin and partner. */
export const THEME_STORAGE_KEY = 'lantern.theme';

export function readThemeMode(): ThemeMode {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

function storeThemeMode(mode: ThemeMode) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

/** The plain pages read their colours from `data-theme` (base.css); MUI pages get the matching theme. */
export function applyThemeMode(mode: ThemeMode) {
  document.documentElement.dataset.theme = mode;
}

interface ThemeModeValue {
  mode: ThemeMode;
  setMode(mode: ThemeMode): void;
  toggle(): void;
}

const ThemeModeContext = createContext<ThemeModeValue>({ mode: 'light', setMode: () => {}, toggle: () => {} });

/**
 * The remembered light/dark choice, without MUI: the home page cannot afford MUI's styling engine.
 * MUI screens wrap themselves in `MuiFrame` (public pages) or pass the mode to react-admin.
 */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(readThemeMode);
  const setMode = useCallback((next: ThemeMode) => {
    storeThemeMode(next);
    setModeState(next);
  }, []);
  useLayoutEffect(() => applyThemeMode(mode), [mode]);
  const value = useMemo(
    () => ({ mode, setMode, toggle: () => setMode(mode === 'dark' ? 'light' : 'dark') }),
    [mode, setMode],
  );
  return <ThemeModeContext.Provider value={value}>{children}</ThemeModeContext.Provider>;
}

/** react-admin apps pass `mode` as their theme and call `setMode` on change. */
export function useThemeMode(): ThemeModeValue {
  return useContext(ThemeModeContext);
}
