import type { I18nProvider } from 'react-admin';
import { englishReader, ENGLISH_VALIDATION, INVALID_INPUT } from '../../core/messages';
import { REFUSALS } from '../../../resources/shared/refusals';

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

/** A server's sentence in the UI's language; a text it does not know stays as is. */
export function translateServerText(
  translate: (key: string, options?: Record<string, unknown>) => string,
  text: string,
): string {
  const ref = readServerText(text);
  return ref ? translate(ref.key, { ...ref.args, _: text }) : text;
}

/** react-admin shows a server error by translating its text as a key: such a text is read as its message. */
export function withServerMessages(provider: I18nProvider): I18nProvider {
  return {
    ...provider,
    translate: (key, options) => {
      // Keys have no spaces; sentences do.
      const ref = typeof key === 'string' && key.includes(' ') ? readServerText(key) : undefined;
      return ref ? provider.translate(ref.key, { ...options, ...ref.args }) : provider.translate(key, options);
    },
  };
}
