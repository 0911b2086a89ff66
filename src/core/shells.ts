import type { Locale } from './locales';
import type { Area } from './routes';

export { AREAS } from './routes';

/**
 * The HTML shell the build writes for a locale and area (see `localeShells` in vite.config.ts) and the server
 * sends for their routes: `en` for `/en` and its public pages, `en-admin` for `/en/admin/*`, and
 * `en-partner-home` for the area's home when the build wrote one (its screen's widget code preloaded too).
 */
export function shellName(locale: Locale, area?: Area, home = false): string {
  return area ? `${locale}-${area}${home ? '-home' : ''}` : locale;
}
