/** The five UI languages, in the order the language switcher shows them. */
export const LOCALES = ['lo', 'en', 'vi', 'th', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'lo';
/** Localized content falls back to English before any other non-empty value (SPEC §4). */
export const FALLBACK_LOCALE: Locale = 'en';

export const LOCALE_TAGS: Record<Locale, string> = {
  lo: 'lo-LA',
  en: 'en-US',
  vi: 'vi-VN',
  th: 'th-TH',
  zh: 'zh-CN',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Picks the first supported locale from a browser language list such as `navigator.languages`. */
export function matchLanguages(languages: readonly string[]): Locale | undefined {
  for (const language of languages) {
    const base = language.trim().toLowerCase().split(/[-_;]/)[0];
    if (isLocale(base)) return base;
  }
  return undefined;
}

/** Parses an Accept-Language header into languages ordered by their q weight. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

export type LocalizedText = Partial<Record<Locale, string>>;

/** Shows localized content in the active locale, then English, then any non-empty value. */
export function pickLocalized(value: LocalizedText | null | undefined, locale: Locale): string {
  if (!value || typeof value !== 'object') return '';
  const own = value[locale];
  if (own) return own;
  const english = value[FALLBACK_LOCALE];
  if (english) return english;
  return Object.values(value).find((text) => typeof text === 'string' && text.length > 0) ?? '';
}
