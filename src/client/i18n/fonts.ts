import type { Locale } from '../../core/locales';

/**
 * Script fonts are bundled (no CDN); Latin and Vietnamese use the Roboto loaded with the shell. Each `@fontsource`
 * stylesheet declares its faces with unicode ranges, so the browser fetches only the glyph subsets a page shows;
 * but the stylesheets themselves are not free (Chinese: about 20 KB each on the wire, for some hundred subsets).
 * So the UI locale's script is registered at once, and any other script the moment its text reaches the page:
 * people write names, subjects and descriptions in their own script whatever language the reader has chosen.
 */
const SCRIPT_FONTS: Partial<Record<Locale, { text: RegExp; load: () => Promise<unknown> }>> = {
  lo: {
    text: /[\u0E80-\u0EFF]/,
    load: () => Promise.all([import('@fontsource/noto-sans-lao/400.css'), import('@fontsource/noto-sans-lao/700.css')]),
  },
  th: {
    text: /[\u0E00-\u0E7F]/,
    load: () =>
      Promise.all([import('@fontsource/noto-sans-thai/400.css'), import('@fontsource/noto-sans-thai/700.css')]),
  },
  zh: {
    text: /[\u3000-\u303F\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]/,
    load: () => Promise.all([import('@fontsource/noto-sans-sc/400.css'), import('@fontsource/noto-sans-sc/700.css')]),
  },
};

const SCRIPTS = Object.keys(SCRIPT_FONTS) as Locale[];
const loaded = new Map<Locale, Promise<unknown>>();

function loadScript(locale: Locale): Promise<unknown> {
  const script = SCRIPT_FONTS[locale];
  if (!script) return Promise.resolve();
  let pending = loaded.get(locale);
  if (!pending) {
    pending = script.load().catch((error: unknown) => {
      loaded.delete(locale);
      console.error(`[i18n] fonts for ${locale} failed to load`, error);
    });
    loaded.set(locale, pending);
  }
  return pending;
}

/** Registers the faces of every script the text is written in. */
function registerScriptsOf(text: string | null | undefined): void {
  if (!text) return;
  for (const locale of SCRIPTS)
    if (!loaded.has(locale) && SCRIPT_FONTS[locale]!.text.test(text)) void loadScript(locale);
}

let watching = false;

/**
 * Watches what the page shows and types: a mutation observer runs before the browser lays the new text out, so
 * the faces are registered by the time it is drawn. It stops once every script is registered.
 */
function watchPage(): void {
  if (watching || typeof MutationObserver === 'undefined') return;
  watching = true;
  const onInput = (event: Event) => registerScriptsOf((event.target as HTMLInputElement | null)?.value);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'characterData') registerScriptsOf(record.target.nodeValue);
      else
        for (const node of record.addedNodes) {
          registerScriptsOf(node.textContent);
          // A form's fields show their values, which are no text nodes.
          if (node instanceof Element)
            for (const field of node.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'))
              registerScriptsOf(field.value);
        }
    }
    if (SCRIPTS.every((locale) => loaded.has(locale))) {
      observer.disconnect();
      document.removeEventListener('input', onInput, true);
    }
  });
  observer.observe(document.body, { childList: true, characterData: true, subtree: true });
  document.addEventListener('input', onInput, true);
  registerScriptsOf(document.body.textContent);
}

/** Registers the UI locale's script faces now, and any other script's when its text appears. */
export function loadScriptFonts(first: Locale): Promise<unknown> {
  watchPage();
  return loadScript(first);
}
