import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DataContext } from '../src/core/resource';
import { recordIncoming } from './incoming-payments.matching';

/** How far the signature's time may lie from ours (Stripe's default tolerance). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
export const SIGNATURE_HEADER = 'lantern-signature';

/** `t={unix seconds},v1={hex}` (several `v1` allowed, for a secret being rolled). */
export function signatureOf(secret: string, timestamp: number, raw: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest('hex');
}

/**
 * Whether the header signs this raw body with the secret, within the tolerance: every `v1` is compared in
 * constant time against the expected digest.
 */
export function verifySignature(header: unknown, raw: Buffer, secret: string, nowSeconds: number): boolean {
  if (typeof header !== 'string') return false;
  let timestamp: number | undefined;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && /^\d{1,12}$/.test(value ?? '')) timestamp = Number(value);
    else if (key === 'v1' && value) candidates.push(value);
  }
  if (timestamp === undefined || !candidates.length) return false;
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signatureOf(secret, timestamp, raw), 'hex');
  return candidates.some((candidate) => {
    if (!/^[0-9a-f]+$/i.test(candidate)) return false;
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

interface GatewayEvent {
  id: string;
  type: string;
  orderCode: string;
  amount: number;
  currency: string;
  reference: string;
}

function eventOf(raw: Buffer): GatewayEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const event = value as Record<string, unknown>;
  if (typeof event.id !== 'string' || !event.id || event.id.length > 255 || typeof event.type !== 'string')
    return undefined;
  return {
    id: event.id,
    type: event.type,
    orderCode: typeof event.orderCode === 'string' ? event.orderCode.slice(0, 64) : '',
    // Minor units, as an integer (Stripe's convention); anything else cannot equal a total.
    amount: Number.isSafeInteger(event.amount) ? (event.amount as number) : NaN,
    // The whole code is compared: a longer one ("lakxyz") is no currency and cannot match an order's.
    currency: typeof event.currency === 'string' ? event.currency.toUpperCase() : '',
    reference: typeof event.reference === 'string' ? event.reference.slice(0, 255) : '',
  };
}

/**
 * `POST /api/incoming-payments/-/webhook`: the gateway's signed callback. A forged or stale signature is 400 and
 * nothing is kept; a `payment.succeeded` event is kept once by its id (a repeat changes nothing) and pays its
 * order when the code, amount and currency fit, else waits as `unmatched`.
 */
export async function receiveGatewayEvent(
  ctx: DataContext & { body: unknown; headers: Record<string, string | string[] | undefined> },
): Promise<{ received: true; status?: string }> {
  const raw = ctx.body as Buffer;
  const secret = process.env.PAYMENT_WEBHOOK_SECRET ?? '';
  const header = ctx.headers[SIGNATURE_HEADER];
  if (!verifySignature(header, raw, secret, Math.floor(ctx.now.getTime() / 1000)))
    ctx.fail(400, 'Invalid signature', { 'Lantern-Signature': 'Invalid or stale signature' });
  const event = eventOf(raw);
  if (!event) ctx.fail(400, 'Invalid input', { body: 'Not a gateway event' });
  // Other kinds of event (refunds started at the gateway, disputes) are acknowledged and left to finance.
  if (event.type !== 'payment.succeeded') return { received: true };
  const amountOk = Number.isSafeInteger(event.amount) && event.amount > 0;
  const result = await recordIncoming(ctx, {
    source: 'gateway',
    externalId: event.id,
    receivedAt: ctx.now.toISOString(),
    amount: amountOk ? event.amount : null,
    currency: /^[A-Z]{3}$/.test(event.currency) ? event.currency : 'XXX',
    reference: event.reference || event.orderCode,
    chargeReference: (event.reference || event.id).slice(0, 64),
    method: 'card',
    orderCode: event.orderCode,
  });
  return { received: true, status: result.outcome === 'skipped' ? 'duplicate' : result.outcome };
}
