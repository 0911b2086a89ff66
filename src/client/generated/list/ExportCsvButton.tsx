import DownloadIcon from '@mui/icons-material/GetApp';
import { Button, useListContext } from 'react-admin';
import { API_URL } from '../data-provider';
import { useEntry } from '../context';
import { queryString, useListQuery } from './list-query';

/**
 * CSV of the whole filtered list, streamed by the server (`/api/{name}/-/export.csv`): the browser saves the
 * response as it arrives, so a million rows never sit in this page's memory, and the server applies the scope.
 */
export function ExportCsvButton() {
  const { config } = useEntry();
  const { total, isPending } = useListContext();
  const { filter, sort } = useListQuery();
  const href = `${API_URL}/${config.name}/-/export.csv?${queryString({ filter, sort })}`;
  return (
    <Button
      label="ra.action.export"
      component="a"
      href={href}
      download
      disabled={isPending || total === 0}
      data-testid="export-csv"
    >
      <DownloadIcon />
    </Button>
  );
}
