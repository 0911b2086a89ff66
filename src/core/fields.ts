import type { Locale } from './locales';

/** Every kind of field the config language knows; each maps to a column type, a yup rule and an input. */
export type FieldKind =
  | 'text'
  | 'longText'
  | 'email'
  | 'phone'
  | 'password'
  | 'integer'
  | 'money'
  | 'percent'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'ref'
  | 'localized'
  | 'images'
  | 'json'
  | 'status';

/** The validation message keys of SPEC §4 plus those for numbers and references. */
export type MessageKey =
  | 'required'
  | 'email'
  | 'numbers'
  | 'integer'
  | 'uppercase'
  | 'maxLength'
  | 'minLength'
  | 'length'
  | 'charNotAllowed'
  | 'chooseOne'
  | 'format'
  | 'minValue'
  | 'maxValue'
  | 'oneOf'
  | 'unknownField'
  | 'localeRequired'
  | 'unique'
  | 'notFound'
  // Cross-field rules (`rules` of a resource, and list filter ranges).
  | 'endBeforeStart'
  | 'maxBelowMin'
  // A bank QR profile's sub-fields against its scheme's (SPEC §20): the one missing, not its, or not exactly one.
  | 'subFieldRequired'
  | 'subFieldUnknown'
  | 'subFieldOne'
  // A list's rows out of their declared order (`listOf(…, { descending })`).
  | 'descending'
  // Request limits and account checks.
  | 'maxRows'
  | 'currentPassword';

export interface FieldOptions {
  required?: boolean;
  /** Numbers: smallest and largest value. */
  min?: number;
  max?: number;
  /** Text: length limits, or one exact length. */
  minLength?: number;
  maxLength?: number;
  length?: number;
  pattern?: RegExp;
  /** Which message a failed `pattern` shows (default `format`). */
  patternMessage?: MessageKey;
  unique?: boolean;
  default?: unknown;
  /** Shown but never written through the API (set by the server, a workflow or an effect). */
  readOnly?: boolean;
  /** Never leaves the server (e.g. a password hash). */
  hidden?: boolean;
  /** Written but never read back (e.g. a password, stored hashed). */
  writeOnly?: boolean;
  /** Part of the list's `q` text search. */
  searchable?: boolean;
  sortable?: boolean;
  filterable?: boolean;
  /** Set on create only; an update may not change it. */
  immutable?: boolean;
  /** Form grouping: the tab or section the field belongs to. */
  group?: string;
  /**
   * A datetime shown, while it is ahead, as the time left until it, ticking (e.g. a hold's expiry); `whileIn`: only
   * while the record's workflow state is one of these (the plain instant otherwise).
   */
  countdown?: { whileIn?: readonly string[] };
  /**
   * A date read with the time of day another field of the record holds (`HH:MM`), as one moment: a departure reads
   * "Wed, 23 Dec 2026 · 08:00" wherever it is drawn, a reference to its record included.
   */
  time?: string;
  /** The record's page draws the field even while it has no value (by default an empty field is left out). */
  showEmpty?: boolean;
  /**
   * An integer that is a rating out of its `max` (a review's 1–5): read "4/5" in text and CSV, drawn as that many
   * filled stars of `max` beside it on screen — never a bare "4".
   */
  stars?: boolean;
}

export interface FieldBase<K extends FieldKind = FieldKind> extends FieldOptions {
  kind: K;
}

