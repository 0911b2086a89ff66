/**
 * Spreadsheet programs run a cell that starts with one of these as a formula (`=HYPERLINK(…)`, `@SUM(…)`), so a
 * text someone typed into a record could act in the reader's spreadsheet. OWASP's advice: such text cells start
 * with a single quote, which the spreadsheet shows as text. Numbers are not text: a negative amount stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCsvText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** csv-stringify's `cast`: every string cell neutralised, numbers and booleans as they are. */
export const SAFE_CSV_CAST = { string: neutraliseCsvText } as const;
