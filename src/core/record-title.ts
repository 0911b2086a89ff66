import { pickLocalized, type Locale, type LocalizedText } from './locales';
import type { MoneyField } from './fields';
import type { AnyResource } from './resource';
import { formatDate, formatDayAndTime, formatMoney } from './format';

/** The text that names a record in pickers, titles and reference cells. */
export function recordTitle(
  config: AnyResource | undefined,
  record: Record<string, unknown> | undefined,
  locale: Locale,
  field?: string,
): string {
  if (!record) return '';
  const name = field ?? config?.recordTitle;
  const value = name ? record[name] : undefined;
  if (value && typeof value === 'object' && !Array.isArray(value)) return pickLocalized(value as LocalizedText, locale);
  const kind = name ? config?.fields[name] : undefined;
  if (kind?.kind === 'money' && typeof value === 'number')
    return formatMoney(value, record[(kind as MoneyField).currencyField] as string, locale);
  // A date names its record as the reader writes dates (a departure: its day and time), never as `2026-12-23`.
  if (kind?.kind === 'date' && typeof value === 'string' && value)
    return kind.time ? formatDayAndTime(value, record[kind.time], locale) : formatDate(value, locale);
  if (value !== undefined && value !== null && value !== '') return String(value);
  return `#${record.id}`;
}
