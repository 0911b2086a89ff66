import type { EnumField, Field, JsonField, MoneyField } from './fields';
import { formatDate, formatDateTime, formatDayAndTime, formatMoney, formatNumber } from './format';
import { humanize, labels } from './labels';
import { pickLocalized, type Locale, type LocalizedText } from './locales';
import { statusField, type AnyResource } from './resource';

const SYSTEM_KINDS: Record<string, Field> = {
  id: { kind: 'integer' },
  version: { kind: 'integer' },
  createdAt: { kind: 'datetime' },
  updatedAt: { kind: 'datetime' },
};

/** The field config of a name, system columns included. */
export function fieldOf(config: AnyResource, name: string): Field {
  return config.fields[name] ?? SYSTEM_KINDS[name] ?? { kind: 'text' };
}

/**
 * Whether a value says anything: not nothing, not an empty text or list, not a translated text empty in every
 * language. A record page leaves out the fields without one (unless the field is `showEmpty`).
 */
export function hasValue(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.values(value).some(hasValue);
  return true;
}

/**
 * Whether a record's page draws the field: it has a value, or its config asks to show it empty. A countdown's
 * deadline is drawn only while it counts (a hold while the order is unpaid): in another state it is a stamp of the
 * past, which the record's history keeps.
 */
export function shownOnPage(config: AnyResource, name: string, record: Record<string, unknown>): boolean {
  const field = config.fields[name];
  const whileIn = field?.countdown?.whileIn;
  const state = whileIn && statusField(config);
  if (state && !whileIn.includes(String(record[state]))) return false;
  return hasValue(record[name]) || Boolean(field?.showEmpty);
}

/** A list cell's long text stops here, with an ellipsis. */
const LONG_TEXT_CHARS = 80;

/** The i18n key of an enum's (or a status's) value, and the value made readable where the key has no text. */
export const enumLabel = (config: AnyResource, name: string, value: string) => ({
  key: labels.enumValue(config, name, value),
  fallback: humanize(value),
});

/**
 * A field's value as the text a list shows, for the kinds whose text is all there is to them. The client draws the
 * same text (FieldValue.tsx), and the server draws it before the script has come (first-paint.ts): both from here,
 * so the page's first paint and the app's agree to the letter. `translate` looks up an i18n key, `reference` names a
 * referenced record (a ref field).
 */
export function valueText(
  config: AnyResource,
  name: string,
  record: Record<string, unknown>,
  locale: Locale,
  translate: (key: string, fallback: string) => string,
  reference: (name: string, id: unknown) => string = (_name, id) => `#${String(id)}`,
): string {
  const field = fieldOf(config, name);
  const value = record[name];
  if (value === null || value === undefined) return '';
  switch (field.kind) {
    case 'ref':
      return reference(name, value);
    case 'status':
    case 'enum': {
      const values = (field as EnumField).multiple && Array.isArray(value) ? value : [value];
      return values
        .filter((one) => one !== '')
        .map((one) => {
          const { key, fallback } = enumLabel(config, name, String(one));
          return translate(key, fallback);
        })
        .join(', ');
    }
    case 'money':
      return formatMoney(value as number, record[(field as MoneyField).currencyField] as string, locale);
    case 'integer':
      if (field.stars && field.max !== undefined)
        return `${formatNumber(value as number, locale)}/${formatNumber(field.max, locale)}`;
      return name === 'id' ? String(value) : formatNumber(value as number, locale);
    case 'percent':
      return formatNumber(Number(value) / 100, locale, { style: 'percent', maximumFractionDigits: 3 });
    case 'boolean':
      return translate(value ? 'ra.boolean.true' : 'ra.boolean.false', value ? 'Yes' : 'No');
    case 'date':
      return field.time
        ? formatDayAndTime(value as string, record[field.time], locale)
        : formatDate(value as string, locale);
    case 'datetime':
      return formatDateTime(value as string, locale);
    case 'localized':
      return pickLocalized(value as LocalizedText, locale);
    case 'json': {
      // An inline collection reads as its rows, each its columns' values ("Adult · 2 · LAK 250,000; Child · …").
      const items = (field as JsonField).items;
      if (!items?.inline || !Array.isArray(value)) return '';
      const rowConfig = { ...config, fields: { ...config.fields, ...items.fields } } as AnyResource;
      const keys = items.columns ?? Object.keys(items.fields);
      return (value as Record<string, unknown>[])
        .map((row) =>
          keys
            .map((key) => valueText(rowConfig, key, { ...record, ...row }, locale, translate, reference))
            .filter(Boolean)
            .join(' · '),
        )
        .join('; ');
    }
    case 'images':
    case 'password':
      return '';
    case 'longText':
      return typeof value === 'string' && value.length > LONG_TEXT_CHARS
        ? `${value.slice(0, LONG_TEXT_CHARS)}…`
        : String(value);
    default:
      return String(value);
  }
}
