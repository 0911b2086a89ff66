import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { AmountsWidget as AmountsWidgetConfig } from '../../../core/portal';
import { useActiveLocale } from '../../generated/fields/FieldValue';
import { humanize } from '../../../core/labels';
import { formatMoney, formatNumber } from '../../../core/format';
import { useAccountEndpoint } from '../account';
import { WidgetCard } from './WidgetCard';

/** The relative change from `previous` to `current`, e.g. "+12 % vs last month". */
function Change({ current, previous }: { current: number; previous: number }) {
  const translate = useTranslate();
  const locale = useActiveLocale();
  if (!previous) return null;
  const ratio = (current - previous) / Math.abs(previous);
  const text = formatNumber(ratio, locale, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  return (
    <Typography
      variant="body2"
      color={ratio >= 0 ? 'success.main' : 'error.main'}
      data-testid="change"
      sx={{ fontWeight: 500 }}
    >
      {translate('app.portal.change', { change: text, _: text })}
    </Typography>
  );
}

/** Money amounts of an endpoint of the account (balance, earnings), in the endpoint's `currency`. */
export function AmountsWidget({ widget }: { widget: AmountsWidgetConfig }) {
  const translate = useTranslate();
  const locale = useActiveLocale();
  const { data } = useAccountEndpoint(widget.endpoint);
  const currency = typeof data?.currency === 'string' ? data.currency : undefined;
  const value = (key: string) => (typeof data?.[key] === 'number' ? (data[key] as number) : undefined);
  return (
    <WidgetCard name={widget.name}>
      <Grid container spacing={2}>
        {widget.keys.map((key) => (
          <Grid key={key} size={{ xs: key === widget.main ? 12 : 6, sm: key === widget.main ? 12 : 4 }}>
            <Typography variant="caption" color="text.secondary" component="div">
              {translate(`app.portal.amounts.${key}`, { _: humanize(key) })}
            </Typography>
            <Typography
              variant={key === widget.main ? 'h4' : 'body1'}
              component="p"
              data-amount={key}
              sx={{ fontWeight: key === widget.main ? 500 : undefined }}
            >
              {data ? formatMoney(value(key) ?? 0, currency, locale) : '…'}
            </Typography>
          </Grid>
        ))}
      </Grid>
      {widget.compare && data ? (
        <Change current={value(widget.compare[0]) ?? 0} previous={value(widget.compare[1]) ?? 0} />
      ) : null}
    </WidgetCard>
  );
}
