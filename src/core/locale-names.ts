import type { Locale } from './locales';

/** Endonyms, so every reader finds their language in the switcher whatever the UI language. */
export const LOCALE_NAMES: Record<Locale, string> = {
  lo: 'ລາວ',
  en: 'English',
  vi: 'Tiếng Việt',
  th: 'ไทย',
  zh: '中文',
};
