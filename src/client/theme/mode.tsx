import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { darkTheme, lightTheme } from './theme';

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

interface ThemeModeValue {
  mode: ThemeMode;
  setMode(mode: ThemeMode): void;
  toggle(): void;
}

const ThemeModeContext = createContext<ThemeModeValue>({ mode: 'light', setMode: () => {}, toggle: () => {} });

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(readThemeMode);
  const setMode = useCallback((next: ThemeMode) => {
    storeThemeMode(next);
    setModeState(next);
  }, []);
  const value = useMemo(
    () => ({ mode, setMode, toggle: () => setMode(mode === 'dark' ? 'light' : 'dark') }),
    [mode, setMode],
  );
  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={mode === 'dark' ? darkTheme : lightTheme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

/** The remembered light/dark choice; react-admin apps pass `mode` as `defaultTheme` and call `setMode` on change. */
export function useThemeMode(): ThemeModeValue {
  return useContext(ThemeModeContext);
}
