import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { RefField } from '../../../core/fields';
import type { AnyResource } from '../../../core/resource';
import type { LanternDataProvider } from '../data-provider';
import { useActiveLocale } from '../fields/FieldValue';
import { formatMoney, formatNumber } from '../../../core/format';
import { humanize } from '../../../core/labels';

/**
 * `aside`: a record endpoint of the referenced record shown beside the show page (e.g. the partner's balance
 * beside a withdrawal request). Numbers are money in the answer's `currency` when it names one.
 */
export function EndpointAside({ config }: { config: AnyResource }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const locale = useActiveLocale();
  const dataProvider = useDataProvider<LanternDataProvider>();
  const { via, endpoint } = config.aside!;
  const ref = config.fields[via] as RefField | undefined;
  const id = record?.[via];
  const path = ref ? `/${ref.reference}/${encodeURIComponent(String(id))}/${endpoint}` : '';
  const { data, error } = useQuery({
    queryKey: ['endpoint', path, record?.version],
    queryFn: () => dataProvider.getJson<Record<string, unknown>>(path),
    enabled: Boolean(ref && id != null),
  });
  if (!ref || id == null || error) return null;
  const currency = typeof data?.currency === 'string' ? data.currency : undefined;
  const entries = Object.entries(data ?? {}).filter(
    ([key, value]) => typeof value === 'number' && !/Id$|^id$/.test(key),
  );
  return (
    <Card
      variant="outlined"
      sx={{ width: { xs: '100%', md: 280 }, ml: { md: 2 }, mt: { xs: 2, md: 0 }, flexShrink: 0 }}
      data-testid={`aside-${endpoint}`}
    >
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(`app.endpoints.${endpoint}.title`, { _: humanize(endpoint) })}
        </Typography>
        <Stack spacing={1}>
          {entries.map(([key, value]) => (
            <div key={key} data-key={key}>
              <Typography variant="caption" color="text.secondary" component="div">
                {translate(`app.endpoints.${endpoint}.${key}`, { _: humanize(key) })}
              </Typography>
              <Typography variant={key === 'available' ? 'h6' : 'body1'}>
                {currency ? formatMoney(value as number, currency, locale) : formatNumber(value as number, locale)}
              </Typography>
            </div>
          ))}
          {!data ? <Typography color="text.secondary">…</Typography> : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
