import type { DataContext, TransitionContext } from '../src/core/resource';
import { partnerBalance } from './partners.effects';

/**
 * beforeCreate: the partner row is locked before the balance is read, so parallel requests of one partner run
 * one after the other and each sees the holds of the previous ones: the balance can never be overdrawn.
 * The new pending row itself is the hold.
 */
export async function requestWithdrawal(
  ctx: DataContext,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (ctx.principal.kind !== 'partner') ctx.fail(403, 'Only partners request withdrawals');
  const partner = await ctx.findById('partners', ctx.principal.id, { lock: true });
  if (!partner) ctx.fail(404, 'Not found');
  if (partner.status !== 'approved') ctx.fail(409, 'Only approved partners can request a withdrawal');
  const amount = Number(values.amount);
  const settings = await ctx.settings('payments');
  const minimum = Number(settings.minWithdrawal ?? 0);
  if (amount < minimum) ctx.fail(400, 'Invalid input', { amount: `The value must be at least ${minimum}` });
  const balance = await partnerBalance(ctx, partner.id);
  if (amount > balance.available)
    ctx.fail(400, 'Invalid input', { amount: `The value must be at most ${balance.available}` });
  const bankName = values.bankName ?? partner.bankName;
  const bankAccountName = values.bankAccountName ?? partner.bankAccountName;
  const bankAccountNumber = values.bankAccountNumber ?? partner.bankAccountNumber;
  if (!bankAccountNumber) ctx.fail(400, 'Invalid input', { bankAccountNumber: 'This field is required' });
  return { partnerId: partner.id, currency: balance.currency, bankName, bankAccountName, bankAccountNumber };
}

/**
 * approve: the hold already counts, but the balance is re-read under the partner lock so a request that is no
 * longer covered (e.g. after a data correction) cannot be approved into a negative balance.
 */
export async function checkStillCovered(ctx: TransitionContext): Promise<void> {
  const partnerId = Number(ctx.record.partnerId);
  await ctx.findById('partners', partnerId, { lock: true });
  const balance = await partnerBalance(ctx, partnerId);
  if (balance.completed - balance.payouts - balance.held < 0)
    ctx.fail(409, 'The partner balance no longer covers this withdrawal');
}

/** pay: the ledger gets the `payout`; the hold ends with the status, so the available balance does not move. */
export async function writePayout(ctx: TransitionContext): Promise<Record<string, unknown>> {
  const reference =
    typeof ctx.input.reference === 'string' && ctx.input.reference ? ctx.input.reference : `WD-${ctx.record.id}`;
  await ctx.insert('payments', {
    partnerId: ctx.record.partnerId,
    withdrawalId: ctx.record.id,
    kind: 'payout',
    amount: ctx.record.amount,
    currency: ctx.record.currency,
    method: 'bank_transfer',
    reference,
    status: 'completed',
  });
  return { paidAt: ctx.now.toISOString(), reference };
}
