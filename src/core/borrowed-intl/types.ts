import type { DateStyle } from '../date-styles';

/**
 * A piece of a formatted value as the target locale lays it out: text of its own (a literal, a currency symbol,
 * a compact unit, a sign), or a slot the value fills (`number`: the digits with the locale's separators; a date
 * field, written in digits or by name).
 */
export type Token =
  | { text: string }
  | { slot: 'number' }
  | { slot: 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second'; digits: 1 | 2 }
  | { slot: 'month' | 'weekday' | 'dayPeriod'; names: string[] };

/** What a browser without the locale's data needs to write numbers and dates as the locale does (CLDR, via ICU). */
export interface BorrowedLocaleData {
  tag: string;
  number: {
    group: string;
    decimal: string;
    /** Layouts by shape (see shapeKey). */
    layouts: Record<string, Token[]>;
  };
  /** Layouts of the named date styles; `hour12`: the clock runs to 12 and a dayPeriod slot names the half. */
  date: Record<DateStyle, { tokens: Token[]; hour12: boolean }>;
}

export type NumberStyle = 'decimal' | 'percent' | 'currency';
export type Sign = '' | '-' | '+';

/** English's compact units (the browser formats the digits in English, which every build ships) by magnitude. */
export const COMPACT_MAGNITUDES: Record<string, number> = { K: 3, M: 6, B: 9, T: 12 };

/**
 * A layout's key. Compact layouts are kept per English unit and count of integer digits, since a locale may
 * change unit where English does not (Lao writes 10^14 with a unit of its own).
 */
export function shapeKey(style: NumberStyle, currency: string, compact: number[] | undefined, sign: Sign) {
  const notation = compact ? `compact${compact[0]}.${compact[1]}` : 'standard';
  return `${style}|${style === 'currency' ? currency : ''}|${notation}|${sign}`;
}

/** Integer digits a compact layout is kept for: up to three under a unit, four past English's largest. */
export const COMPACT_DIGITS = (magnitude: number) => (magnitude === 12 ? [1, 2, 3, 4] : magnitude ? [1, 2, 3] : [1]);
