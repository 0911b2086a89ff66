import type { AnyResource } from './resource';
import { fieldOf } from './value-text';

/**
 * A table row's height: one line of text, a chip or a row's checkbox. Every row has it, drawn or still to come, so
 * that nothing moves when the rows, then their references, arrive.
 */
export const ROW_HEIGHT_PX = 53;
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

export function columnWidthRem(config: AnyResource, name: string): number | undefined {
  // A column of the list's own (the move buttons, the row's decisions) is sized by the list, not a field.
  if (name === '-move') return 8;
  if (name === '-actions') return 16;
  return KIND_WIDTH_REM[fieldOf(config, name).kind];
}

/** The table's least width (a CSS length): below it the table scrolls inside the list. */
export function tableLeastWidth(config: AnyResource, columns: readonly string[], checkbox: boolean): string {
  const leastRem = columns.reduce((sum, name) => sum + (columnWidthRem(config, name) ?? FLEXIBLE_MIN_REM), 0);
  return `calc(${leastRem}rem + ${checkbox ? CHECKBOX_WIDTH_PX : 0}px)`;
}
