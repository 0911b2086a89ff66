import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import type { JsonField } from '../../../core/fields';
import { humanize, labels } from '../../../core/labels';
import type { Locale } from '../../../core/locales';
import type { AnyResource } from '../../../core/resource';
import { hasValue, valueText } from '../../../core/value-text';

/**
 * An inline child collection on its parent's page: one table row per child, each key formatted like a field of
 * its kind (a price in the parent's currency, a name in the reader's language), labelled like the parent's fields.
 */
export function InlineRows({
  config,
  name,
  field,
  record,
  locale,
}: {
  config: AnyResource;
  name: string;
  field: JsonField;
  record: Record<string, unknown>;
  locale: Locale;
}) {
  const translate = useTranslate();
  const items = field.items!;
  const rows = (Array.isArray(record[name]) ? record[name] : []) as Record<string, unknown>[];
  const keys = (items.columns ?? Object.keys(items.fields)).filter((key) => rows.some((row) => hasValue(row[key])));
  // The rows' keys read as fields of the parent, so a price finds the parent's currency beside it.
  const rowConfig = { ...config, fields: { ...config.fields, ...items.fields } } as AnyResource;
  const numeric = (key: string) => ['integer', 'money', 'percent'].includes(items.fields[key]?.kind ?? '');
  return (
    <Table size="small" data-testid={`rows-${name}`} sx={{ width: 'auto', '& td, & th': { px: 1, py: 0.5 } }}>
      <TableHead>
        <TableRow>
          {keys.map((key) => (
            <TableCell key={key} align={numeric(key) ? 'right' : 'left'}>
              {translate(labels.field(config, key), { _: humanize(key) })}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={index} data-testid={`row-${name}`}>
            {keys.map((key) => (
              <TableCell key={key} align={numeric(key) ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                {valueText(rowConfig, key, { ...record, ...row }, locale, (k, fallback) =>
                  translate(k, { _: fallback }),
                )}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
