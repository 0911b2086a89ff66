import { sql } from 'kysely';
import type { Endpoint } from '../src/core/resource';
import { partnerBalance } from './partners.effects';

const MONTHS = 12;

interface MonthRow {
  period: string;
  orders: number;
  gross: number;
  commission: number;
}

/** The first day (UTC) of the month `back` months before `now`'s month. */
function monthStart(now: Date, back: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
}

/**
 * `GET /api/partners/{id}/earnings`: the partner's share of completed orders per month (by completion date)
 * for the last twelve months, this month against the last, and per service; all from SQL aggregates,
 * scoped to the one partner like the balance.
 */
export const partnerEarningsEndpoint: Endpoint = {
  method: 'GET',
  record: true,
  by: ['partner', 'finance'],
  handler: async (ctx) => {
    const id = Number(ctx.record?.id);
    if (!ctx.record || (ctx.principal.kind === 'partner' && ctx.principal.id !== id)) ctx.fail(404, 'Not found');
    const from = monthStart(ctx.now, MONTHS - 1);
    const { rows: monthly } = await sql<MonthRow>`
      select to_char(date_trunc('month', "completedAt" at time zone 'UTC'), 'YYYY-MM') as period,
        count(*)::int as orders, sum(total)::float8 as gross, sum(commission)::float8 as commission
      from orders
      where "partnerId" = ${id} and status = 'completed' and "completedAt" >= ${from.toISOString()}
      group by 1`.execute(ctx.trx);
    const byPeriod = new Map(monthly.map((row) => [row.period, row]));
    const series = Array.from({ length: MONTHS }, (_, index) => {
      const period = monthStart(ctx.now, MONTHS - 1 - index)
        .toISOString()
        .slice(0, 7);
      const row = byPeriod.get(period);
      const gross = Number(row?.gross ?? 0);
      const commission = Number(row?.commission ?? 0);
      return { period, orders: Number(row?.orders ?? 0), gross, commission, net: gross - commission };
    });
    const { rows: services } = await sql<{
      serviceId: number;
      title: unknown;
      orders: number;
      gross: number;
      commission: number;
    }>`
      select o."serviceId", s.title, count(*)::int as orders, sum(o.total)::float8 as gross,
        sum(o.commission)::float8 as commission
      from orders o join services s on s.id = o."serviceId"
      where o."partnerId" = ${id} and o.status = 'completed'
      group by o."serviceId", s.title
      order by sum(o.total) desc`.execute(ctx.trx);
    const balance = await partnerBalance(ctx, id);
    const gross = services.reduce((sum, row) => sum + Number(row.gross), 0);
    const commission = services.reduce((sum, row) => sum + Number(row.commission), 0);
    return {
      partnerId: id,
      currency: balance.currency,
      thisMonth: series[MONTHS - 1].net,
      lastMonth: series[MONTHS - 2].net,
      gross,
      commission,
      net: gross - commission,
      available: balance.available,
      series,
      byService: services.map((row) => ({
        serviceId: Number(row.serviceId),
        title: typeof row.title === 'string' ? JSON.parse(row.title) : row.title,
        orders: Number(row.orders),
        gross: Number(row.gross),
        commission: Number(row.commission),
        net: Number(row.gross) - Number(row.commission),
      })),
    };
  },
};
