import type { DateStyle } from '../date-styles';
import {
  COMPACT_DIGITS,
  COMPACT_MAGNITUDES,
  shapeKey,
  type BorrowedLocaleData,
  type NumberStyle,
  type Sign,
  type Token,
} from './types';

/**
 * Formatters for a locale the browser has no data for, with the layouts recorded from ICU (record.ts): the
 * browser's English formatter does the arithmetic (rounding, grouping, compact units, time zones) and the
 * locale's symbols, names and order are put in its place. A shape the data lacks is written as English would.
 */
export interface Formatter<T> {
  format(value: T): string;
}

const NUMBER_PARTS = new Set(['integer', 'group', 'decimal', 'fraction']);

const fill = (tokens: Token[], slot: (token: Exclude<Token, { text: string }>) => string) =>
  tokens.map((token) => ('text' in token ? token.text : slot(token))).join('');

export function borrowedNumberFormat(data: BorrowedLocaleData, options: Intl.NumberFormatOptions = {}) {
  const english = new Intl.NumberFormat('en-US', options);
  const style = (options.style ?? 'decimal') as NumberStyle;
  const compact = options.notation === 'compact';
  const { group, decimal, layouts } = data.number;
  return {
    format(value: number): string {
      const parts = english.formatToParts(value);
      let sign: Sign = '';
      let magnitude = 0;
      let integerDigits = 0;
      let digits = '';
      for (const part of parts) {
        if (part.type === 'minusSign') sign = '-';
        else if (part.type === 'plusSign') sign = '+';
        else if (part.type === 'compact') magnitude = COMPACT_MAGNITUDES[part.value] ?? 0;
        else if (NUMBER_PARTS.has(part.type)) {
          if (part.type === 'integer') integerDigits += part.value.length;
          digits += part.type === 'group' ? group : part.type === 'decimal' ? decimal : part.value;
        }
      }
      const digitsKept = COMPACT_DIGITS(magnitude);
      const shape = compact ? [magnitude, Math.min(integerDigits, digitsKept[digitsKept.length - 1])] : undefined;
      const layout = layouts[shapeKey(style, options.currency ?? '', shape, sign)];
      return layout ? fill(layout, () => digits) : english.format(value);
    },
  } satisfies Formatter<number>;
}

const pad = (value: number, digits: 1 | 2) => (digits === 2 ? String(value % 100).padStart(2, '0') : String(value));

export function borrowedDateFormat(data: BorrowedLocaleData, style: DateStyle, timeZone?: string) {
  // The date's fields where it is read (the viewer's zone unless one is named), as plain numbers.
  const fields = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const { tokens, hour12 } = data.date[style];
  return {
    format(date: Date): string {
      const value: Record<string, number> = {};
      for (const part of fields.formatToParts(date)) if (part.type !== 'literal') value[part.type] = Number(part.value);
      const hour = value.hour % 24;
      const weekday = new Date(Date.UTC(value.year, value.month - 1, value.day)).getUTCDay();
      return fill(tokens, (token) => {
        if ('names' in token) {
          if (token.slot === 'month') return token.names[value.month - 1];
          if (token.slot === 'weekday') return token.names[weekday];
          return token.names[hour < 12 ? 0 : 1];
        }
        if (token.slot === 'number') return '';
        if (token.slot === 'hour') return pad(hour12 ? hour % 12 || 12 : hour, token.digits);
        if (token.slot === 'year' && token.digits === 2) return pad(value.year, 2);
        return pad(value[token.slot], token.digits);
      });
    },
  } satisfies Formatter<Date>;
}

/** Whether the browser writes this locale itself: Chromium, for one, ships no Lao data and falls back to English. */
export function browserHas(tag: string): boolean {
  return Intl.NumberFormat.supportedLocalesOf(tag).length > 0 && Intl.DateTimeFormat.supportedLocalesOf(tag).length > 0;
}
