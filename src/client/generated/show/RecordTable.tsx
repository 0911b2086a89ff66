import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import Print from '@mui/icons-material/Print';
import { useQuery } from '@tanstack/react-query';
import { createPortal } from 'react-dom';
import { downloadCSV, useDataProvider, useTranslate } from 'react-admin';
import { CSV_BOM, csvDocument } from '../../../core/csv';
import { formatDateTime, formatNumber } from '../../../core/format';
import { humanize } from '../../../core/labels';
import type { Locale } from '../../../core/locales';
import type { AnyResource, RecordTable as RecordTableConfig, Row } from '../../../core/resource';
import { recordTitle } from '../../../core/record-title';
import { grants } from '../../../core/roles';
import type { LanternDataProvider } from '../data-provider';
import { useActiveLocale } from '../fields/FieldValue';
import { usePrincipal } from '../principal';

type Column = RecordTableConfig['columns'][number];
type Translate = ReturnType<typeof useTranslate>;

/** A record endpoint's answer: its rows and totals, read again on every live change like every endpoint answer. */
export function useRecordTable(config: AnyResource, table: RecordTableConfig, id: unknown) {
  const dataProvider = useDataProvider<LanternDataProvider>();
  const path = `/${config.name}/${encodeURIComponent(String(id))}/${table.endpoint}`;
  const { data, error } = useQuery({
    queryKey: ['endpoint', path],
    queryFn: () => dataProvider.getJson<Record<string, unknown>>(path),
    // Asked even without network: a screen kept for offline use (the scan screen's manifest) is answered by its
    // service worker's cache, and a paused query would wait for the network instead.
    networkMode: 'always',
    enabled: id != null,
  });
  const rows = Array.isArray(data?.[table.rows]) ? (data[table.rows] as Row[]) : [];
  const answered = (table.totals ? data?.[table.totals.from] : undefined) as Record<string, number> | undefined;
  const totals = answered && table.totals!.keys.map((key) => [key, Number(answered[key] ?? 0)] as const);
  return { data, rows, totals, error };
}

/** One cell as text: the screen, the print sheet and the CSV write the same. */
function cellText(value: unknown, kind: Column['kind'], locale: Locale, translate: Translate): string {
  if (value === null || value === undefined || value === '')
    return kind === 'yesNo' ? translate('ra.boolean.false') : '';
  if (kind === 'yesNo') return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  if (kind === 'number') return formatNumber(Number(value), locale);
  if (kind === 'time') return formatDateTime(String(value), locale);
  return String(value);
}

const labelOf = (config: AnyResource, table: RecordTableConfig, key: string, translate: Translate) =>
  translate(`resources.${config.name}.tables.${table.endpoint}.${key}`, { _: humanize(key) });

