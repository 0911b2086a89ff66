import type { MessageKey } from './fields';

/** A validation failure as data: the i18n key under `validation.` and its arguments (`%{0}`). */
export interface MessageRef {
  key: MessageKey | 'readOnly';
  args?: Record<string, string | number>;
}

/** The contract wording of SPEC §4 (English); every locale file carries the same keys under `validation.`. */
export const ENGLISH_VALIDATION: Record<MessageRef['key'], string> = {
  required: 'This field is required',
  email: 'Please enter a valid email',
  numbers: 'This field can only contain numbers',
  integer: 'This field can only contain integer values',
  uppercase: 'This field can only contain uppercase letters',
  maxLength: 'You must enter a maximum of %{0} characters',
  minLength: 'You must enter a minimum of %{0} characters',
  length: 'The length of the entered field is invalid',
  charNotAllowed: 'The %{0} character is not allowed',
  chooseOne: 'Please choose at least one value',
  format: 'Invalid format',
  minValue: 'The value must be at least %{0}',
  maxValue: 'The value must be at most %{0}',
  oneOf: 'Please choose one of the allowed values',
  unknownField: 'This field is not allowed',
  localeRequired: 'Please fill in at least one language',
  unique: 'This value is already in use',
  notFound: 'The referenced record does not exist',
  endBeforeStart: 'The end must not be before the start',
  maxBelowMin: 'The maximum must not be less than the minimum',
  maxRows: 'You may request at most %{0} rows at once',
  currentPassword: 'The current password is not correct',
  readOnly: 'This field cannot be changed',
};

export function interpolate(template: string, args: Record<string, string | number> = {}): string {
  return template.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in args ? String(args[name]) : whole));
}

export function formatEnglish(ref: MessageRef): string {
  return interpolate(ENGLISH_VALIDATION[ref.key], ref.args);
}

const ENGLISH_PATTERNS = (Object.entries(ENGLISH_VALIDATION) as [MessageRef['key'], string][]).map(([key, text]) => {
  const names: string[] = [];
  const source = text
    .split(/(%\{\w+\})/)
    .map((part) => {
      const name = /^%\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '(.+?)';
    })
    .join('');
  return { key, names, pattern: new RegExp(`^${source}$`) };
});

/**
 * The message a server's English text is (`You must enter a maximum of 200 characters` → `maxLength`, `{0: 200}`),
 * so a client shows the server's field messages in its own language.
 */
export function parseEnglish(text: string): MessageRef | undefined {
  for (const { key, names, pattern } of ENGLISH_PATTERNS) {
    const match = pattern.exec(text);
    if (match)
      return { key, ...(names.length && { args: Object.fromEntries(names.map((n, i) => [n, match[i + 1]])) }) };
  }
  return undefined;
}
