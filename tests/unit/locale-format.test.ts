import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatNumber, minorDigits } from '../../src/core/format';

describe('Intl formatting helpers', () => {
  it('formats money from minor units with the currency’s own fraction digits', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(formatMoney(123456, 'USD', 'en')).toBe('$1,234.56');
    expect(formatMoney(123400, 'USD', 'en')).toBe('$1,234');
    expect(formatMoney(5000, 'VND', 'vi')).toMatch(/5\.000\s?₫/);
    expect(formatMoney(null, 'USD', 'en')).toBe('');
  });

  it('formats numbers and calendar days for the locale', () => {
    expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.5');
    expect(formatNumber(1234567.5, 'vi')).toBe('1.234.567,5');
    expect(formatDate('2026-03-01', 'en')).toBe('Mar 1, 2026');
    expect(formatDate('2026-03-01', 'zh')).toBe('2026年3月1日');
  });

  it('reuses its Intl formatters per locale and options without mixing them up', () => {
    for (let round = 0; round < 2; round++) {
      expect(formatMoney(123456, 'USD', 'en')).toBe('$1,234.56');
      expect(formatMoney(123456, 'VND', 'en')).toBe('₫123,456');
      expect(formatMoney(123400, 'USD', 'en')).toBe('$1,234');
      expect(formatNumber(0.125, 'en', { style: 'percent', maximumFractionDigits: 3 })).toBe('12.5%');
      expect(formatNumber(0.125, 'en')).toBe('0.125');
      expect(formatNumber(0.125, 'vi')).toBe('0,125');
      expect(formatDate('2026-03-01', 'en')).toBe('Mar 1, 2026');
      expect(formatDate('2026-03-01', 'en', 'dayFull')).toBe('Sunday, March 1, 2026');
      // An unknown currency code: Intl refuses it every time, and the helper falls back to the plain amount.
      expect(minorDigits('ZZZZ')).toBe(2);
      expect(formatMoney(1050, 'ZZZZ', 'en')).toBe('10.5 ZZZZ');
    }
  });
});
