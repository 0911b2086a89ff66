import { useEffect, useRef, useState } from 'react';
import { LOCALES } from '../../core/locales';
import { useLocale, useT } from '../i18n/context';
import { LOCALE_NAMES } from '../i18n/names';
import { useSwitchLocale } from '../shell/switch-locale';
import { Icon } from './icons';

/** The public pages' language menu (plain HTML: MUI's Menu/Popover/Modal stay off the home bundle). */
export function LanguagePicker() {
  const locale = useLocale();
  const t = useT();
  const switchLocale = useSwitchLocale();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    root.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div className="lt-menu" ref={root}>
      <button
        type="button"
        className="lt-button lt-button--inherit"
        onClick={() => {
          setOpen(!open);
        }}
        aria-label={`${LOCALE_NAMES[locale]} (${t('app.language.label', { _: 'Language' })})`}
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="language-switcher"
      >
        <Icon name="translate" size={20} />
        {LOCALE_NAMES[locale]}
      </button>
      {open && (
        <ul className="lt-menu__list" role="menu">
          {LOCALES.map((code) => (
            <li key={code} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={code === locale}
                lang={code}
                data-locale={code}
                onClick={() => {
                  setOpen(false);
                  if (code !== locale) switchLocale(code);
                }}
              >
                {LOCALE_NAMES[code]}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
