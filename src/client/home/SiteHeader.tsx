import { Link } from 'react-router';
import { useLocale, useT } from '../i18n/context';
import { preloadRoutes } from '../shell/loaders';
import { Icon } from './icons';
import { LanguagePicker } from './LanguagePicker';
import { ThemeButton } from './ThemeButton';
import './home.css';

/** The public pages' bar: brand, partner links, language and theme switchers. */
export function SiteHeader() {
  const t = useT();
  const locale = useLocale();
  return (
    <header className="lt-appbar">
      <div className="lt-appbar__row">
        <Link to={`/${locale}`} className="lt-appbar__brand">
          <Icon name="lantern" />
          <span>{t('app.title')}</span>
        </Link>
        <Link
          to={`/${locale}/partner/register`}
          className="lt-button lt-button--inherit"
          onPointerEnter={() => preloadRoutes('register')}
          onFocus={() => preloadRoutes('register')}
          data-testid="link-register"
        >
          {t('app.auth.partnerRegister')}
        </Link>
        <Link
          to={`/${locale}/login`}
          className="lt-button lt-button--inherit lt-button--outlined"
          onPointerEnter={() => preloadRoutes('login')}
          onFocus={() => preloadRoutes('login')}
          data-testid="link-login"
        >
          {t('app.auth.partnerLogin')}
        </Link>
        <LanguagePicker />
        <ThemeButton />
      </div>
    </header>
  );
}
