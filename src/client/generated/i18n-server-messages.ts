import type { I18nProvider } from 'react-admin';
import { englishReader, ENGLISH_VALIDATION, INVALID_INPUT } from '../../core/messages';
import { REFUSALS } from '../../../resources/shared/refusals';
import { formatDate } from '../../core/format';
import { isLocale, type Locale } from '../../core/locales';

/**
 * The server answers in the SPEC's English wording: field errors (`errors: {currentPassword: "The current password
 * is not correct"}`), the generic `Invalid input`, and the configs' refusals (`You have too many unpaid bookings; …`).
 * Each is read back as its i18n key, so every app shows it in the user's language.
 */
export const readServerText = englishReader({
  validation: ENGLISH_VALIDATION,
  'app.error': { invalidInput: INVALID_INPUT },
  'app.refusals': REFUSALS,
});

/** A calendar day as the server writes it inside a sentence ("Check-in opens on 2026-12-24, …"). */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A sentence's values as the reader writes them: its days in the locale's format, not ISO; the rest as sent. */
function readerArgs(args: Record<string, string> | undefined, locale: string | undefined) {
  if (!args || !isLocale(locale)) return args;
  return Object.fromEntries(
    Object.entries(args).map(([name, value]) => [name, ISO_DAY.test(value) ? formatDate(value, locale) : value]),
  );
}

/**
 * A server's sentence in the UI's language, its days written as `locale` writes them when given; a text it does
 * not know stays as is.
 */
export function translateServerText(
  translate: (key: string, options?: Record<string, unknown>) => string,
  text: string,
  locale?: Locale,
): string {
  const ref = readServerText(text);
  return ref ? translate(ref.key, { ...readerArgs(ref.args, locale), _: text }) : text;
}

/** react-admin shows a server error by translating its text as a key: such a text is read as its message. */
export function withServerMessages(provider: I18nProvider): I18nProvider {
  return {
    ...provider,
    translate: (key, options) => {
      // Keys have no spaces; sentences do.
      const ref = typeof key === 'string' && key.includes(' ') ? readServerText(key) : undefined;
      return ref
        ? provider.translate(ref.key, { ...options, ...readerArgs(ref.args, provider.getLocale()) })
        : provider.translate(key, options);
    },
  };
}
