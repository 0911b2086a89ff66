import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import type { AnyResource } from '../../../core/resource';
import { useActiveLocale } from '../../generated/fields/FieldValue';
import { formatNumber } from '../../../core/format';
import type { Period } from './api';
import { useBreakdown } from './breakdown';
import { ChartCard } from './ChartCard';
import { formatMetric, metricLabel } from './format';

/** A ranking (`stats.top`): the ten groups with the largest first sum, each with its sums and row count. */
export function TopTable({ config, period, path }: { config: AnyResource; period: Period; path: string }) {
  const translate = useTranslate();
  const locale = useActiveLocale();
  const { rows, sums, title, groupName, csv, isPending, empty } = useBreakdown(config, period, path, 'top');
  const metrics = [...sums, 'count'];
  return (
    <ChartCard
      title={title}
      onCsv={csv}
      testId={`top-${config.name}-${path}`}
      pending={isPending}
      empty={empty}
      height="auto"
    >
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 32 }}>#</TableCell>
            <TableCell>{groupName}</TableCell>
            {metrics.map((name) => (
              <TableCell key={name} align="right">
                {metricLabel(config, name, translate)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={String(row.key)} data-testid="top-row">
              <TableCell>{formatNumber(index + 1, locale)}</TableCell>
              <TableCell>{row.label}</TableCell>
              {metrics.map((name) => (
                <TableCell key={name} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatMetric(config, name, Number(row[name]), locale)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ChartCard>
  );
}
