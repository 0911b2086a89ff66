import type { DataContext, Row } from '../src/core/resource';
import { PAYABLE_STATES } from './incoming-payments.matching';
import { qrPayload } from './orders.qr.server';
import type { QrProfile } from './shared/qr-profiles';

/** What a customer needs to pay an order by bank transfer: the account, the amount, and the code as reference. */
export interface HowToPay {
  bankName: string;
  bankAccountName: string;
  bankAccountNumber: string;
  amount: number;
  currency: string;
  reference: string;
  /**
   * The bank QR that pays it (SPEC §20), where `settings.payments.qrProfiles` has one for its currency: for the
   * order's customer only.
   */
  qrPayload?: string;
}

/**
 * `GET /api/orders/{id}/how-to-pay`: the transfer details while the order is unpaid, with the bank QR of its
 * currency's profile when there is one and the reader is the order's customer; else nothing.
 */
export async function howToPay(ctx: DataContext & { record?: Row }): Promise<HowToPay | Record<string, never>> {
  const order = ctx.record;
  if (!order || order.status !== 'pending_payment') return {};
  const payments = await ctx.settings('payments');
  const text = (key: string) => (typeof payments[key] === 'string' ? (payments[key] as string) : '');
  const answer: HowToPay = {
    bankName: text('bankName'),
    bankAccountName: text('bankAccountName'),
    bankAccountNumber: text('bankAccountNumber'),
    amount: Number(order.total),
    currency: String(order.currency),
    reference: String(order.code),
  };
  // The code pays the order: only its customer is shown it (SPEC §20); its partner and the back office read the
  // transfer details alone.
  const customer = ctx.principal.kind === 'user' && ctx.principal.id === Number(order.userId);
  const profiles = Array.isArray(payments.qrProfiles) ? (payments.qrProfiles as QrProfile[]) : [];
  const profile = customer ? profiles.find((candidate) => candidate.currency === answer.currency) : undefined;
  if (profile)
    answer.qrPayload = qrPayload(profile, { amount: answer.amount, currency: answer.currency, code: answer.reference });
  return answer;
}

/** Fills the gateway's URL template; every value is URL-encoded. */
export function checkoutUrl(template: string, values: Record<'code' | 'amount' | 'currency' | 'returnUrl', string>) {
  return template.replace(/\{(code|amount|currency|returnUrl)\}/g, (_all, key: keyof typeof values) =>
    encodeURIComponent(values[key]),
  );
}

/**
 * `POST /api/orders/{id}/actions/checkout`: where the customer pays their unpaid order at the gateway
 * (`PAYMENT_GATEWAY_URL` with the order's code, its amount in minor units, its currency and the page to come back
 * to). The gateway's signed callback, not this call, pays the order.
 */
export async function checkout(ctx: DataContext & { record?: Row }): Promise<{ url: string }> {
  const order = ctx.record!;
  if (!PAYABLE_STATES.includes(String(order.status))) ctx.fail(409, 'This order is not waiting for payment');
  const user = await ctx.findById('users', Number(order.userId));
  const locale = typeof user?.locale === 'string' && user.locale ? user.locale : 'en';
  const base = (process.env.PUBLIC_URL?.trim() || `http://127.0.0.1:${process.env.PORT || 3000}`).replace(/\/+$/, '');
  return {
    url: checkoutUrl(process.env.PAYMENT_GATEWAY_URL ?? '', {
      code: String(order.code),
      amount: String(order.total),
      currency: String(order.currency),
      returnUrl: `${base}/${locale}/account/orders/${order.id}`,
    }),
  };
}
