import { useT } from '../i18n/context';
import { useThemeMode } from '../theme/mode';
import { Icon } from './icons';

/** Light/dark switch of the public pages. */
export function ThemeButton() {
  const { mode, toggle } = useThemeMode();
  const t = useT();
  const label = t('app.theme.toggle');
  return (
    <button
      type="button"
      className="lt-icon-button"
      onClick={toggle}
      aria-label={label}
      title={label}
      data-theme-mode={mode}
    >
      <Icon name={mode === 'dark' ? 'lightMode' : 'darkMode'} />
    </button>
  );
}
