import type { I18nProvider } from 'react-admin';
import { parseEnglish } from '../../core/messages';

/**
 * The server answers field errors in the SPEC's English wording (`errors: {currentPassword: "The current password is
 * not correct"}`), and react-admin shows a server error by translating its text as a key: this reads such a text
 * as its `validation.*` message, so the form shows it in the user's language.
 */
export function withServerMessages(provider: I18nProvider): I18nProvider {
  return {
    ...provider,
    translate: (key, options) => {
      // Keys have no spaces; sentences do.
      const ref = typeof key === 'string' && key.includes(' ') ? parseEnglish(key) : undefined;
      return ref
        ? provider.translate(`validation.${ref.key}`, { ...options, ...ref.args })
        : provider.translate(key, options);
    },
  };
}
