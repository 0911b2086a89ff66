import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useLocale, useT } from '../i18n/context';
import { LOCALE_NAMES } from '../i18n/names';
import { useSwitchLocale } from './switch-locale';

export { useSwitchLocale };

const loadMenu = () => import('./LanguageMenu');
const LanguageMenu = lazy(loadMenu);

export function LanguageSwitcher() {
  const locale = useLocale();
  const t = useT();
  const switchLocale = useSwitchLocale();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        onMouseEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
        aria-label={`${LOCALE_NAMES[locale]} (${t('app.language.label', { _: 'Language' })})`}
        aria-haspopup="menu"
        data-testid="language-switcher"
        sx={{ textTransform: 'none' }}
      >
        {LOCALE_NAMES[locale]}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <LanguageMenu anchor={anchor} locale={locale} onClose={() => setAnchor(null)} onChoose={switchLocale} />
        </Suspense>
      )}
    </>
  );
}
