import { LOCALE_TAGS, type Locale } from '../../core/locales';

/**
 * Building an Intl formatter costs far more than formatting with one (locale data is resolved each time), and a
 * list of 100 rows formats hundreds of cells per render: each locale + options pair is built once and reused.
 */
function cached<O extends object, F>(make: (tag: string, options?: O) => F) {
  const made = new Map<string, F>();
  return (tag: string, options?: O): F => {
    const key = `${tag}|${JSON.stringify(options ?? {})}`;
    let formatter = made.get(key);
    if (!formatter) made.set(key, (formatter = make(tag, options)));
    return formatter;
  };
}

const numberFormat = cached((tag, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(tag, options));
const dateTimeFormat = cached((tag, options?: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(tag, options));
const digitsOf = new Map<string, number>();

/** Decimal places of a currency's minor unit as Intl knows them (LAK 2, VND 0, …). */
export function minorDigits(currency: string): number {
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    try {
      digits = numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsOf.set(currency, digits);
  }
  return digits;
}

export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}

export function toMinor(major: number, currency: string): number {
  return Math.round(major * 10 ** minorDigits(currency));
}

export function formatNumber(value: number | null | undefined, locale: Locale, options?: Intl.NumberFormatOptions) {
  if (value == null || Number.isNaN(Number(value))) return '';
  return numberFormat(LOCALE_TAGS[locale], options).format(Number(value));
}

/**
 * Money stored as integer minor units plus an ISO 4217 code (SPEC §5), shown in the locale's format; `compact`
 * writes large amounts short ("LAK 1.137B"), for figures that must fit a small card.
 */
export function formatMoney(
  minor: number | null | undefined,
  currency: string | null | undefined,
  locale: Locale,
  compact = false,
) {
  if (minor == null || Number.isNaN(Number(minor))) return '';
  const code = currency || 'LAK';
  const digits = minorDigits(code);
  try {
    return numberFormat(
      LOCALE_TAGS[locale],
      compact
        ? { style: 'currency', currency: code, notation: 'compact', maximumSignificantDigits: 4 }
        : {
            style: 'currency',
            currency: code,
            minimumFractionDigits: Number(minor) % 10 ** digits === 0 ? 0 : digits,
            maximumFractionDigits: digits,
          },
    ).format(toMajor(Number(minor), code));
  } catch {
    return `${toMajor(Number(minor), code)} ${code}`;
  }
}

/** A `YYYY-MM-DD` value is a calendar day: formatted in UTC so no time zone shifts it. */
export function formatDate(
  value: string | Date | null | undefined,
  locale: Locale,
  options?: Intl.DateTimeFormatOptions,
) {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return String(value);
  const calendarDay = typeof value === 'string' && value.length === 10;
  return dateTimeFormat(LOCALE_TAGS[locale], {
    dateStyle: 'medium',
    ...(calendarDay ? { timeZone: 'UTC' } : {}),
    ...options,
  }).format(date);
}

export function formatDateTime(value: string | Date | null | undefined, locale: Locale) {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return dateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
