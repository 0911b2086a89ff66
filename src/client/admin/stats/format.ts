import type { MoneyField } from '../../../core/fields';
import type { Locale } from '../../../core/locales';
import type { AnyResource } from '../../../core/resource';
import { formatMoney, formatNumber } from '../../i18n/format';

/** The currency of a money field's aggregates: its currency field's default (the platform currency). */
export function currencyOf(config: AnyResource, name: string): string | undefined {
  const field = config.fields[name];
  if (field?.kind !== 'money') return undefined;
  const currency = config.fields[(field as MoneyField).currencyField]?.default;
  return typeof currency === 'string' ? currency : 'LAK';
}

/** A count or a sum as the locale writes it; money sums in their currency. */
export function formatMetric(config: AnyResource, name: string, value: number, locale: Locale): string {
  const currency = currencyOf(config, name);
  return currency ? formatMoney(value, currency, locale) : formatNumber(value, locale);
}

/** Change against the previous period, as a signed percentage (undefined when there was nothing before). */
export function change(current: number, previous: number): number | undefined {
  if (!previous) return undefined;
  return (current - previous) / Math.abs(previous);
}
