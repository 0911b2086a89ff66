import type { MoneyField } from '../../../core/fields';
import type { Locale } from '../../../core/locales';
import { summedField, type AnyResource } from '../../../core/resource';
import { humanize, labels } from '../../../core/labels';
import { formatMoney, formatNumber, toMajor } from '../../../core/format';

type Translate = (key: string, options?: object) => string;

/** The currency of a metric summing a money field: its currency field's default (the platform currency). */
export function currencyOf(config: AnyResource, name: string): string | undefined {
  const field = config.fields[(config.stats && summedField(config.stats, name)) ?? name];
  if (field?.kind !== 'money') return undefined;
  const currency = config.fields[(field as MoneyField).currencyField]?.default;
  return typeof currency === 'string' ? currency : 'LAK';
}

/** A count or a sum as the locale writes it; money sums in their currency (`compact`: large amounts short). */
export function formatMetric(
  config: AnyResource,
  name: string,
  value: number,
  locale: Locale,
  compact = false,
): string {
  const currency = currencyOf(config, name);
  return currency ? formatMoney(value, currency, locale, compact) : formatNumber(value, locale);
}

/** A count or a sum as a CSV cell: money in major units (what people type in a spreadsheet), counts as they are. */
export function csvMetric(config: AnyResource, name: string, value: unknown): number {
  const currency = currencyOf(config, name);
  return currency ? toMajor(Number(value), currency) : Number(value);
}

/** A rate (0–1) as a percentage; a rate of nothing is a dash. */
export function formatShare(rate: number | null | undefined, locale: Locale): string {
  return rate == null ? '—' : formatNumber(rate, locale, { style: 'percent', maximumFractionDigits: 1 });
}

/**
 * What a metric of the aggregates (`count`, a sum, a measure, a rate) is called: `resources.{name}.stats.{metric}`.
 * That label names a sum over the rows `stats.where` counts (the orders' `total` is "Revenue"), so a sum over every
 * row (`counted: false`: rates, the status funnel) is called by its field instead ("Total").
 */
export function metricLabel(config: AnyResource, name: string, translate: Translate, counted = true): string {
  const field = translate(labels.field(config, name), { _: humanize(name) });
  if (!counted && name !== 'count' && config.fields[name]) return field;
  const fallback =
    name === 'count' ? translate(labels.name(config), { smart_count: 2, _: humanize(config.name) }) : field;
  return translate(labels.stats(config, name), { _: fallback });
}

/** Change against the previous period, as a signed percentage (undefined when there was nothing before). */
export function change(current: number, previous: number): number | undefined {
  if (!previous) return undefined;
  return (current - previous) / Math.abs(previous);
}
