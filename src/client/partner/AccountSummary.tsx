import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetIdentity, useTranslate } from 'react-admin';
import { grants } from '../../core/roles';
import { statusField } from '../../core/resource';
import { principalOf, type Me } from '../generated/auth-provider';
import { useRegistry } from '../generated/context';
import type { LanternDataProvider } from '../generated/data-provider';
import { StatusChip } from '../generated/fields/StatusChip';
import { useActiveLocale } from '../generated/fields/FieldValue';
import { formatMoney } from '../i18n/format';
import { humanize, labels } from '../generated/labels';

/** The signed-in account's own resource (the one whose rows are accounts of this kind). */
export function useAccountResource() {
  const registry = useRegistry();
  const { identity } = useGetIdentity();
  const me = identity as Me | undefined;
  const config = registry.resources.find((resource) => resource.account?.kind === me?.kind);
  return { me, config };
}

/** One GET record endpoint of the account (e.g. its balance): numbers shown as money in its `currency`. */
function EndpointCard({ name }: { name: string }) {
  const { me, config } = useAccountResource();
  const dataProvider = useDataProvider<LanternDataProvider>();
  const translate = useTranslate();
  const locale = useActiveLocale();
  const { data } = useQuery({
    queryKey: [config?.name, me?.id, name],
    queryFn: () => dataProvider.getJson<Record<string, unknown>>(`/${config!.name}/${me!.id}/${name}`),
    enabled: Boolean(config && me),
  });
  if (!data) return null;
  const currency = typeof data.currency === 'string' ? data.currency : undefined;
  const amounts = Object.entries(data).filter(([key, value]) => typeof value === 'number' && !/Id$|^id$/.test(key));
  return (
    <Card variant="outlined" data-testid={`endpoint-${name}`}>
      <CardContent>
        <Typography variant="overline" color="text.secondary">
          {translate(`app.endpoints.${name}.title`, { _: humanize(name) })}
        </Typography>
        <Grid container spacing={2}>
          {amounts.map(([key, value]) => (
            <Grid key={key} size={{ xs: 6, sm: 3 }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {translate(`app.endpoints.${name}.${key}`, { _: humanize(key) })}
              </Typography>
              <Typography variant={key === 'available' ? 'h5' : 'body1'} data-amount={key}>
                {formatMoney(value as number, currency, locale)}
              </Typography>
            </Grid>
          ))}
        </Grid>
      </CardContent>
    </Card>
  );
}

/** The account's status (its workflow state) and its endpoints (balance, …) the account may call. */
export function AccountSummary() {
  const { me, config } = useAccountResource();
  const translate = useTranslate();
  if (!me || !config) return null;
  const field = statusField(config);
  const endpoints = Object.entries(config.endpoints ?? {}).filter(
    ([, endpoint]) => endpoint.method === 'GET' && endpoint.record && grants(endpoint.by, principalOf(me)),
  );
  return (
    <Grid container spacing={2}>
      {field && me.status ? (
        <Grid size={{ xs: 12 }}>
          <Card variant="outlined" data-testid="account-status">
            <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
              <Typography variant="body1">{translate(labels.field(config, field), { _: humanize(field) })}</Typography>
              <StatusChip config={config} field={field} value={me.status} size="medium" />
            </CardContent>
          </Card>
        </Grid>
      ) : null}
      {endpoints.map(([name]) => (
        <Grid key={name} size={{ xs: 12 }}>
          <EndpointCard name={name} />
        </Grid>
      ))}
    </Grid>
  );
}
