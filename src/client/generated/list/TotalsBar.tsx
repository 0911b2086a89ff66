import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AnyResource } from '../../../core/resource';
import type { LanternDataProvider } from '../data-provider';
import { useActiveLocale } from '../fields/FieldValue';
import { formatMoney, formatNumber } from '../../../core/format';
import { labels } from '../../../core/labels';
import { queryString, useListQuery } from './list-query';

interface TotalsBody {
  rows: { currency?: string; count: number; sums: Record<string, number> }[];
}

/** Sums of `list.totals` over the whole filtered set (not only the page), one line per currency. */
export function TotalsBar({ config }: { config: AnyResource }) {
  const translate = useTranslate();
  const locale = useActiveLocale();
  const dataProvider = useDataProvider<LanternDataProvider>();
  const { filter } = useListQuery();
  const path = `/${config.name}/-/totals?${queryString({ filter })}`;
  const { data } = useQuery({
    queryKey: [config.name, 'totals', path],
    queryFn: () => dataProvider.getJson<TotalsBody>(path),
  });
  if (!data?.rows.length) return null;
  return (
    <Stack
      direction="row"
      spacing={3}
      useFlexGap
      flexWrap="wrap"
      sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}
      data-testid="list-totals"
    >
      <Typography variant="subtitle2">{translate('app.list.totals', { _: 'Totals of the filtered list' })}</Typography>
      {data.rows.map((row) => (
        <Stack key={row.currency ?? ''} direction="row" spacing={2} useFlexGap flexWrap="wrap">
          <Typography variant="body2">
            {translate('app.list.rows', { smart_count: row.count, count: formatNumber(row.count, locale) })}
          </Typography>
          {Object.entries(row.sums).map(([name, sum]) => {
            const money = config.fields[name]?.kind === 'money';
            return (
              <Typography key={name} variant="body2" data-total={name}>
                {translate(labels.field(config, name), { _: name })}:{' '}
                <strong>{money ? formatMoney(sum, row.currency ?? 'LAK', locale) : formatNumber(sum, locale)}</strong>
              </Typography>
            );
          })}
        </Stack>
      ))}
    </Stack>
  );
}
