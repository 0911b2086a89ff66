import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { neutraliseCsvText, SAFE_CSV_CAST } from '../../src/core/csv-cell';

describe('CSV cells a spreadsheet would run', () => {
  it('start with a quote when text begins with = + - @ tab or carriage return', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(neutraliseCsvText(text)).toBe(`'${text}`);
    for (const text of ['plain', 'a=b', '', ' =1', "'quoted"]) expect(neutraliseCsvText(text)).toBe(text);
  });

  it('leave numbers and booleans alone: a negative amount stays a number', () => {
    expect(stringify([[-1500, '-1500', true, '=A1']], { cast: SAFE_CSV_CAST })).toBe("-1500,'-1500,1,'=A1\n");
  });
});
