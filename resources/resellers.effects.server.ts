import { sql } from 'kysely';
import { apiKeyHash, newApiKey } from '../src/core/resale';
import type { DataContext, Row } from '../src/core/resource';

/**
 * `POST /api/resellers/{id}/actions/rotate-key` (finance): a new key, answered this once; its hash replaces the old
 * one's in the same transaction, so the old key opens nothing from the commit on.
 */
export async function rotateKey(ctx: DataContext & { record?: Row }): Promise<Record<string, unknown>> {
  const apiKey = newApiKey();
  const record = await ctx.update(
    'resellers',
    ctx.record!.id,
    { apiKeyHash: await apiKeyHash(apiKey) },
    {
      action: 'rotate-key',
    },
  );
  const { apiKeyHash: _hidden, ...shown } = record;
  return { ...shown, apiKey };
}

export interface ResellerBalance {
  /** Confirmed bookings charged on its account. */
  charged: number;
  /** Cancellations credited back under the services' terms. */
  credited: number;
  /** What it owes: charged − credited. */
  owed: number;
  /** Confirmed bookings, cancelled ones. */
  bookings: number;
  currency: string;
}

/**
 * `GET /api/resellers/{id}/balance` (finance): what the reseller owes, from the ledger alone: the charges whose
 * evidence is this reseller, less the refunds credited to its account.
 */
export async function resellerBalance(ctx: DataContext & { record?: Row }): Promise<ResellerBalance> {
  const id = ctx.record!.id;
  const { rows } = await sql<{ charged: number; credited: number; bookings: number; currency: string | null }>`
    select
      coalesce(sum(amount) filter (where kind = 'charge'), 0)::float8 as charged,
      coalesce(sum(amount) filter (where kind = 'refund'), 0)::float8 as credited,
      count(distinct "orderId") filter (where kind = 'charge')::int as bookings,
      min(currency) as currency
    from payments where "resellerId" = ${id} and status = 'completed'`.execute(ctx.trx);
  const row = rows[0];
  const charged = Number(row?.charged ?? 0);
  const credited = Number(row?.credited ?? 0);
  return {
    charged,
    credited,
    owed: charged - credited,
    bookings: Number(row?.bookings ?? 0),
    currency: row?.currency ?? 'LAK',
  };
}
