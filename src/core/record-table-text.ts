import { formatDateTime, formatNumber } from './format';
import { humanize } from './labels';
import { pickLocalized, type Locale, type LocalizedText } from './locales';
import type { AnyResource, RecordTable, RecordTableColumn } from './resource';
import { grants, type Principal } from './roles';

/** A row of a record endpoint's answer. */
type Row = Readonly<Record<string, unknown>>;

/** A message by its key, with a fallback (`_`): the client's `translate` and the server's text alike. */
export type TableTranslate = (key: string, options?: { _?: string }) => string;

export const isEmptyCell = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length);

/** A tally's entries read in the reader's language: "Adult 3 · Child 1" (a nameless one: its count alone). */
function tallyText(value: unknown, locale: Locale): string {
  if (!Array.isArray(value)) return String(value);
  return (value as { name?: unknown; code?: unknown; quantity?: unknown }[])
    .map((entry) => {
      const name =
        entry.name && typeof entry.name === 'object'
          ? pickLocalized(entry.name as LocalizedText, locale)
          : String(entry.name ?? entry.code ?? '');
      return `${name} ${formatNumber(Number(entry.quantity ?? 0), locale)}`.trim();
    })
    .join(' · ');
}

/** A column's label, or a word of the table (`title`, a total's key). */
export const tableLabel = (config: AnyResource, table: RecordTable, key: string, translate: TableTranslate) =>
  translate(`resources.${config.name}.tables.${table.endpoint}.${key}`, { _: humanize(key) });

/** The word an empty cell reads as (`emptyAs`): the row's field, labelled by the table's `values`. */
export function emptyWord(
  config: AnyResource,
  table: RecordTable,
  column: RecordTableColumn,
  row: Row,
  translate: TableTranslate,
): string {
  const key = column.emptyAs?.key;
  const value = key ? row[key] : undefined;
  if (!key || isEmptyCell(value)) return '';
  return translate(`resources.${config.name}.tables.${table.endpoint}.values.${key}.${String(value)}`, {
    _: humanize(String(value)),
  });
}

/**
 * One cell as text: the screen, the print sheet, the CSV and the server's first paint write the same. An instant
 * is read in `timeZone` when given (the server's, which cannot know the reader's), else the reader's own.
 */
export function cellText(
  config: AnyResource,
  table: RecordTable,
  row: Row,
  column: RecordTableColumn,
  locale: Locale,
  translate: TableTranslate,
  timeZone?: string,
): string {
  const { kind } = column;
  const value = row[column.key];
  if (isEmptyCell(value)) {
    if (column.emptyAs) return emptyWord(config, table, column, row, translate);
    return kind === 'yesNo' ? translate('ra.boolean.false') : '';
  }
  if (kind === 'yesNo') return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  if (kind === 'number') return formatNumber(Number(value), locale);
  if (kind === 'time') return formatDateTime(String(value), locale, timeZone);
  if (kind === 'tally') return tallyText(value, locale);
  return String(value);
}

/** The heading's words (`heading`): what the table is of, in the reader's language. */
export function headingWords(table: RecordTable, data: Record<string, unknown> | undefined, locale: Locale): string[] {
  const from = table.heading && data?.[table.heading.from];
  if (!from || typeof from !== 'object') return [];
  return table
    .heading!.keys.map((key) => {
      const value = (from as Record<string, unknown>)[key];
      return value && typeof value === 'object' ? pickLocalized(value as LocalizedText, locale) : String(value ?? '');
    })
    .filter((text) => text.trim());
}

/** The rows and the totals (`[key, number]`, in the table's order) of an endpoint's answer. */
export function tableAnswer(table: RecordTable, data: Record<string, unknown> | undefined) {
  const rows = Array.isArray(data?.[table.rows]) ? (data[table.rows] as Record<string, unknown>[]) : [];
  const answered = (table.totals ? data?.[table.totals.from] : undefined) as Record<string, number> | undefined;
  const totals = answered && table.totals!.keys.map((key) => [key, Number(answered[key] ?? 0)] as const);
  return { rows, totals };
}

/** The record's tables of a place (`first` or not; all when none) that this reader may read (the endpoint's `by`). */
export function readableTables(config: AnyResource, principal: Principal | undefined, place?: 'first' | 'after') {
  return (config.recordTables ?? [])
    .filter((table) => !place || Boolean(table.first) === (place === 'first'))
    .filter((table) => {
      const endpoint = config.endpoints?.[table.endpoint];
      return endpoint && principal && grants(endpoint.by, principal);
    });
}
