import type { AnyResource } from './resource';
import { fieldOf } from './value-text';

/**
 * A table row's height: one line of text, a chip or a row's checkbox. Every row has it, drawn or still to come, so
 * that nothing moves when the rows, then their references, arrive.
 */
export const ROW_HEIGHT_PX = 53;
/**
 * The header row's height: two lines of labels, whether or not one wraps (a label wraps in a narrow column), so the
 * rows start where the server's first paint put them (base.css `.lt-first-paint-table [data-head]`).
 */
export const HEADER_HEIGHT_PX = 60.5;
/** The select column's width (a checkbox). */
export const CHECKBOX_WIDTH_PX = 56;
/** The least width of a column whose width follows the table's (text, references). */
const FLEXIBLE_MIN_REM = 10;

/**
 * The width of a column of values of one shape (dates, amounts, chips), in rem; the others (text, references)
 * share what is left. The widths come from the config, never from the rows: the table is laid out before its rows
 * arrive and keeps that layout when they do. The app's table (client list/column-widths.ts) and the server's first
 * paint of it (server/first-paint.ts) both take them from here.
 */
const KIND_WIDTH_REM: Record<string, number> = {
  date: 8.5,
  datetime: 12,
  money: 9,
  integer: 6.5,
  percent: 6.5,
  boolean: 6.5,
  enum: 11,
  status: 12,
  phone: 10.5,
  images: 7,
};

/** A date read with its time of day ("Wed, 23 Dec 2026 · 08:00"). */
const DAY_AND_TIME_REM = 13.5;

/** The record's title column shows at least this many characters before it is cut (SPEC §13), ... */
const TITLE_CHARS = 30;
/** ... at about this width each (the app's 14 px text), plus the cell's padding. */
const CHAR_REM = 0.6;
const CELL_PADDING_REM = 2;
const REM_PX = 16;

export function columnWidthRem(config: AnyResource, name: string): number | undefined {
  // A column of the list's own (the move buttons, the row's decisions) is sized by the list, not a field.
  if (name === '-move') return 8;
  if (name === '-actions') return 16;
  const field = fieldOf(config, name);
  if (field.kind === 'date' && field.time) return DAY_AND_TIME_REM;
  return KIND_WIDTH_REM[field.kind];
}

/** The column that names the record (`recordTitle`), when it is one of the table's and of no fixed width. */
function titleColumn(config: AnyResource, columns: readonly string[]): string | undefined {
  const name = config.recordTitle;
  return name && columns.includes(name) && columnWidthRem(config, name) === undefined ? name : undefined;
}

/** A column's least width in rem: its fixed width, the title's room for its characters, or a shared column's least. */
function leastRem(config: AnyResource, name: string, title: string | undefined): number {
  const fixed = columnWidthRem(config, name);
  if (fixed !== undefined) return fixed;
  if (name !== title) return FLEXIBLE_MIN_REM;
  const chars = Math.min(TITLE_CHARS, config.fields[name]?.maxLength ?? TITLE_CHARS);
  return Math.max(FLEXIBLE_MIN_REM, chars * CHAR_REM + CELL_PADDING_REM);
}

/** The table's least width (a CSS length): below it the table scrolls inside the list. */
export function tableLeastWidth(config: AnyResource, columns: readonly string[], checkbox: boolean): string {
  const title = titleColumn(config, columns);
  const least = columns.reduce((sum, name) => sum + leastRem(config, name, title), 0);
  return `calc(${least}rem + ${checkbox ? CHECKBOX_WIDTH_PX : 0}px)`;
}

/**
 * A column's width as the table's header gives it (a CSS length), or none for a column that shares what is left.
 * Values of one shape take what they need; the record's title takes the share of the table its least width has of
 * the table's least width, so it shows its characters when the table is at its narrowest and grows with the table,
 * while the other text and references share the rest.
 */
export function columnWidth(
  config: AnyResource,
  name: string,
  columns: readonly string[],
  checkbox: boolean,
): string | undefined {
  const fixed = columnWidthRem(config, name);
  if (fixed !== undefined) return `${fixed}rem`;
  const title = titleColumn(config, columns);
  if (name !== title) return undefined;
  const leastPx =
    columns.reduce((sum, column) => sum + leastRem(config, column, title), 0) * REM_PX +
    (checkbox ? CHECKBOX_WIDTH_PX : 0);
  const share = (leastRem(config, name, title) * REM_PX) / leastPx;
  return `${Math.floor(share * 10000) / 100}%`;
}
