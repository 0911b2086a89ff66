import { LOCALES } from '../../core/locales';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The Polyglot subset the public pages use (`%{x}` interpolation, `a |||| b` plurals by
 * `smart_count` with the one/other rule of i18n/plural.ts, `_` default). The home page's JS budget
 * (150 KB) cannot carry node-polyglot and its polyfills; react-admin still gets the real Polyglot
 * through provider.ts, reading the same message files.
 */
export function createTranslate(messages: unknown): Translate {
  return (key, options = {}) => {
    let phrase: unknown = messages;
    for (const part of key.split('.')) {
      phrase = phrase && typeof phrase === 'object' ? (phrase as Record<string, unknown>)[part] : undefined;
    }
    if (typeof phrase !== 'string') return typeof options._ === 'string' ? options._ : key;
    let text = phrase;
    if (text.includes('||||')) {
      const forms = text.split('||||').map((form) => form.trim());
      const count = Number(options.smart_count);
      text = forms[Number.isFinite(count) && count !== 1 ? Math.min(1, forms.length - 1) : 0];
    }
    return text.replace(/%\{(\w+)\}/g, (match, name: string) =>
      options[name] === undefined || options[name] === null ? match : String(options[name]),
    );
  };
}

// Every Lantern locale uses the same one/other choice (see i18n/plural.ts for why).
export const PLURAL_LOCALES = LOCALES;
