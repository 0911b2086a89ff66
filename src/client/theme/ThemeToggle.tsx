import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import IconButton from '@mui/material/IconButton';
import { useT } from '../i18n/context';
import { useThemeMode } from './mode';

export function ThemeToggle() {
  const { mode, toggle } = useThemeMode();
  const t = useT();
  const label = t('app.theme.toggle');
  return (
    // A title, not a MUI Tooltip: Popper would cost the home page's budget more than it gives.
    <IconButton color="inherit" onClick={toggle} aria-label={label} title={label} data-theme-mode={mode}>
      {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
    </IconButton>
  );
}
