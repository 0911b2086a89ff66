import Cookies from 'js-cookie';
import { DEFAULT_LOCALE, isLocale, LOCALES, matchLanguages, type Locale } from '../../core/locales';

export const LOCALE_COOKIE = 'locale';

/** SPEC §4: the choice is remembered for 365 days, for the whole site, and sent on top-level navigations. */
export const LOCALE_COOKIE_ATTRIBUTES = { expires: 365, sameSite: 'Lax', path: '/' } as const;

export interface LocaleSources {
  pathname: string;
  cookie?: string | null;
  languages?: readonly string[];
}

/** The locale of a `/{locale}/…` URL, if its first segment is one. */
export function localeFromPath(pathname: string): Locale | undefined {
  const first = pathname.split('/').filter(Boolean)[0];
  return isLocale(first) ? first : undefined;
}

/** SPEC §4: URL prefix, else the `locale` cookie, else the browser's languages, else `lo`. */
export function resolveLocale({ pathname, cookie, languages = [] }: LocaleSources): Locale {
  return (
    localeFromPath(pathname) ?? (isLocale(cookie) ? cookie : undefined) ?? matchLanguages(languages) ?? DEFAULT_LOCALE
  );
}

export function readLocaleCookie(): string | undefined {
  return Cookies.get(LOCALE_COOKIE);
}

export function writeLocaleCookie(locale: Locale): void {
  Cookies.set(LOCALE_COOKIE, locale, LOCALE_COOKIE_ATTRIBUTES);
}

/** The locale this browser asks for when the URL has none. */
export function resolveBrowserLocale(pathname: string): Locale {
  return resolveLocale({
    pathname,
    cookie: readLocaleCookie(),
    languages:
      typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language],
  });
}

export { LOCALES };
