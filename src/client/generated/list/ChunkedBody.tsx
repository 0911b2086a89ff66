import { DataTableBody, DataTableDataContext, useDataTableDataContext, type DataTableBodyProps } from 'react-admin';
import { useChunkedRows } from './chunked-rows';

const NO_ROWS: never[] = [];

/**
 * A table body that mounts a large page over a few steps instead of in one long task (see `useChunkedRows`).
 * Only the body sees the shorter rows: the header's select-all still covers every row of the page.
 */
export function ChunkedBody(props: DataTableBodyProps) {
  const rows = useChunkedRows(useDataTableDataContext() ?? NO_ROWS);
  return (
    <DataTableDataContext.Provider value={rows}>
      <DataTableBody {...props} />
    </DataTableDataContext.Provider>
  );
}
