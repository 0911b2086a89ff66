import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import useMediaQuery from '@mui/material/useMediaQuery';
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
import { useQueries, useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { createPortal } from 'react-dom';
import { downloadCSV, useCreatePath, useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { CSV_BOM, csvDocument } from '../../../core/csv';
import { formatNumber } from '../../../core/format';
import {
  cellText,
  headingWords,
  isEmptyCell,
  readableTables,
  tableAnswer,
  tableLabel,
} from '../../../core/record-table-text';
import type { AnyResource, RecordTable as RecordTableConfig, Row } from '../../../core/resource';
import { recordTitle } from '../../../core/record-title';
import type { LanternDataProvider } from '../data-provider';
import { useActiveLocale } from '../fields/FieldValue';
import { usePrincipal } from '../principal';
import { useRegistry } from '../context';
import { PHONE } from '../workflow/ActionButton';

type Column = RecordTableConfig['columns'][number];

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
  const { rows, totals } = tableAnswer(table, data);
  return { data, rows: rows as Row[], totals, error };
}

/** A cell on screen: as its text, a phone as a `tel:` link the guide taps to call. */
function CellValue({ row, column, text }: { row: Row; column: Column; text: string }) {
  const value = row[column.key];
  if (column.kind === 'phone' && typeof value === 'string' && value.trim())
    return (
      <Link
        href={`tel:${value.replace(/[^\d+]/g, '')}`}
        sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 40, whiteSpace: 'nowrap' }}
      >
        {text}
      </Link>
    );
  return <>{text}</>;
}

