import {
  CHECKBOX_WIDTH_PX,
  HEADER_HEIGHT_PX,
  ROW_HEIGHT_PX,
  columnWidth,
  tableLeastWidth,
} from '../../../core/column-widths';
import type { AnyResource } from '../../../core/resource';
import { STAND_IN_ROW } from './StandInRows';

/**
 * The table's layout from its columns alone (`table-layout: fixed`): every cell one line (longer values end in an
 * ellipsis), every row of one height, and below its least width the table scrolls inside the list.
 */
export function fixedTableSx(config: AnyResource, columns: readonly string[], checkbox: boolean) {
  return {
    '& .RaDataTable-table': { tableLayout: 'fixed', minWidth: tableLeastWidth(config, columns, checkbox) },
    '& .RaDataTable-headerCell.MuiTableCell-paddingCheckbox': { width: CHECKBOX_WIDTH_PX },
    '& .RaDataTable-headerCell': { height: HEADER_HEIGHT_PX, boxSizing: 'border-box' },
    // The header's cells give the columns their widths (a fixed table reads its first row): one rule for the
    // table, not a style of every cell's own, which each row's cells would compute anew as they mount.
    ...Object.fromEntries(
      columns.flatMap((name) => {
        const width = columnWidth(config, name, columns, checkbox);
        return width === undefined ? [] : [[`& .RaDataTable-headerCell.column-${name}`, { width }]];
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
