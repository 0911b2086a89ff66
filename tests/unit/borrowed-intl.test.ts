import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '../../src/core/fields';
import { LOCALE_TAGS } from '../../src/core/locales';
import { borrowedDateFormat, borrowedNumberFormat } from '../../src/core/borrowed-intl/formatters';
import { BORROWED_LOCALES } from '../../src/core/borrowed-intl/locales';
import data from '../../src/core/borrowed-intl/lo';
import { recordLocale } from '../../src/core/borrowed-intl/record';
import { DATE_STYLES, type DateStyle } from '../../src/core/date-styles';

// Node has full ICU, so its own Lao formatting is the reference the borrowed layouts must reproduce in a browser
// (Chromium) that has only English to compute with.
const tag = LOCALE_TAGS.lo;

const VALUES = [
  0, 1, -1, 7.5, 12, -12.5, 999, 1000, 1234, -1234.56, 12345, 99999, 123456, 999999, 1234567.891, 1.5e7, 1.137e9,
  -2.5e9, 4.2e11, 5e12, 9.9e14, 1.2e15, 0.125, 0.0049,
];
const NUMBER_OPTIONS: Intl.NumberFormatOptions[] = [
  {},
  { notation: 'compact' },
  { notation: 'compact', maximumFractionDigits: 1 },
  { style: 'percent', maximumFractionDigits: 3 },
  { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' },
  ...CURRENCIES.flatMap((currency): Intl.NumberFormatOptions[] => [
    { style: 'currency', currency },
    { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 2 },
    { style: 'currency', currency, notation: 'compact', maximumSignificantDigits: 4 },
  ]),
];

describe('borrowed locale layouts (Lao for browsers without Lao data)', () => {
  it('are what `npm run i18n:borrowed` records from this Node’s ICU today', () => {
    expect(BORROWED_LOCALES).toContain('lo');
    expect(recordLocale(tag)).toEqual(data);
  });

  it('write every number shape the apps use exactly as ICU writes Lao', () => {
    for (const options of NUMBER_OPTIONS) {
      const borrowed = borrowedNumberFormat(data, options);
      const native = new Intl.NumberFormat(tag, options);
      for (const value of VALUES)
        expect(`${JSON.stringify(options)} ${borrowed.format(value)}`).toBe(
          `${JSON.stringify(options)} ${native.format(value)}`,
        );
    }
    expect(borrowedNumberFormat(data, { style: 'currency', currency: 'LAK' }).format(1400000)).toBe('₭1.400.000');
  });

  it('write every named date style as ICU writes Lao, in UTC and in the viewer’s zone', () => {
    const dates: Date[] = [];
    // Every month, weekday and hour of the clock across a year and a half.
    for (let time = Date.UTC(2025, 11, 30, 0, 3); time < Date.UTC(2027, 5, 1); time += 37 * 3_600_000 + 7 * 60_000)
      dates.push(new Date(time));
    for (const style of Object.keys(DATE_STYLES) as DateStyle[])
      for (const timeZone of ['UTC', 'Asia/Vientiane', undefined]) {
        const borrowed = borrowedDateFormat(data, style, timeZone);
        const native = new Intl.DateTimeFormat(tag, { ...DATE_STYLES[style], timeZone });
        for (const date of dates) expect(`${style} ${borrowed.format(date)}`).toBe(`${style} ${native.format(date)}`);
      }
    expect(borrowedDateFormat(data, 'dateTime', 'Asia/Vientiane').format(new Date('2026-11-24T23:59:00Z'))).toBe(
      '25 ພ.ຈ. 2026, 6:59',
    );
  });
});
