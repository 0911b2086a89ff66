import { useLocaleState } from 'react-admin';
import { isLocale, type Locale } from '../../core/locales';

/**
 * The locale react-admin shows now (a known one, else English). Its own module: the app bar and the dashboard need
 * it on the first screen, the field renderers (a larger chunk) do not.
 */
export function useActiveLocale(): Locale {
  const [locale] = useLocaleState();
  return isLocale(locale) ? locale : 'en';
}
