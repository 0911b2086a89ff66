import { Link } from 'react-router';
import { useLocale, useT } from '../i18n/context';
import { preloadRoutes } from '../shell/route-preload';
import { homeOfKind } from '../shell/safe-redirect';
import { Icon } from './icons';
import { LanguagePicker } from './LanguagePicker';
import { useMe } from './me';
import { ThemeButton } from './ThemeButton';
import './home.css';

/**
 * The public pages' bar: brand, the partner's links and the customer's sign-in (signed in: the account's name, a
 * link to its area), language and theme switchers. On a phone the links take a row of their own.
 */
export function SiteHeader() {
  const t = useT();
  const locale = useLocale();
  const me = useMe(locale);
  const preloadLogin = () => preloadRoutes('login');
  return (
    <header className="lt-appbar">
      <div className="lt-appbar__row">
        <Link to={`/${locale}`} className="lt-appbar__brand">
          <Icon name="lantern" />
          <span>{t('app.title')}</span>
        </Link>
        <nav className="lt-appbar__links" aria-label={t('app.auth.accountLinks')}>
          {me ? (
            <Link
              to={homeOfKind(me.kind, locale)}
              className="lt-button lt-button--inherit lt-button--outlined lt-appbar__account"
              data-testid="link-account"
            >
              <Icon name="accountCircle" size={20} />
              <span className="lt-appbar__name">{me.fullName || me.email}</span>
            </Link>
          ) : (
            <>
              <Link
                to={`/${locale}/partner/register`}
                className="lt-button lt-button--inherit"
                onPointerEnter={() => preloadRoutes('register')}
                onFocus={() => preloadRoutes('register')}
                data-testid="link-register"
              >
                {t('app.auth.partnerRegister')}
              </Link>
              {/* The same sign-in page as the customers' link: spelled out for partners where there is room. */}
              <Link
                to={`/${locale}/login`}
                className="lt-button lt-button--inherit lt-appbar__wide"
                onPointerEnter={preloadLogin}
                onFocus={preloadLogin}
                data-testid="link-login"
              >
                {t('app.auth.partnerLogin')}
              </Link>
              <Link
                to={`/${locale}/login`}
                className="lt-button lt-button--inherit lt-button--outlined"
                onPointerEnter={preloadLogin}
                onFocus={preloadLogin}
                data-testid="link-sign-in"
              >
                {t('app.auth.login')}
              </Link>
            </>
          )}
        </nav>
        <LanguagePicker />
        <ThemeButton />
      </div>
    </header>
  );
}
