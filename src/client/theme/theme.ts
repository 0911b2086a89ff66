import { createTheme, type ThemeOptions } from '@mui/material/styles';

/** SPEC §4: primary #0984e3. */
export const PRIMARY = '#0984e3';

/** Lao, Thai and Chinese faces come after Roboto so each script falls through to a bundled font. */
export const FONT_FAMILY = [
  'Roboto',
  '"Noto Sans Lao"',
  '"Noto Sans Thai"',
  '"Noto Sans SC"',
  '-apple-system',
  '"Segoe UI"',
  'Helvetica',
  'Arial',
  'sans-serif',
].join(',');

const shared: ThemeOptions = {
  typography: { fontFamily: FONT_FAMILY },
  shape: { borderRadius: 8 },
};

// Plain MUI themes are valid react-admin themes (`<Admin theme={lightTheme} darkTheme={darkTheme}>`).
export const lightTheme = createTheme({
  ...shared,
  palette: { mode: 'light', primary: { main: PRIMARY }, background: { default: '#f5f7fa' } },
});

export const darkTheme = createTheme({
  ...shared,
  palette: { mode: 'dark', primary: { main: '#4aa3f0' }, background: { default: '#121417', paper: '#1b1e23' } },
});
