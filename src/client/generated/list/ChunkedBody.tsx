import { DataTableBody, DataTableDataContext, useDataTableDataContext, type DataTableBodyProps } from 'react-admin';
import { useDrawnRows } from './chunked-rows';
import { StandInRows } from './StandInRows';

/**
 * A table body that mounts a large page over a few steps instead of in one long task (see `useChunkedRows`).
 * Only the body sees the shorter rows: the header's select-all still covers every row of the page. The rows not
 * mounted yet, and a page still on its way, are stand-in rows of the same height, so the table keeps its size.
 */
export function ChunkedBody(props: DataTableBodyProps) {
  const { rows, standIns } = useDrawnRows(useDataTableDataContext());
  return (
    <>
      {rows.length ? (
        <DataTableDataContext.Provider value={rows}>
          <DataTableBody {...props} />
        </DataTableDataContext.Provider>
      ) : null}
      {/* Anew at each step: rows kept from the last step would count as moved down, a layout shift. */}
      <StandInRows key={rows.length} count={standIns} columns={props.children} />
    </>
  );
}
