import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { RecordContextProvider, useGetOne, useRecordContext, useTranslate } from 'react-admin';
import type { RefField } from '../../../core/fields';
import type { AnyResource } from '../../../core/resource';
import { useRegistry } from '../context';
import { FieldValue } from '../fields/FieldValue';
import { labels } from '../../../core/labels';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * `compare`: the record beside the live record it proposes to change, one row per compared field, changed
 * rows highlighted, so a moderator sees at a glance what an approval would publish.
 */
export function ComparePanel({ config }: { config: AnyResource }) {
  const registry = useRegistry();
  const translate = useTranslate();
  const record = useRecordContext();
  const compare = config.compare!;
  const ref = config.fields[compare.via] as RefField | undefined;
  const target = ref ? registry.config(ref.reference) : undefined;
  const id = record?.[compare.via];
  const { data: live, isPending } = useGetOne(
    target ? (registry.routeOf(target.name) ?? target.name) : '',
    { id: id as number },
    { enabled: Boolean(target && id != null) },
  );
  if (!record || !target) return null;
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="compare">
      <CardContent sx={{ overflowX: 'auto' }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.review.compareTitle', { _: 'Proposed change and live version' })}
        </Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '20%' }} />
              <TableCell sx={{ width: '40%' }}>{translate('app.review.proposed', { _: 'Proposed' })}</TableCell>
              <TableCell sx={{ width: '40%' }}>{translate('app.review.live', { _: 'Live' })}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {Object.entries(compare.fields).map(([own, theirs]) => {
              const changed = !isPending && !same(record[own], live?.[theirs]);
              return (
                <TableRow
                  key={own}
                  data-changed={changed}
                  sx={changed ? { bgcolor: (theme) => theme.palette.warning.main + '1f' } : undefined}
                >
                  <TableCell component="th" scope="row">
                    {translate(labels.field(config, own), { _: own })}
                  </TableCell>
                  <TableCell>
                    <FieldValue config={config} name={own} />
                  </TableCell>
                  <TableCell>
                    {live ? (
                      <RecordContextProvider value={live}>
                        <FieldValue config={target} name={theirs} />
                      </RecordContextProvider>
                    ) : (
                      <Box component="span" sx={{ color: 'text.disabled' }}>
                        {isPending ? '…' : '—'}
                      </Box>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
