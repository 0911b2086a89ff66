import { CURRENCIES } from '../fields';
import { DATE_STYLES, type DateStyle } from '../date-styles';
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
 * Records, with Node's full ICU, how a locale lays out numbers and the named date styles, for browsers that ship
 * no data for it (`npm run i18n:borrowed`). Layouts only: the digits and date fields are computed at run time by
 * the browser's English formatter, which every build has.
 */
const NUMBER_PARTS = new Set(['integer', 'group', 'decimal', 'fraction']);

function numberTokens(parts: Intl.NumberFormatPart[]): Token[] {
  const tokens: Token[] = [];
  for (const part of parts) {
    if (NUMBER_PARTS.has(part.type)) {
      const last = tokens[tokens.length - 1];
      if (!last || !('slot' in last)) tokens.push({ slot: 'number' });
    } else tokens.push({ text: part.value });
  }
  return tokens;
}

function recordNumbers(tag: string): BorrowedLocaleData['number'] {
  const sample = new Intl.NumberFormat(tag).formatToParts(1234567.5);
  const symbol = (type: string) => sample.find((part) => part.type === type)?.value ?? '';
  const layouts: Record<string, Token[]> = {};
  const styles: [NumberStyle, string][] = [
    ['decimal', ''],
    ['percent', ''],
    ...CURRENCIES.map((code): [NumberStyle, string] => ['currency', code]),
  ];
  for (const [style, currency] of styles)
    for (const compact of [
      undefined,
      ...[0, ...Object.values(COMPACT_MAGNITUDES)].flatMap((magnitude) =>
        COMPACT_DIGITS(magnitude).map((digits) => [magnitude, digits]),
      ),
    ])
      for (const sign of ['', '-', '+'] as Sign[]) {
        const options: Intl.NumberFormatOptions = {
          style,
          ...(currency && { currency }),
          ...(compact && { notation: 'compact' }),
          ...(sign === '+' && { signDisplay: 'always' }),
        };
        const magnitude = compact ? compact[0] + compact[1] - 1 : 3;
        const value = (sign === '-' ? -1 : 1) * 1.25 * 10 ** magnitude;
        const parts = new Intl.NumberFormat(tag, options).formatToParts(style === 'percent' ? value / 100 : value);
        layouts[shapeKey(style, currency, compact, sign)] = numberTokens(parts);
      }
  return { group: symbol('group'), decimal: symbol('decimal'), layouts };
}

const utc = (month: number, day: number, hour = 5) => new Date(Date.UTC(2026, month, day, hour, 6, 7));
/** 1 March 2026 was a Sunday: day `d` of that week is weekday `d`. */
const ON_WEEKDAY = (weekday: number) => utc(2, 1 + weekday);

function recordDateStyle(tag: string, style: DateStyle): BorrowedLocaleData['date'][DateStyle] {
  const format = new Intl.DateTimeFormat(tag, { ...DATE_STYLES[style], timeZone: 'UTC' });
  const partOf = (date: Date, type: string) => format.formatToParts(date).find((part) => part.type === type)!.value;
  const morning = format.formatToParts(utc(2, 4));
  const hour12 = morning.some((part) => part.type === 'hour') && partOf(utc(2, 4, 17), 'hour') !== '17';
  const tokens = morning.map((part): Token => {
    const digits = part.value.length === 2 ? 2 : 1;
    switch (part.type) {
      case 'literal':
        return { text: part.value };
      case 'year':
      case 'day':
      case 'hour':
      case 'minute':
      case 'second':
        return { slot: part.type, digits };
      case 'month':
        if (/^\d+$/.test(part.value)) return { slot: 'month', digits };
        return { slot: 'month', names: Array.from({ length: 12 }, (_, month) => partOf(utc(month, 4), 'month')) };
      case 'weekday':
        return { slot: 'weekday', names: Array.from({ length: 7 }, (_, day) => partOf(ON_WEEKDAY(day), 'weekday')) };
      case 'dayPeriod':
        return { slot: 'dayPeriod', names: [part.value, partOf(utc(2, 4, 17), 'dayPeriod')] };
      default:
        throw new Error(`${tag} ${style}: no layout for a ${part.type} part`);
    }
  });
  return { tokens, hour12 };
}

export function recordLocale(tag: string): BorrowedLocaleData {
  const date = Object.fromEntries(
    (Object.keys(DATE_STYLES) as DateStyle[]).map((style) => [style, recordDateStyle(tag, style)]),
  ) as BorrowedLocaleData['date'];
  return { tag, number: recordNumbers(tag), date };
}
