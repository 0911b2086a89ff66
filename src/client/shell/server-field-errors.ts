import { translateServerText } from '../generated/i18n-server-messages';
import type { Translate } from '../i18n/context';

/** The server's field errors (SPEC §4 English wording) in the UI's language; a text it does not know stays as is. */
export function translateFieldErrors(t: Translate, errors: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(errors ?? {}).map(([field, text]) => [field, translateServerText(t, text)]));
}
