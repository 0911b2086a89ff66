import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvDocument, csvRecord, neutraliseCsvText } from '../../src/core/csv';

describe('CSV cells a spreadsheet would run', () => {
  it('start with a quote when text begins with = + - @ tab or carriage return', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(neutraliseCsvText(text)).toBe(`'${text}`);
    for (const text of ['plain', 'a=b', '', ' =1', "'quoted"]) expect(neutraliseCsvText(text)).toBe(text);
  });

  it('leave numbers and booleans alone: a negative amount stays a number', () => {
    expect(csvRecord([-1500, '-1500', true, false, '=A1'])).toBe("-1500,'-1500,1,,'=A1\n");
  });
});

describe('CSV writer', () => {
  it('quotes a cell holding a comma, a quote or a line break, and doubles its quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell('ສະບາຍດີ')).toBe('ສະບາຍດີ');
  });

  it('writes nothing for null and JSON for objects', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell({ en: 'Tour, 2 days', lo: 'ທ່ຽວ' })).toBe('"{""en"":""Tour, 2 days"",""lo"":""ທ່ຽວ""}"');
    expect(csvCell(['a', 'b'])).toBe('"[""a"",""b""]"');
  });

  it('reads back cell for cell through a CSV parser', () => {
    const rows = [
      ['id', 'title', 'note'],
      [1, 'Luang Prabang, 3 days', 'He said "go"\nthen left'],
      [2, '=HYPERLINK("x")', ''],
      [3, 'ວັງວຽງ', null],
    ];
    const text = CSV_BOM + csvDocument(rows);
    expect(parse(text, { bom: true })).toEqual([
      ['id', 'title', 'note'],
      ['1', 'Luang Prabang, 3 days', 'He said "go"\nthen left'],
      ['2', `'=HYPERLINK("x")`, ''],
      ['3', 'ວັງວຽງ', ''],
    ]);
  });
});
