import { parseEnglish } from '../../core/messages';
import type { Translate } from '../i18n/context';

/** The server's field errors (SPEC §4 English wording) in the UI's language; a text it does not know stays as is. */
export function translateFieldErrors(t: Translate, errors: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, text] of Object.entries(errors ?? {})) {
    const ref = parseEnglish(text);
    out[field] = ref ? t(`validation.${ref.key}`, ref.args) : text;
  }
  return out;
}
