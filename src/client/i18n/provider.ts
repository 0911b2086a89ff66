import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import { PLURAL_RULES } from '../../../i18n/plural';
import type { Messages } from '../../../i18n/types';
import { LOCALES, type Locale } from '../../core/locales';
import { loadMessages } from './messages';
import { LOCALE_NAMES } from './names';

export { LOCALE_NAMES };

/**
 * A react-admin i18nProvider for `locale`. Async because polyglot needs the initial locale's
 * messages synchronously: they (and English, the fallback for missing keys) are fetched first.
 * Other locales load lazily on `changeLocale`.
 */
export async function createI18nProvider(locale: Locale): Promise<I18nProvider> {
  const initial = await loadMessages(locale);
  const loaded = new Map<Locale, Messages>([[locale, initial]]);
  return polyglotI18nProvider(
    (requested: string) => {
      const target = requested as Locale;
      const ready = loaded.get(target);
      if (ready) return ready as unknown as TranslationMessages;
      return loadMessages(target).then((messages): TranslationMessages => {
        loaded.set(target, messages);
        return messages as unknown as TranslationMessages;
      });
    },
    locale,
    LOCALES.map((code) => ({ locale: code, name: LOCALE_NAMES[code] })),
    { allowMissing: true, pluralRules: PLURAL_RULES },
  );
}
