import { LOCALE_TAGS, type Locale } from './locales';
import { borrowedDateFormat, borrowedNumberFormat, browserHas, type Formatter } from './borrowed-intl/formatters';
import lo from './borrowed-intl/lo';
import type { BorrowedLocaleData } from './borrowed-intl/types';
import { DATE_STYLES, type DateStyle } from './date-styles';

/** Layouts recorded from ICU for the locales a common browser lacks (borrowed-intl/locales.ts). */
const BORROWED: Partial<Record<Locale, BorrowedLocaleData>> = { lo };
const borrowedChecked = new Map<Locale, BorrowedLocaleData | undefined>();
/** The recorded layouts when this browser cannot write the locale itself (Chromium under `/lo`). */
function borrowedFor(locale: Locale): BorrowedLocaleData | undefined {
  if (!borrowedChecked.has(locale)) {
    const data = BORROWED[locale];
    borrowedChecked.set(locale, data && !browserHas(data.tag) ? data : undefined);
  }
  return borrowedChecked.get(locale);
}

/**
 * Building an Intl formatter costs far more than formatting with one (locale data is resolved each time), and a
 * list of 100 rows formats hundreds of cells per render: each locale + options pair is built once and reused.
 */
function cached<O, F>(make: (locale: Locale, options: O) => F) {
  const made = new Map<string, F>();
  // `key` names the options where the caller knows their few parts: writing them out is cheaper than
  // serializing an object for each of a list's cells.
  return (locale: Locale, options: O, key = JSON.stringify(options ?? {})): F => {
    const name = `${locale}|${key}`;
    let formatter = made.get(name);
    if (!formatter) made.set(name, (formatter = make(locale, options)));
    return formatter;
  };
}

const numberFormat = cached((locale, options: Intl.NumberFormatOptions | undefined): Formatter<number> => {
  const borrowed = borrowedFor(locale);
  return borrowed ? borrowedNumberFormat(borrowed, options) : new Intl.NumberFormat(LOCALE_TAGS[locale], options);
});
const dateFormat = cached((locale, { style, timeZone }: { style: DateStyle; timeZone?: string }): Formatter<Date> => {
  const borrowed = borrowedFor(locale);
  return borrowed
    ? borrowedDateFormat(borrowed, style, timeZone)
    : new Intl.DateTimeFormat(LOCALE_TAGS[locale], { ...DATE_STYLES[style], timeZone });
});
const digitsOf = new Map<string, number>();

/** Decimal places of a currency's minor unit as Intl knows them (LAK 2, VND 0, …). */
export function minorDigits(currency: string): number {
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
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
  return numberFormat(locale, options).format(Number(value));
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
    const fraction = Number(minor) % 10 ** digits === 0 ? 0 : digits;
    return numberFormat(
      locale,
      compact
        ? { style: 'currency', currency: code, notation: 'compact', maximumSignificantDigits: 4 }
        : { style: 'currency', currency: code, minimumFractionDigits: fraction, maximumFractionDigits: digits },
      `money|${code}|${compact ? 'compact' : fraction}`,
    ).format(toMajor(Number(minor), code));
  } catch {
    return `${toMajor(Number(minor), code)} ${code}`;
  }
}

/**
 * A date in one of the named styles. A `YYYY-MM-DD` value is a calendar day: formatted in UTC so no time zone
 * shifts it (as is a `Date` that stands for one, with `utc`).
 */
export function formatDate(
  value: string | Date | null | undefined,
  locale: Locale,
  style: DateStyle = 'day',
  utc = false,
) {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return String(value);
  const calendarDay = utc || (typeof value === 'string' && value.length === 10);
  const timeZone = calendarDay ? 'UTC' : undefined;
  return dateFormat(locale, { style, timeZone }, `date|${style}|${timeZone}`).format(date);
}

/**
 * A calendar day and the time of day that goes with it (a departure's `HH:MM`, kept as written: it is the local
 * time of the place): "Wed, 23 Dec 2026 · 08:00"; the day alone when there is no time.
 */
export function formatDayAndTime(day: string | null | undefined, time: unknown, locale: Locale) {
  const date = formatDate(day, locale, 'dayWeekday');
  return typeof time === 'string' && time && date ? `${date} · ${time}` : date;
}

/** An instant with its time; in `timeZone` when given (a mail, read far from the server), else the reader's own. */
export function formatDateTime(value: string | Date | null | undefined, locale: Locale, timeZone?: string) {
  if (!timeZone) return formatDate(value, locale, 'dateTime');
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return dateFormat(locale, { style: 'dateTime', timeZone }, `date|dateTime|${timeZone}`).format(date);
}

/**
 * An instant as a person reads it beside now: its time alone on the day it is ("22:57"), with its day otherwise;
 * in `timeZone` when given, else the reader's own (as formatDateTime).
 */
export function formatMoment(
  value: string | Date | null | undefined,
  locale: Locale,
  now = new Date(),
  timeZone?: string,
) {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const dayOf = (instant: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
  if (dayOf(date) !== dayOf(now)) return formatDateTime(date, locale, timeZone);
  return dateFormat(locale, { style: 'time', timeZone }, `date|time|${timeZone}`).format(date);
}
