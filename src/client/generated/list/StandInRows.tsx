import { Children, isValidElement, type ReactNode } from 'react';
import { useDataTableConfigContext, useDataTableStoreContext, useStore } from 'react-admin';

/** The class of a stand-in row (column-widths.ts draws it: a row's height, a line of skeleton per cell). */
export const STAND_IN_ROW = 'lt-stand-in-row';
const NO_COLUMNS: string[] = [];

/** How many cells a row of the table has: its shown columns (the column chooser hides some), and the checkbox. */
function useCellCount(columns: ReactNode): number {
  const { storeKey, defaultHiddenColumns } = useDataTableStoreContext();
  const [hidden] = useStore<string[]>(storeKey, defaultHiddenColumns ?? NO_COLUMNS);
  const { hasBulkActions } = useDataTableConfigContext();
  let count = hasBulkActions ? 1 : 0;
  Children.forEach(columns, (column) => {
    if (!isValidElement<{ source?: string; label?: unknown }>(column)) return;
    const { source, label } = column.props;
    if (!hidden.includes(source ?? String(label))) count += 1;
  });
  return count;
}

/**
 * Rows that hold the place of rows not drawn yet (a page on its way, or the part of a page still to be mounted):
 * plain table rows of a real row's height with a line of skeleton per cell, below the records' body. A real row
 * mounts a dozen components per cell; twenty of those stand-ins cost as much as a few real rows, so holding the
 * page's place does not itself become the long task it is there to hide.
 */
export function StandInRows({ count, columns }: { count: number; columns: ReactNode }) {
  const cells = useCellCount(columns);
  if (count <= 0) return null;
  return (
    // A foot of its own, not a second body: a table's body holds its records, and only them.
    <tfoot aria-hidden="true">
      {Array.from({ length: count }, (_, row) => (
        <tr key={row} className={STAND_IN_ROW}>
          {Array.from({ length: cells }, (_, cell) => (
            <td key={cell}>
              <span />
            </td>
          ))}
        </tr>
      ))}
    </tfoot>
  );
}

/** The class of a stand-in item of a phone's list (PhoneList.tsx draws it at a real item's height). */
export const STAND_IN_ITEM = 'lt-stand-in-item';

/** The phone's list's stand-ins: `count` items of a real item's height, each with two lines of skeleton. */
export function StandInItems({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <ul aria-hidden="true">
      {Array.from({ length: count }, (_, item) => (
        <li key={item} className={STAND_IN_ITEM}>
          <span />
          <span />
        </li>
      ))}
    </ul>
  );
}
