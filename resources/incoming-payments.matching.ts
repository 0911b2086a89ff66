import type { DataContext, TransitionContext } from '../src/core/resource';
import { ORDER_CODE_LENGTH, ORDER_CODE_PREFIX } from './orders.effects';

/** Why an incoming payment did not pay an order (each a label under `enums.problem`). */
export const MATCH_PROBLEMS = ['noOrder', 'amountMismatch', 'currencyMismatch', 'notPayable'] as const;
export type MatchProblem = (typeof MATCH_PROBLEMS)[number];

/** The same problems in English, kept on the record's `reason` for API readers. */
export const PROBLEM_TEXT: Record<MatchProblem, string> = {
  noOrder: 'The reference names no order',
  amountMismatch: "The amount is not the order's total",
  currencyMismatch: "The currency is not the order's",
  notPayable: 'The order is not waiting for payment',
};

/** States in which money pays an order (an expired hold is taken back when its seats are still there). */
export const PAYABLE_STATES = ['pending_payment', 'expired'];

export type IncomingSource = 'bank' | 'gateway';

/** One payment as it came in, amounts in minor units (null: not a whole number of them). */
export interface IncomingLine {
  source: IncomingSource;
  externalId: string;
  receivedAt: string;
  amount: number | null;
  currency: string;
  reference: string;
  /** The payment's reference on the order's `charge` (the bank's transaction id, the gateway's event). */
  chargeReference: string;
  method: 'bank_transfer' | 'card';
  /** An order code the source names outright (a gateway event), tried before the reference. */
  orderCode?: string;
}

export type LineOutcome =
  | { outcome: 'matched'; id: number; orderId: number; orderCode: string }
  | { outcome: 'unmatched'; id: number; problem: MatchProblem }
  | { outcome: 'skipped' };

/**
 * The order codes a payer's text may contain: any case, with spaces or hyphens anywhere inside (`lt 7kq2-m9xd`).
 * Every place the prefix appears is tried, so text around the code does not hide it.
 */
export function orderCodeCandidates(text: string): string[] {
  const squeezed = text.toUpperCase().replace(/[\s-]+/g, '');
  const pattern = new RegExp(`${ORDER_CODE_PREFIX}(?=([A-Z0-9]{${ORDER_CODE_LENGTH}}))`, 'g');
  const codes = new Set<string>();
  for (const match of squeezed.matchAll(pattern)) codes.add(`${ORDER_CODE_PREFIX}-${match[1]}`);
  return [...codes];
}

/** The codes a payment names, the ones it names outright first. */
export function codesOf(line: Pick<IncomingLine, 'orderCode' | 'reference'>): string[] {
  return [...(line.orderCode ? [line.orderCode.toUpperCase()] : []), ...orderCodeCandidates(line.reference)];
}

async function findOrder(ctx: DataContext, line: IncomingLine) {
  const codes = codesOf(line);
  if (!codes.length) return undefined;
  const rows = await ctx.trx.selectFrom('orders').select(['id', 'code']).where('code', 'in', codes).execute();
  // The first code named wins when a text names several orders.
  const byCode = new Map(rows.map((row) => [String(row.code), Number(row.id)]));
  const code = codes.find((c) => byCode.has(c));
  return code ? byCode.get(code) : undefined;
}

/** Whether the money pays the order: the first reason it does not, or none. */
export function problemWith(order: Record<string, unknown>, amount: number | null, currency: string) {
  if (!PAYABLE_STATES.includes(String(order.status))) return 'notPayable' as const;
  if (String(order.currency) !== currency) return 'currencyMismatch' as const;
  if (amount === null || Number(order.total) !== amount) return 'amountMismatch' as const;
  return undefined;
}

/**
 * Writes one incoming payment and, when it matches, pays its order in the same transaction: the order row is
 * locked before the line is written, so of two imports of one file the second waits, then finds the line taken
 * (`skipped`) — each order is paid once.
 */
export async function recordIncoming(ctx: DataContext, line: IncomingLine): Promise<LineOutcome> {
  const orderId = await findOrder(ctx, line);
  const order = orderId ? await ctx.findById('orders', orderId, { lock: true }) : undefined;
  const problem: MatchProblem | undefined = order ? problemWith(order, line.amount, line.currency) : 'noOrder';
  const written = await ctx.insertIfFree('incoming-payments', {
    source: line.source,
    externalId: line.externalId,
    receivedAt: line.receivedAt,
    amount: line.amount ?? 0,
    currency: line.currency,
    reference: line.reference || null,
    orderId: order?.id ?? null,
    status: problem ? 'unmatched' : 'matched',
    problem: problem ?? null,
    reason: problem ? PROBLEM_TEXT[problem] : null,
  });
  if (!('record' in written)) return { outcome: 'skipped' };
  const id = written.record.id;
  if (problem || !order) return { outcome: 'unmatched', id, problem: problem ?? 'noOrder' };
  await ctx.runTransition('orders', order.id, 'pay', {
    paymentMethod: line.method,
    reference: line.chargeReference,
    incomingPaymentId: id,
  });
  return { outcome: 'matched', id, orderId: order.id, orderCode: String(order.code) };
}

/** assign: finance names the order an unmatched payment is for; it pays that order if the money fits it. */
export async function assignToOrder(ctx: TransitionContext): Promise<Record<string, unknown>> {
  const order = await ctx.findById('orders', Number(ctx.record.orderId), { lock: true });
  if (!order) ctx.fail(400, 'Invalid input', { orderId: 'The referenced record does not exist' });
  const amount = Number(ctx.record.amount);
  const problem = problemWith(order, amount, String(ctx.record.currency));
  if (problem) ctx.fail(409, PROBLEM_TEXT[problem], { orderId: PROBLEM_TEXT[problem] });
  await ctx.runTransition('orders', order.id, 'pay', {
    paymentMethod: ctx.record.source === 'gateway' ? 'card' : 'bank_transfer',
    reference: String(ctx.record.externalId).slice(0, 64),
    incomingPaymentId: ctx.record.id,
  });
  return { problem: null, reason: null };
}
