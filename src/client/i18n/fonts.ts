import type { Locale } from '../../core/locales';

/**
 * Script fonts are bundled (no CDN); Latin and Vietnamese use the Roboto loaded with the shell. Every script's
 * faces are registered on every page, whatever the UI language: people write names, subjects and descriptions in
 * their own script (a Thai customer's complaint on an English back-office, Lao names everywhere). Each
 * `@fontsource` stylesheet declares its faces with unicode ranges, so the browser downloads only the glyph
 * subsets a page shows; registering a script costs its small stylesheet, not the font.
 */
const SCRIPT_FONTS: Partial<Record<Locale, () => Promise<unknown>>> = {
  lo: () => Promise.all([import('@fontsource/noto-sans-lao/400.css'), import('@fontsource/noto-sans-lao/700.css')]),
  th: () => Promise.all([import('@fontsource/noto-sans-thai/400.css'), import('@fontsource/noto-sans-thai/700.css')]),
  zh: () => Promise.all([import('@fontsource/noto-sans-sc/400.css'), import('@fontsource/noto-sans-sc/700.css')]),
};

const loaded = new Map<Locale, Promise<unknown>>();

function loadScript(locale: Locale): Promise<unknown> {
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

/** Registers every script's faces, the UI locale's first (its text is on screen at once). */
export function loadScriptFonts(first: Locale): Promise<unknown> {
  return loadScript(first).then(() =>
    Promise.all((Object.keys(SCRIPT_FONTS) as Locale[]).map((locale) => loadScript(locale))),
  );
}