/** The sheet's own page: only it is printed, small enough that 40 rows and the totals fit one A4 page. */
const PRINT_STYLES = {
  '.lantern-print-sheet': { display: 'none' },
  '@media print': {
    '@page': { size: 'A4 portrait', margin: '10mm' },
    'body > *:not(.lantern-print-sheet)': { display: 'none !important' },
    body: { background: '#fff' },
    '.lantern-print-sheet': { display: 'block', color: '#000', font: '9pt/1.2 sans-serif' },
    '.lantern-print-sheet h1': { fontSize: '12pt', margin: '0 0 2mm' },
    '.lantern-print-sheet table': { width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' },
    '.lantern-print-sheet th, .lantern-print-sheet td': {
      border: '0.2mm solid #999',
      padding: '0.6mm 1.2mm',
      height: '5.2mm',
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      textAlign: 'left',
    },
    '.lantern-print-sheet tr': { breakInside: 'avoid' },
    '.lantern-print-sheet p': { margin: '2mm 0 0' },
  },
} as const;

/**
 * `recordTables`: a record endpoint's rows as a table under the record's page (a departure's manifest), with its
 * totals, a CSV download of what is shown (formulas neutralised by the CSV writer) and a print sheet.
 */
export function RecordTable({ config, table, record }: { config: AnyResource; table: RecordTableConfig; record: Row }) {
  const translate = useTranslate();
  const locale = useActiveLocale();
  const { data, rows, totals } = useRecordTable(config, table, record.id);
  const label = (key: string) => labelOf(config, table, key, translate);
  const title = `${label('title')} · ${recordTitle(config, record, locale)}`;
  const cells = (row: Row) => table.columns.map(({ key, kind }) => cellText(row[key], kind, locale, translate));
  const totalsLine = (totals ?? []).map(([key, value]) => `${label(key)}: ${formatNumber(value, locale)}`).join(' · ');
  const download = () =>
    downloadCSV(
      CSV_BOM + csvDocument([table.columns.map(({ key }) => label(key)), ...rows.map(cells)]),
      `${table.endpoint}-${record.id}`,
    );
  return (
    <Card variant="outlined" sx={{ mt: 2 }} data-record-table={table.endpoint}>
      <GlobalStyles styles={PRINT_STYLES} />
      <CardContent>
        <Stack direction="row" alignItems="center" justifyContent="space-between" flexWrap="wrap" gap={1}>
          <Typography variant="h6" component="h2">
            {label('title')}
          </Typography>
          <Stack direction="row" gap={1}>
            <Button startIcon={<Download />} onClick={download} disabled={!data} sx={{ minHeight: 40 }}>
              {translate('app.recordTable.csv', { _: 'CSV' })}
            </Button>
            <Button startIcon={<Print />} onClick={() => window.print()} disabled={!data} sx={{ minHeight: 40 }}>
              {translate('app.recordTable.print', { _: 'Print' })}
            </Button>
          </Stack>
        </Stack>
        {totals ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1 }} data-totals>
            {totals.map(([key, value]) => (
              <Chip key={key} data-total={key} label={`${label(key)}: ${formatNumber(value, locale)}`} />
            ))}
          </Box>
        ) : null}
        {rows.length ? (
          // It scrolls sideways on a phone: a keyboard reaches it too, and it is named for whoever lands on it.
          <TableContainer tabIndex={0} role="region" aria-label={label('title')} data-scroll-box>
            <Table size="small">
              <TableHead>
                <TableRow>
                  {table.columns.map(({ key }) => (
                    <TableCell key={key}>{label(key)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={String(row.id)} data-row={String(row[table.columns[0].key])}>
                    {cells(row).map((text, index) => (
                      <TableCell
                        key={table.columns[index].key}
                        data-column={table.columns[index].key}
                        sx={{ whiteSpace: 'nowrap' }}
                      >
                        {text}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {data ? translate('app.portal.empty', { _: 'Nothing here' }) : '…'}
          </Typography>
        )}
      </CardContent>
      {createPortal(
        <div className="lantern-print-sheet" data-print-sheet={table.endpoint}>
          <h1>{title}</h1>
          <table>
            <thead>
              <tr>
                {table.columns.map(({ key }) => (
                  <th key={key}>{label(key)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={String(row.id)}>
                  {cells(row).map((text, index) => (
                    <td key={table.columns[index].key}>{text}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <p>{totalsLine}</p>
        </div>,
        document.body,
      )}
    </Card>
  );
}

/** The record's tables this account may read (the endpoint's `by`). */
export function RecordTables({ config, record }: { config: AnyResource; record: Row | undefined }) {
  const { principal } = usePrincipal();
  if (!record) return null;
  return (
    <>
      {(config.recordTables ?? [])
        .filter((table) => {
          const endpoint = config.endpoints?.[table.endpoint];
          return endpoint && principal && grants(endpoint.by, principal);
        })
        .map((table) => (
          <RecordTable key={table.endpoint} config={config} table={table} record={record} />
        ))}
    </>
  );
}
