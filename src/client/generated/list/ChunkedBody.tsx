import { DataTableBody, DataTableDataContext, useDataTableDataContext, type DataTableBodyProps } from 'react-admin';
import { useChunkedRows } from './chunked-rows';
import { isPlaceholder } from './PlaceholderRows';
import { StandInRows } from './StandInRows';

const NO_ROWS: never[] = [];

/**
 * A table body that mounts a large page over a few steps instead of in one long task (see `useChunkedRows`).
 * Only the body sees the shorter rows: the header's select-all still covers every row of the page. The rows not
 * mounted yet, and a page still on its way, are stand-in rows of the same height, so the table keeps its size.
 */
export function ChunkedBody(props: DataTableBodyProps) {
  const data = useDataTableDataContext() ?? NO_ROWS;
  const pending = data.length > 0 && isPlaceholder(data[0]);
  const rows = useChunkedRows(pending ? NO_ROWS : data);
  return (
    <>
      {rows.length ? (
        <DataTableDataContext.Provider value={rows}>
          <DataTableBody {...props} />
        </DataTableDataContext.Provider>
      ) : null}
      {/* Anew at each step: rows kept from the last step would count as moved down, a layout shift. */}
      <StandInRows key={rows.length} count={data.length - rows.length} columns={props.children} />
    </>
  );
}
