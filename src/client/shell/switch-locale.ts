import { useLocation, useNavigate } from 'react-router';
import type { Locale } from '../../core/locales';
import { withLocale } from '../../core/routes';
import { writeLocaleCookie } from '../i18n/locale';

/** The same page under the chosen locale's prefix; the choice is remembered in the `locale` cookie. */
export function useSwitchLocale() {
  const navigate = useNavigate();
  const location = useLocation();
  return (locale: Locale) => {
    writeLocaleCookie(locale);
    navigate(withLocale(location.pathname, locale) + location.search + location.hash);
  };
}
