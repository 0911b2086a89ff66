import type { AnyResource } from '../../../core/resource';
import { fieldOf } from '../../../core/value-text';
import { STAND_IN_ROW } from './StandInRows';

/**
 * A table row's height: one line of text, a chip or a row's checkbox. Every row has it, drawn or still to come, so
 * that nothing moves when the rows, then their references, arrive.
 */
export const ROW_HEIGHT_PX = 53;
/** The select column's width (a checkbox). */
const CHECKBOX_WIDTH_PX = 56;
/** The least width of a column whose width follows the table's (text, references). */
const FLEXIBLE_MIN_REM = 10;

/**
 * The width of a column of values of one shape (dates, amounts, chips), in rem; the others (text, references)
 * share what is left. The widths come from the config, never from the rows: the table is laid out before its rows
 * arrive and keeps that layout when they do.
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

/**
 * The table's layout from its columns alone (`table-layout: fixed`): every cell one line (longer values end in an
 * ellipsis), every row of one height, and below its least width the table scrolls inside the list.
 */
export function fixedTableSx(config: AnyResource, columns: readonly string[], checkbox: boolean) {
  const leastRem = columns.reduce((sum, name) => sum + (columnWidthRem(config, name) ?? FLEXIBLE_MIN_REM), 0);
  return {
    '& .RaDataTable-table': {
      tableLayout: 'fixed',
      minWidth: `calc(${leastRem}rem + ${checkbox ? CHECKBOX_WIDTH_PX : 0}px)`,
    },
    '& .RaDataTable-headerCell.MuiTableCell-paddingCheckbox': { width: CHECKBOX_WIDTH_PX },
    // The header's cells give the columns their widths (a fixed table reads its first row): one rule for the
    // table, not a style of every cell's own, which each row's cells would compute anew as they mount.
    ...Object.fromEntries(
      columns.flatMap((name) => {
        const rem = columnWidthRem(config, name);
        return rem === undefined ? [] : [[`& .RaDataTable-headerCell.column-${name}`, { width: `${rem}rem` }]];
      }),
    ),
    '& .RaDataTable-rowCell': {
      height: ROW_HEIGHT_PX,
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
    },
    // A link in a one-line cell is a line of text high: too small a target for a finger or a shaky hand (WCAG
    // 2.5.8 asks for 24 px). The row is taller than that, so the link can be without the row growing.
    '& .RaDataTable-rowCell a': {
      display: 'inline-block',
      maxWidth: '100%',
      minHeight: 24,
      lineHeight: '24px',
      verticalAlign: 'middle',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
    },
    [`& .${STAND_IN_ROW} td`]: {
      height: ROW_HEIGHT_PX,
      boxSizing: 'border-box',
      padding: '0 16px',
      borderBottom: 1,
      borderColor: 'divider',
    },
    [`& .${STAND_IN_ROW} span`]: {
      display: 'block',
      width: '70%',
      height: '0.8em',
      borderRadius: 1,
      bgcolor: 'action.hover',
    },
  };
}
