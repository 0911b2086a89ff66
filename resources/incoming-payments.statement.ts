import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { DataContext, EndpointFile } from '../src/core/resource';
import { minorDigits } from '../src/core/format';
import {
  codesOf,
  problemWith,
  PROBLEM_TEXT,
  recordIncoming,
  type IncomingLine,
  type MatchProblem,
} from './incoming-payments.matching';
import { DEFAULT_STATEMENT_COLUMNS, type StatementValue } from './shared/statement-columns';

/** The largest statement accepted (bytes). */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

/** Why a line was not written (labels under `endpoints.import.reasons`). */
export const SKIP_REASONS = ['seenBefore', 'notIncoming'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export interface ImportAnswer {
  matched: { line: number; externalId: string; orderCode: string }[];
  skipped: { line: number; externalId: string; reason: SkipReason }[];
  unmatched: { line: number; externalId: string; reason: string }[];
}

interface StatementLine extends IncomingLine {
  line: number;
  /** Money going out (a debit) or nothing: not a payment to us. */
  outgoing: boolean;
}

class BadStatement extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(line ? `Line ${line}: ${reason}` : reason);
  }
}

/** `settings.payments.statementColumns` over the defaults: which header names each value. */
function columnsOf(settings: Record<string, unknown>): Record<StatementValue, string> {
  const chosen = (settings.statementColumns ?? {}) as Record<string, unknown>;
  const columns = { ...DEFAULT_STATEMENT_COLUMNS } as Record<StatementValue, string>;
  for (const key of Object.keys(columns) as StatementValue[])
    if (typeof chosen[key] === 'string' && chosen[key]) columns[key] = chosen[key] as string;
  return columns;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
/** Major units as a bank writes them: digits with optional thousands commas, an optional decimal point. */
const AMOUNT = /^([+-]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;

/** A major-unit amount in the currency's minor units, exactly; null when it has more decimals than it has. */
export function toMinorUnits(major: string, currency: string): { minor: number | null; sign: number } | undefined {
  const match = AMOUNT.exec(major.replace(/\s+/g, ''));
  if (!match) return undefined;
  const digits = minorDigits(currency);
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const whole = match[2].replace(/,/g, '');
  const sign = match[1] === '-' ? -1 : 1;
  if (fraction.length > digits) return { minor: null, sign };
  const minor = Number(whole + fraction.padEnd(digits, '0'));
  if (!Number.isSafeInteger(minor)) return undefined;
  return { minor, sign: minor === 0 ? 0 : sign };
}

function lineOf(record: Record<string, string>, line: number, columns: Record<StatementValue, string>): StatementLine {
  const value = (key: StatementValue) => String(record[columns[key]] ?? '').trim();
  const date = value('date');
  if (!ISO_DATE.test(date) || Number.isNaN(Date.parse(date.length === 10 ? `${date}T00:00:00Z` : date)))
    throw new BadStatement(line, `"${date}" is not an ISO 8601 date`);
  const currency = value('currency').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw new BadStatement(line, `"${value('currency')}" is not a currency code`);
  const amount = toMinorUnits(value('amount'), currency);
  if (!amount) throw new BadStatement(line, `"${value('amount')}" is not an amount`);
  const reference = value('reference');
  if (reference.length > 255) throw new BadStatement(line, 'The reference is longer than 255 characters');
  const transactionId = value('transactionId');
  if (transactionId.length > 255) throw new BadStatement(line, 'The transaction id is longer than 255 characters');
  const externalId =
    transactionId ||
    createHash('sha256')
      .update(JSON.stringify([date, value('amount'), currency, reference]))
      .digest('hex');
  return {
    line,
    source: 'bank',
    externalId,
    receivedAt: new Date(date.length === 10 ? `${date}T00:00:00Z` : date).toISOString(),
    amount: amount.minor,
    currency,
    reference,
    chargeReference: (transactionId || `BANK-${externalId}`).slice(0, 64),
    method: 'bank_transfer',
    outgoing: amount.sign <= 0,
  };
}

/** The line (from 1) that holds byte `offset` of the file. */
function lineAt(bytes: Buffer, offset: number): number {
  let line = 1;
  for (let i = bytes.indexOf(10); i !== -1 && i < offset; i = bytes.indexOf(10, i + 1)) line++;
  return line;
}

/**
 * The statement as text: UTF-8 (a byte-order mark allowed), no NUL. Bytes of another encoding (Latin-1, a
 * spreadsheet's own) are refused at the line where they start, never stored as replacement characters.
 */
function textOf(bytes: Buffer): string {
  const nul = bytes.indexOf(0);
  if (nul !== -1) throw new BadStatement(lineAt(bytes, nul), 'a NUL byte: this is not a text (CSV) file');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Not UTF-8: found below.
  }
  // The first byte where decoding (replacing what is not UTF-8) and encoding back differ is the first that is not.
  const again = Buffer.from(bytes.toString('utf8'), 'utf8');
  let offset = 0;
  while (offset < bytes.length && bytes[offset] === again[offset]) offset++;
  const byte = bytes[offset].toString(16).toUpperCase().padStart(2, '0');
  throw new BadStatement(
    lineAt(bytes, offset),
    `byte 0x${byte} is not UTF-8 text: save the statement as CSV in UTF-8 and import it again`,
  );
}

/** Reads the whole statement before anything is written: a bad line refuses the file (400 naming the line). */
export async function readStatement(bytes: Buffer, columns: Record<StatementValue, string>): Promise<StatementLine[]> {
  const parser = Readable.from([textOf(bytes)]).pipe(
    parse({ columns: true, bom: true, skip_empty_lines: true, trim: true, info: true, relax_column_count: false }),
  );
  const lines: StatementLine[] = [];
  let header = false;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      if (!header) {
        const missing = (['date', 'amount', 'currency', 'reference'] as const).filter((k) => !(columns[k] in record));
        if (missing.length)
          throw new BadStatement(1, `missing column ${missing.map((k) => `"${columns[k]}"`).join(', ')}`);
        header = true;
      }
      lines.push(lineOf(record, info.lines, columns));
    }
  } catch (error) {
    if (error instanceof BadStatement) throw error;
    const csv = error as { code?: string; lines?: number; message?: string };
    throw new BadStatement(Number(csv.lines ?? 0), csv.message ?? 'not a CSV file');
  }
  if (!lines.length) throw new BadStatement(0, 'The file has no lines');
  return lines;
}

