import type { Locale } from './locales';
import type { Area } from './routes';

export const AREAS: readonly Area[] = ['admin', 'partner'];

/**
 * The HTML shell the build writes for a locale and area (see `localeShells` in vite.config.ts) and the server
 * sends for their routes: `en` for `/en` and its public pages, `en-admin` for `/en/admin/*`.
 */
export function shellName(locale: Locale, area?: Area): string {
  return area ? `${locale}-${area}` : locale;
}
