import type { Locale } from '../../core/locales';

/**
 * Script fonts are bundled (no CDN) but only fetched for the locale that needs them; Latin and
 * Vietnamese use the Roboto loaded with the shell. Each `@fontsource` stylesheet declares its
 * faces with unicode ranges, so the browser still downloads only the glyph subsets it shows.
 */
const SCRIPT_FONTS: Partial<Record<Locale, () => Promise<unknown>>> = {
  lo: () => Promise.all([import('@fontsource/noto-sans-lao/400.css'), import('@fontsource/noto-sans-lao/700.css')]),
  th: () => Promise.all([import('@fontsource/noto-sans-thai/400.css'), import('@fontsource/noto-sans-thai/700.css')]),
  zh: () => Promise.all([import('@fontsource/noto-sans-sc/400.css'), import('@fontsource/noto-sans-sc/700.css')]),
};

const loaded = new Map<Locale, Promise<unknown>>();

export function loadLocaleFonts(locale: Locale): Promise<unknown> {
  const load = SCRIPT_FONTS[locale];
  if (!load) return Promise.resolve();
  let pending = loaded.get(locale);
  if (!pending) {
    pending = load().catch((error: unknown) => {
      loaded.delete(locale);
      console.error(`[i18n] fonts for ${locale} failed to load`, error);
    });
    loaded.set(locale, pending);
  }
  return pending;
}