/** External ids already in the inbox, looked up a thousand at a time (a repeated file skips fast). */
async function seenBefore(ctx: DataContext, ids: string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await ctx.trx
      .selectFrom('incoming_payments')
      .select('externalId')
      .where('source', '=', 'bank')
      .where('externalId', 'in', ids.slice(i, i + 1000))
      .execute();
    for (const row of rows) seen.add(String(row.externalId));
  }
  return seen;
}

/** The orders a statement names, by code, read a thousand codes at a time. */
async function ordersNamed(ctx: DataContext, codes: string[]): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < codes.length; i += 1000) {
    const rows = await ctx.trx
      .selectFrom('orders')
      .select(['id', 'code', 'status', 'total', 'currency'])
      .where('code', 'in', codes.slice(i, i + 1000))
      .execute();
    for (const row of rows) found.set(String(row.code), row);
  }
  return found;
}

/**
 * `POST /api/incoming-payments/-/import`: a bank statement (CSV). Every new line is kept in the inbox; those that
 * name a payable order with its amount and currency pay it (as the system) in this same transaction, one by one
 * under the order's lock. The others (most of a statement) are written together, skipping any line whose key is
 * taken meanwhile — by another import of the same file, whose end the insert waits for.
 */
export async function importStatement(ctx: DataContext & { body: unknown }): Promise<ImportAnswer> {
  const file = ctx.body as EndpointFile;
  const columns = columnsOf(await ctx.settings('payments'));
  let lines: StatementLine[];
  try {
    lines = await readStatement(file.bytes, columns);
  } catch (error) {
    if (error instanceof BadStatement) ctx.fail(400, error.message, { file: error.message });
    throw error;
  }
  const answer: ImportAnswer = { matched: [], skipped: [], unmatched: [] };
  const seen = await seenBefore(ctx, [...new Set(lines.map((l) => l.externalId))]);
  const orders = await ordersNamed(ctx, [...new Set(lines.flatMap((line) => codesOf(line)))]);
  const payable: StatementLine[] = [];
  const kept: { line: StatementLine; problem: MatchProblem; orderId: number | null }[] = [];
  for (const line of lines) {
    const { externalId } = line;
    if (line.outgoing) {
      answer.skipped.push({ line: line.line, externalId, reason: 'notIncoming' });
      continue;
    }
    if (seen.has(externalId)) {
      answer.skipped.push({ line: line.line, externalId, reason: 'seenBefore' });
      continue;
    }
    // A line repeated within the file is the same money.
    seen.add(externalId);
    const order = codesOf(line)
      .map((code) => orders.get(code))
      .find(Boolean);
    const problem = order ? problemWith(order, line.amount, line.currency) : 'noOrder';
    if (problem) kept.push({ line, problem, orderId: order ? Number(order.id) : null });
    else payable.push(line);
  }
  for (const line of payable) {
    const { externalId } = line;
    const result = await recordIncoming(ctx, line);
    if (result.outcome === 'skipped') answer.skipped.push({ line: line.line, externalId, reason: 'seenBefore' });
    else if (result.outcome === 'matched')
      answer.matched.push({ line: line.line, externalId, orderCode: result.orderCode });
    else answer.unmatched.push({ line: line.line, externalId, reason: result.problem });
  }
  const written = await ctx.insertMany(
    'incoming-payments',
    kept.map(({ line, problem, orderId }) => ({
      source: line.source,
      externalId: line.externalId,
      receivedAt: line.receivedAt,
      amount: line.amount ?? 0,
      currency: line.currency,
      reference: line.reference || null,
      orderId,
      status: 'unmatched',
      problem,
      reason: PROBLEM_TEXT[problem],
    })),
    { skipTaken: ['source', 'externalId'] },
  );
  const writtenIds = new Set(written.map((record) => String(record.externalId)));
  for (const { line, problem } of kept) {
    if (writtenIds.has(line.externalId))
      answer.unmatched.push({ line: line.line, externalId: line.externalId, reason: problem });
    else answer.skipped.push({ line: line.line, externalId: line.externalId, reason: 'seenBefore' });
  }
  for (const list of [answer.matched, answer.skipped, answer.unmatched]) list.sort((a, b) => a.line - b.line);
  return answer;
}