export interface TextField extends FieldBase<'text' | 'longText' | 'email' | 'phone' | 'password'> {}
export interface NumberField extends FieldBase<'integer' | 'percent'> {}
export interface MoneyField extends FieldBase<'money'> {
  /** The sibling field holding the ISO 4217 code. */
  currencyField: string;
}
export interface EnumField extends FieldBase<'enum'> {
  values: readonly string[];
  /** Several values may be chosen (stored as a JSON array). */
  multiple?: boolean;
}
export interface RefField extends FieldBase<'ref'> {
  reference: string;
  /** The referenced resource's field shown in pickers and lists. */
  display?: string;
  onDelete?: 'restrict' | 'cascade' | 'set null';
}
export interface LocalizedField extends FieldBase<'localized'> {
  /** At least one language must be filled when the field is required; these must always be. */
  requiredLocales?: readonly Locale[];
  long?: boolean;
}
export interface ImagesField extends FieldBase<'images'> {
  maxItems?: number;
}
/** A JSON value; `shapes` types it by a sibling field's value (e.g. a settings group's values). */
export interface JsonField extends FieldBase<'json'> {
  shapes?: { by: string; variants: Readonly<Record<string, Readonly<Record<string, Field>>>> };
  /** A list of rows, each an object of these fields: validated row by row, edited as repeatable rows. */
  items?: ListItems;
  /** An object of keys to values of this field (`{"CHILD": 100000}`): each value validated like the field. */
  values?: Field;
  /** Where a map's keys come from, so its form offers one row per key instead of keys typed by hand. */
  keysFrom?: MapKeys;
}
/**
 * A map's keys are the rows of a list field of the record another field points to: a departure's price
 * overrides are keyed by its service's ticket types (`{ref: 'serviceId', list: 'ticketTypes', key: 'code'}`).
 */
export interface MapKeys {
  /** The `ref` field of this resource whose record holds the list. */
  ref: string;
  /** The `listOf` field of that record. */
  list: string;
  /** The row's key that names the map's key. */
  key: string;
  /** The row's field that labels it for a reader (a localized name), if any. */
  label?: string;
  /** The row's own value, which applies where the map names none (a ticket type's price), if any. */
  own?: string;
}
export interface ListItems {
  fields: Readonly<Record<string, Field>>;
  /** At most this many rows (default 20). */
  maxItems?: number;
  /** At least this many rows once the list is given (a required list: at least one). */
  minItems?: number;
  /** No two rows share this key's value (e.g. a ticket type's code). */
  uniqueBy?: string;
  /**
   * An inline child collection (`inlineCollection`): rows that belong to their parent record, written in its
   * transaction and validated with it, shown on its page as a table of their own fields.
   */
  inline?: boolean;
  /** The keys an inline collection's table shows, in order (default: every key some row has a value for). */
  columns?: readonly string[];
  /**
   * Fields of the parent computed from the rows whenever they are written: `{ sum: key }` adds up a key,
   * `{ sum: key, times: other }` adds up key × other (e.g. seats and their price).
   */
  totals?: Readonly<Record<string, { sum: string; times?: string }>>;
  /** Rows go from the largest value of this field to the smallest, each strictly below the row above. */
  descending?: string;
  /**
   * The whole list said in words, for pages that show it (a cancellation policy's terms): a pure function of the
   * value and the reader's translate.
   */
  words?: (rows: readonly Record<string, unknown>[], translate: Translate) => string;
  /**
   * A row checked as a whole once each key passed its own field's check (a bank QR profile's sub-fields against
   * its scheme): the key at fault and its message, or nothing.
   */
  check?: (
    row: Record<string, unknown>,
  ) => { key: string; message: MessageKey; args?: Record<string, string | number> } | undefined;
}
/** The i18n lookup a `words` function receives: a key, its `%{…}` arguments. */
export type Translate = (key: string, args?: Record<string, unknown>) => string;
export type Field =
  | TextField
  | NumberField
  | MoneyField
  | EnumField
  | RefField
  | LocalizedField
  | ImagesField
  | JsonField
  | FieldBase<'boolean' | 'date' | 'datetime' | 'status'>;

