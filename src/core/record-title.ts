import { pickLocalized, type Locale, type LocalizedText } from './locales';
import type { MoneyField } from './fields';
import type { AnyResource } from './resource';
import { formatMoney } from './format';

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
  if (value !== undefined && value !== null && value !== '') return String(value);
  return `#${record.id}`;
}
