/** The values a bank statement line gives the import, and the column each is read from by default. */
export const DEFAULT_STATEMENT_COLUMNS = {
  /** When the money arrived: ISO 8601, a date or a date and time. */
  date: 'date',
  /** As the bank writes it: major units, a decimal point allowed (`3200000`, `125.50`). */
  amount: 'amount',
  /** ISO 4217. */
  currency: 'currency',
  /** The payer's text, where customers write the order code. */
  reference: 'reference',
  /** The bank's id of the line; optional (a digest of the other values stands in for it). */
  transactionId: 'transactionId',
} as const;

export type StatementValue = keyof typeof DEFAULT_STATEMENT_COLUMNS;
