import type { Kysely } from 'kysely';
import { minorDigits } from '../../src/core/format';
import { DEFAULT_STATEMENT_COLUMNS, type StatementValue } from '../shared/statement-columns';

/** One line of a bank statement, as the import reads it (amount in minor units here, written in major units). */
export interface StatementEntry {
  date: string;
  amount: number;
  currency: string;
  reference: string;
  transactionId: string;
}

/** Minor units as a bank writes them: major units, a decimal point when the currency has minor digits. */
export function majorText(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  if (!digits) return String(minor);
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${minor < 0 ? '-' : ''}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

const quoted = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** A statement in CSV with the given column names (the defaults unless the settings name others). */
export function statementCsv(
  entries: readonly StatementEntry[],
  columns: Record<StatementValue, string> = DEFAULT_STATEMENT_COLUMNS,
): string {
  const order: StatementValue[] = ['date', 'amount', 'currency', 'reference', 'transactionId'];
  const rows = entries.map((e) =>
    [e.date, majorText(e.amount, e.currency), e.currency, e.reference, e.transactionId].map(quoted).join(','),
  );
  return `${[order.map((key) => quoted(columns[key])).join(','), ...rows].join('\n')}\n`;
}

/**
 * A statement for trying the import on the demo data (SPEC §11): transfers paying up to `count` of the orders
 * waiting for payment (their codes written the ways customers write them), the first line repeated, and a
 * transfer naming a code no order has.
 */
export async function demoStatement(
  db: Kysely<any>,
  count = 3,
  now = new Date(),
): Promise<{ csv: string; paid: string[] }> {
  const orders = await db
    .selectFrom('orders')
    .select(['code', 'total', 'currency'])
    .where('status', '=', 'pending_payment')
    .orderBy('createdAt', 'desc')
    .limit(count)
    .execute();
  const settings = await db.selectFrom('settings').select('values').where('group', '=', 'payments').executeTakeFirst();
  const chosen = ((settings?.values as Record<string, unknown> | undefined)?.statementColumns ?? {}) as Record<
    string,
    string
  >;
  const columns = { ...DEFAULT_STATEMENT_COLUMNS, ...chosen } as Record<StatementValue, string>;
  const day = now.toISOString().slice(0, 10);
  const stamp = day.replace(/-/g, '');
  const writings = [
    (code: string) => `Booking ${code}`,
    (code: string) => `payment ${code.toLowerCase().replace('-', ' ')}`,
    (code: string) => `${code.slice(0, 5)} ${code.slice(5)} THANK YOU`,
  ];
  const entries: StatementEntry[] = orders.map((order, index) => ({
    date: day,
    amount: Number(order.total),
    currency: String(order.currency),
    reference: writings[index % writings.length](String(order.code)),
    transactionId: `FT${stamp}${String(index + 1).padStart(4, '0')}`,
  }));
  if (entries.length) entries.push({ ...entries[0] });
  entries.push({
    date: day,
    amount: 450_000,
    currency: 'LAK',
    reference: 'Booking LT-ZZZZ9999',
    transactionId: `FT${stamp}9999`,
  });
  return { csv: statementCsv(entries, columns), paid: orders.map((o) => String(o.code)) };
}
