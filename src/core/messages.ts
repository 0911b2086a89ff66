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
  readOnly: 'This field cannot be changed',
};

export function interpolate(template: string, args: Record<string, string | number> = {}): string {
  return template.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in args ? String(args[name]) : whole));
}

export function formatEnglish(ref: MessageRef): string {
  return interpolate(ENGLISH_VALIDATION[ref.key], ref.args);
}
