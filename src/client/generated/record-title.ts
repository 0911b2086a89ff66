import { pickLocalized, type Locale, type LocalizedText } from '../../core/locales';
import type { AnyResource } from '../../core/resource';

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
  if (value !== undefined && value !== null && value !== '') return String(value);
  return `#${record.id}`;
}