/** Where a row opens (`link`): its record's page in this area, when the area has that resource. */
function useRowLink(table: RecordTableConfig): ((row: Row) => string | undefined) | undefined {
  const registry = useRegistry();
  const createPath = useCreatePath();
  const route = table.link ? registry.routeOf(table.link.resource) : undefined;
  if (!table.link || !route) return undefined;
  const key = table.link.key ?? 'id';
  return (row) =>
    row[key] === null || row[key] === undefined
      ? undefined
      : createPath({ resource: route, id: row[key] as string, type: 'show' });
}

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
  const phone = useMediaQuery(PHONE.replace('@media ', ''));
  const { data, rows, totals, error } = useRecordTable(config, table, record.id);
  const rowLink = useRowLink(table);
  const label = (key: string) => tableLabel(config, table, key, translate);
  const words = headingWords(table, data, locale);
  // The sheet names what it is of: the service, the departure's date and time, where travellers meet.
  const [what, ...where] = words;
  const title = [label('title'), what, recordTitle(config, record, locale), ...where].filter(Boolean).join(' · ');
  const cells = (row: Row) => table.columns.map((column) => cellText(config, table, row, column, locale, translate));
  const totalsLine = (totals ?? []).map(([key, value]) => `${label(key)}: ${formatNumber(value, locale)}`).join(' · ');
  const download = () =>
    downloadCSV(
      CSV_BOM + csvDocument([table.columns.map(({ key }) => label(key)), ...rows.map(cells)]),
      `${table.endpoint}-${record.id}`,
    );
  return (
    <Card
      variant="outlined"
      sx={{ mt: 2 }}
      data-record-table={table.endpoint}
      // What the server drew of the screen meanwhile (shell/held-paint.ts) goes once the rows are here.
      data-screen-drawn={data !== undefined || error ? '' : undefined}
    >
      <GlobalStyles styles={PRINT_STYLES} />
      <CardContent>
        <Stack direction="row" alignItems="center" justifyContent="space-between" flexWrap="wrap" gap={1}>
          <div>
            <Typography variant="h6" component="h2" id={`record-table-${table.endpoint}`}>
              {label('title')}
            </Typography>
            {words.length ? (
              <Typography variant="body2" color="text.secondary" data-table-heading>
                {words.join(' · ')}
              </Typography>
            ) : null}
          </div>
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
        {rows.length && phone ? (
          // The cards, a region a keyboard reaches and a reader hears named, as the desk's scrolling table is.
          <Box tabIndex={0} role="region" aria-label={label('title')} data-scroll-box>
            <TableCards
              table={table}
              rows={rows}
              cells={cells}
              label={label}
              rowLink={rowLink}
              labelledBy={`record-table-${table.endpoint}`}
            />
          </Box>
        ) : rows.length ? (
          // A table wider than its box scrolls inside it: reached by Tab, named by the table's title.
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
                    {cells(row).map((text, index) => {
                      const column = table.columns[index];
                      const to = index === 0 ? rowLink?.(row) : undefined;
                      return (
                        <TableCell
                          key={column.key}
                          data-column={column.key}
                          data-word={wordUsed(row, column)}
                          sx={{ whiteSpace: 'nowrap' }}
                        >
                          {to ? (
                            <Link component={RouterLink} to={to}>
                              {text}
                            </Link>
                          ) : (
                            <CellValue row={row} column={column} text={text} />
                          )}
                        </TableCell>
                      );
                    })}
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

/** Which word an empty cell reads as (`emptyAs`), for the screen's styles and tests; none when it has a value. */
function wordUsed(row: Row, column: Column): string | undefined {
  if (!column.emptyAs || !isEmptyCell(row[column.key])) return undefined;
  const value = row[column.emptyAs.key];
  return isEmptyCell(value) ? undefined : String(value);
}

/**
 * The table on a phone: a card per row that fits the screen's width — the first column as its head (a link to the
 * row's record when the table has `link`), every other column as its label and value, a phone as a number to tap.
 */
function TableCards({
  table,
  rows,
  cells,
  label,
  rowLink,
  labelledBy,
}: {
  table: RecordTableConfig;
  rows: Row[];
  cells: (row: Row) => string[];
  label: (key: string) => string;
  rowLink?: (row: Row) => string | undefined;
  labelledBy: string;
}) {
  const [head, ...rest] = table.columns;
  return (
    <Stack component="ul" spacing={1} aria-labelledby={labelledBy} sx={{ listStyle: 'none', m: 0, p: 0 }} data-cards>
      {rows.map((row) => {
        const texts = cells(row);
        const to = rowLink?.(row);
        return (
          <Card component="li" variant="outlined" key={String(row.id)} data-row={String(row[head.key])}>
            <CardContent sx={{ py: 1, '&:last-child': { pb: 1 } }}>
              <Typography variant="subtitle1" component="h3" data-column={head.key} sx={{ fontWeight: 700 }}>
                {to ? (
                  <Link
                    component={RouterLink}
                    to={to}
                    sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 40, minWidth: 40 }}
                  >
                    {texts[0]}
                  </Link>
                ) : (
                  texts[0]
                )}
              </Typography>
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'auto 1fr',
                  alignItems: 'baseline',
                  columnGap: 2,
                  rowGap: 0.25,
                  m: 0,
                }}
              >
                {rest.map((column, index) => (
                  <Fragment key={column.key}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {label(column.key)}
                    </Typography>
                    <Typography
                      component="dd"
                      variant="body2"
                      data-column={column.key}
                      data-word={wordUsed(row, column)}
                      sx={{
                        m: 0,
                        minWidth: 0,
                        overflowWrap: 'anywhere',
                        fontWeight: wordUsed(row, column) ? 700 : undefined,
                      }}
                    >
                      <CellValue row={row} column={column} text={texts[index + 1]} />
                    </Typography>
                  </Fragment>
                ))}
              </Box>
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
}

/**
 * Whether the tables drawn first (the guide's manifest) have answered, or failed: what comes below them waits for
 * it, so a phone's page does not draw the form and then push it down a screen's height as the rows arrive.
 */
export function useLeadTablesSettled(config: AnyResource, record: Row | undefined): boolean {
  const dataProvider = useDataProvider<LanternDataProvider>();
  const { principal } = usePrincipal();
  const results = useQueries({
    queries: readableTables(config, principal, 'first').map((table) => {
      const path = `/${config.name}/${encodeURIComponent(String(record?.id))}/${table.endpoint}`;
      return {
        queryKey: ['endpoint', path],
        queryFn: () => dataProvider.getJson<Record<string, unknown>>(path),
        networkMode: 'always' as const,
        enabled: record?.id != null,
      };
    }),
  });
  return results.every((result) => result.data !== undefined || result.isError);
}

/** The record's tables this account may read (the endpoint's `by`). */
export function RecordTables({
  config,
  record,
  place,
}: {
  config: AnyResource;
  record: Row | undefined;
  /** Only the tables drawn first (`first`), or only the others; all when not given. */
  place?: 'first' | 'after';
}) {
  const { principal } = usePrincipal();
  if (!record) return null;
  return (
    <>
      {readableTables(config, principal, place).map((table) => (
        <RecordTable key={table.endpoint} config={config} table={table} record={record} />
      ))}
    </>
  );
}
