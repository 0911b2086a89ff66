import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useThemeMode } from './mode';
import { darkTheme, lightTheme } from './theme';

/** The MUI theme of the remembered mode, for the lazily loaded public pages built with MUI (sign-in, detail). */
export function MuiFrame({ children }: { children: ReactNode }) {
  const { mode } = useThemeMode();
  return (
    <ThemeProvider theme={mode === 'dark' ? darkTheme : lightTheme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
