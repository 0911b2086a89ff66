import { stringify } from 'csv-stringify/browser/esm/sync';
import { downloadCSV } from 'react-admin';
import { SAFE_CSV_CAST } from '../../../core/csv-cell';

/** One chart's rows as a CSV file, with the headers the chart shows. */
export function downloadSeries(name: string, headers: string[], rows: unknown[][]) {
  downloadCSV(stringify([headers, ...rows], { cast: SAFE_CSV_CAST }), name);
}
