import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LOCALES, type Locale } from '../../core/locales';
import { LOCALE_NAMES } from '../i18n/names';

/** The menu half of the language switcher, loaded on first use (Menu/Popover/Modal stay off the home bundle). */
export default function LanguageMenu({
  anchor,
  locale,
  onClose,
  onChoose,
}: {
  anchor: HTMLElement | null;
  locale: Locale;
  onClose(): void;
  onChoose(locale: Locale): void;
}) {
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {LOCALES.map((code) => (
        <MenuItem
          key={code}
          lang={code}
          selected={code === locale}
          data-locale={code}
          onClick={() => {
            onClose();
            if (code !== locale) onChoose(code);
          }}
        >
          {LOCALE_NAMES[code]}
        </MenuItem>
      ))}
    </Menu>
  );
}
