import { sql } from 'kysely';
import { formatEnglish } from '../src/core/messages';
import type { DataContext, Endpoint } from '../src/core/resource';

export interface PartnerBalance {
  partnerId: number;
  currency: string;
  /** Partner share (total − commission) of completed orders. */
  completed: number;
  /** Payouts already paid out (the ledger's `payout` rows). */
  payouts: number;
  /** Withdrawals requested or approved but not yet paid: held so they cannot be requested twice. */
  held: number;
  available: number;
}

/**
 * SPEC §5: available = share of completed orders − payouts − pending and approved withdrawals.
 * Callers that act on the result (a new withdrawal) lock the partner row first, so that concurrent
 * requests of one partner run one after the other and each sees the previous hold.
 */
export async function partnerBalance(ctx: DataContext, partnerId: number): Promise<PartnerBalance> {
  const { rows } = await sql<{ completed: number; payouts: number; held: number }>`
    select
      (select coalesce(sum(total - commission), 0)::float8 from orders
        where "partnerId" = ${partnerId} and status = 'completed') as completed,
      (select coalesce(sum(amount), 0)::float8 from payments
        where "partnerId" = ${partnerId} and kind = 'payout' and status = 'completed') as payouts,
      (select coalesce(sum(amount), 0)::float8 from withdrawals
        where "partnerId" = ${partnerId} and status in ('pending', 'approved')) as held`.execute(ctx.trx);
  const completed = Number(rows[0]?.completed ?? 0);
  const payouts = Number(rows[0]?.payouts ?? 0);
  const held = Number(rows[0]?.held ?? 0);
  const general = await ctx.settings('general');
  return {
    partnerId,
    currency: typeof general.currency === 'string' ? general.currency : 'LAK',
    completed,
    payouts,
    held,
    available: Math.max(0, completed - payouts - held),
  };
}

/** `GET /api/partners/{id}/balance`: a partner reads only its own; finance reads any. */
export const partnerBalanceEndpoint: Endpoint = {
  method: 'GET',
  record: true,
  by: ['partner', 'finance'],
  handler: async (ctx) => {
    const id = Number(ctx.record?.id);
    if (!ctx.record || (ctx.principal.kind === 'partner' && ctx.principal.id !== id)) ctx.fail(404, 'Not found');
    return partnerBalance(ctx, id);
  },
};

/** What every sign-up is told, whether its address was free or not. */
export const REGISTER_DONE = 'Check your email to continue';

/**
 * `POST /api/partners/-/register`: the public partner sign-up (a `pending` partner, SPEC §5). The server has already checked the body against
 * the partners' create rules (`input`); the account starts `pending` with its email not verified: it is mailed a
 * link (`account.verifiedField`), signs in once it has opened it, and sees its status in the portal until a
 * moderator approves it.
 *
 * The answer never tells whether the address has an account: a taken one creates nothing, mails its
 * owner instead (the outbox), and answers alike — same status, same keys, an id like a new one's, and as long,
 * as the password is hashed either way.
 */
export const partnerRegisterEndpoint: Endpoint = {
  method: 'POST',
  record: false,
  by: ['public'],
  input: ['email', 'password', 'companyName', 'contactName', 'phone', 'locale'],
  limit: { perIp: 20, windowSeconds: 900, mailsTo: 'email' },
  handler: async (ctx) => {
    const values = ctx.body as Record<string, unknown>;
    // Sign-in matches emails without case, so the key holds the address lower-cased.
    const email = String(values.email).trim().toLowerCase();
    const result = await ctx.insertIfFree('partners', {
      ...values,
      email,
      status: 'pending',
      emailVerifiedAt: null,
    });
    if ('taken' in result) {
      if (result.taken !== 'email')
        ctx.fail(400, 'Invalid input', { [result.taken]: formatEnglish({ key: 'unique' }) });
      await ctx.mail({ to: email, template: 'account.emailTaken', params: { via: 'partners.register' } });
    }
    return {
      id: 'record' in result ? result.record.id : result.id,
      email,
      companyName: values.companyName,
      status: 'pending',
      message: REGISTER_DONE,
    };
  },
};
