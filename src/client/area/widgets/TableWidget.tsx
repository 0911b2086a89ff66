import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { pickLocalized, type Locale, type LocalizedText } from '../../../core/locales';
import type { ColumnKind, TableWidget as TableWidgetConfig } from '../../../core/portal';
import { useActiveLocale } from '../../generated/fields/FieldValue';
import { humanize } from '../../../core/labels';
import { formatMoney, formatNumber } from '../../../core/format';
import { useAccountEndpoint } from '../account';
import { WidgetCard } from './WidgetCard';

function cell(value: unknown, kind: ColumnKind, currency: string | undefined, locale: Locale): string {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'money':
      return formatMoney(Number(value), currency, locale);
    case 'number':
      return formatNumber(Number(value), locale);
    case 'percent':
      return formatNumber(Number(value) / 100, locale, { style: 'percent', maximumFractionDigits: 2 });
    case 'localized':
      return pickLocalized(value as LocalizedText, locale);
    default:
      return String(value);
  }
}

/** Rows of an account endpoint (e.g. earnings per service) as a table. */
export function TableWidget({ widget }: { widget: TableWidgetConfig }) {
  const translate = useTranslate();
  const locale = useActiveLocale();
  const { data } = useAccountEndpoint(widget.endpoint);
  const rows = Array.isArray(data?.[widget.rows]) ? (data[widget.rows] as Record<string, unknown>[]) : [];
  const currency = typeof data?.currency === 'string' ? data.currency : undefined;
  return (
    <WidgetCard name={widget.name}>
      {rows.length ? (
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                {widget.columns.map(({ key, kind }) => (
                  <TableCell key={key} align={kind === 'text' || kind === 'localized' ? 'left' : 'right'}>
                    {translate(`app.portal.amounts.${key}`, { _: humanize(key) })}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, index) => (
                <TableRow key={index}>
                  {widget.columns.map(({ key, kind }) => (
                    <TableCell
                      key={key}
                      align={kind === 'text' || kind === 'localized' ? 'left' : 'right'}
                      sx={{ whiteSpace: kind === 'money' ? 'nowrap' : undefined }}
                    >
                      {cell(row[key], kind, currency, locale)}
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
    </WidgetCard>
  );
}