export const text = (o: FieldOptions = {}): TextField => ({ kind: 'text', maxLength: 255, ...o });
export const longText = (o: FieldOptions = {}): TextField => ({ kind: 'longText', maxLength: 10000, ...o });
export const email = (o: FieldOptions = {}): TextField => ({ kind: 'email', maxLength: 254, ...o });
export const phone = (o: FieldOptions = {}): TextField => ({
  kind: 'phone',
  maxLength: 20,
  pattern: /^\+?[0-9 ]{6,20}$/,
  patternMessage: 'numbers',
  ...o,
});
/** Stored as an argon2id hash in `{name}Hash`; never read back. */
export const password = (o: FieldOptions = {}): TextField => ({
  kind: 'password',
  minLength: 8,
  maxLength: 128,
  writeOnly: true,
  ...o,
});
export const integer = (o: FieldOptions = {}): NumberField => ({ kind: 'integer', ...o });
export const percent = (o: FieldOptions = {}): NumberField => ({ kind: 'percent', min: 0, max: 100, ...o });
export const money = (o: FieldOptions & { currencyField?: string } = {}): MoneyField => ({
  kind: 'money',
  min: 0,
  currencyField: 'currency',
  ...o,
});
export const boolean = (o: FieldOptions = {}): FieldBase<'boolean'> => ({ kind: 'boolean', default: false, ...o });
export const date = (o: FieldOptions = {}): FieldBase<'date'> => ({ kind: 'date', ...o });
export const datetime = (o: FieldOptions = {}): FieldBase<'datetime'> => ({ kind: 'datetime', ...o });
/** The value list and `multiple` stay literal types, so typed records know the allowed values (RecordOf). */
export const enumOf = <const V extends readonly string[], const O extends FieldOptions & { multiple?: boolean } = {}>(
  values: V,
  o: O = {} as O,
): EnumField & { values: V } & (O extends { multiple: true } ? { multiple: true } : unknown) =>
  ({ kind: 'enum', values, ...o }) as EnumField & { values: V } & (O extends { multiple: true }
      ? { multiple: true }
      : unknown);
export const ref = <const R extends string>(
  reference: R,
  o: FieldOptions & { display?: string; onDelete?: RefField['onDelete'] } = {},
): RefField & { reference: R } => ({ kind: 'ref', reference, ...o });
export const localized = (o: FieldOptions & { requiredLocales?: Locale[]; long?: boolean } = {}): LocalizedField => ({
  kind: 'localized',
  maxLength: o.long ? 10000 : 255,
  ...o,
});
export const images = (o: FieldOptions & { maxItems?: number } = {}): ImagesField => ({
  kind: 'images',
  maxItems: 10,
  default: [],
  ...o,
});
export const json = (o: FieldOptions & { shapes?: JsonField['shapes'] } = {}): JsonField => ({ kind: 'json', ...o });
/** A list of rows of `fields` (stored as a jsonb array): e.g. a cancellation policy's tiers. */
export const listOf = (fields: ListItems['fields'], o: FieldOptions & Omit<ListItems, 'fields'> = {}): JsonField => {
  const { maxItems, minItems, uniqueBy, inline, columns, totals, descending, words, check, ...options } = o;
  return {
    kind: 'json',
    items: { fields, maxItems, minItems, uniqueBy, inline, columns, totals, descending, words, check },
    ...options,
  };
};
/**
 * An inline child collection: the parent's own rows of these fields (an order's lines), stored with the parent
 * (a jsonb array), so they are created and changed in its transaction and validated with its body; its page
 * draws them as a table, and `totals` keep the parent's sums of them right on every write.
 */
export const inlineCollection = (
  fields: ListItems['fields'],
  o: FieldOptions & Omit<ListItems, 'fields' | 'inline'> = {},
): JsonField => listOf(fields, { minItems: 1, ...o, inline: true });
/** An object whose every value is of this field (e.g. prices by code); which keys are allowed is the resource's. */
export const mapOf = (values: Field, o: FieldOptions & { keysFrom?: MapKeys } = {}): JsonField => ({
  kind: 'json',
  values,
  ...o,
});
/** The workflow's status field: its values are the workflow's states. */
export const status = (o: FieldOptions = {}): FieldBase<'status'> => ({
  kind: 'status',
  readOnly: true,
  filterable: true,
  sortable: true,
  ...o,
});

/** ISO 4217 codes the platform accepts. */
export const CURRENCIES = ['LAK', 'THB', 'VND', 'CNY', 'USD'] as const;
export const currency = (o: FieldOptions = {}): EnumField =>
  enumOf(CURRENCIES, { default: 'LAK', required: true, ...o });

export function isNumericKind(kind: FieldKind): boolean {
  return kind === 'integer' || kind === 'money' || kind === 'percent' || kind === 'ref';
}
