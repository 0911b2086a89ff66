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
  descending: 'The rows must go from the highest value to the lowest',
  subFieldRequired: 'The scheme needs sub-field %{0}',
  subFieldUnknown: 'The scheme has no sub-field %{0}',
  subFieldOne: 'Give exactly one of the sub-fields %{0}',
  maxRows: 'You may request at most %{0} rows at once',
  currentPassword: 'The current password is not correct',
  readOnly: 'This field cannot be changed',
};

/** The message of every 400 that names its fields (SPEC §4), whatever the fields' own messages. */
export const INVALID_INPUT = 'Invalid input';

export function interpolate(template: string, args: Record<string, string | number> = {}): string {
  return template.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in args ? String(args[name]) : whole));
}

export function formatEnglish(ref: MessageRef): string {
  return interpolate(ENGLISH_VALIDATION[ref.key], ref.args);
}

/** A sentence a server sends, read back as an i18n key (`validation.maxLength`) and the arguments of its `%{…}`. */
export interface ServerTextRef {
  key: string;
  args?: Record<string, string>;
}

/**
 * A reader of English sentences built from tables of templates (`%{0}` where a value goes), each under the i18n
 * prefix its translations live at: a client reads the server's English back into a key and shows it in its own
 * language. The first template that matches wins.
 */
export function englishReader(
  tables: Readonly<Record<string, Readonly<Record<string, string>>>>,
): (text: string) => ServerTextRef | undefined {
  const patterns = Object.entries(tables).flatMap(([prefix, table]) =>
    Object.entries(table).map(([name, template]) => {
      const names: string[] = [];
      const source = template
        .split(/(%\{\w+\})/)
        .map((part) => {
          const arg = /^%\{(\w+)\}$/.exec(part)?.[1];
          if (!arg) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(arg);
          return '(.+?)';
        })
        .join('');
      return { key: `${prefix}.${name}`, names, pattern: new RegExp(`^${source}$`) };
    }),
  );
  return (text) => {
    for (const { key, names, pattern } of patterns) {
      const match = pattern.exec(text);
      if (match)
        return { key, ...(names.length && { args: Object.fromEntries(names.map((n, i) => [n, match[i + 1]])) }) };
    }
    return undefined;
  };
}

const readValidation = englishReader({ validation: ENGLISH_VALIDATION });

/**
 * The message a server's English text is (`You must enter a maximum of 200 characters` → `maxLength`, `{0: 200}`),
 * so a client shows the server's field messages in its own language.
 */
export function parseEnglish(text: string): MessageRef | undefined {
  const ref = readValidation(text);
  return ref && { key: ref.key.slice('validation.'.length) as MessageRef['key'], ...(ref.args && { args: ref.args }) };
}
