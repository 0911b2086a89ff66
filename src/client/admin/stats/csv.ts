import { downloadCSV } from 'react-admin';
import { csvDocument } from '../../../core/csv';

/** One chart's rows as a CSV file, with the headers the chart shows. */
export function downloadSeries(name: string, headers: string[], rows: unknown[][]) {
  downloadCSV(csvDocument([headers, ...rows]), name);
}
