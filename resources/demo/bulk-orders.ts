import { sql, type Kysely } from 'kysely';
import { skipForeignKeyChecks } from './demo';

/** Orders per generated departure: with at most 2 seats each they never exceed its capacity of 40. */
const ORDERS_PER_SCHEDULE = 20;
const CAPACITY = 40;

export interface BulkResult {
  orders: number;
  schedules: number;
  payments: number;
  ms: number;
}

async function maxId(db: Kysely<any>, table: string): Promise<number> {
  const { rows } = await sql<{ id: number | null }>`select max(id) as id from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.id ?? 0);
}

/**
 * Adds `count` orders (with their departures, charges and refunds) for benchmarks, entirely in SQL:
 * INSERT … SELECT over generate_series, one batch per transaction. The rows follow the same rules as the demo
 * data (seats within capacity, statuses by departure date, payments matching statuses) so statistics stay
 * meaningful. Needs approved services and users (run the demo seed first).
 */
export async function addBulkOrders(
  db: Kysely<any>,
  count: number,
  options: { batch?: number; log?: (line: string) => void } = {},
): Promise<BulkResult> {
  const started = Date.now();
  const batch = options.batch ?? 100_000;
  const log = options.log ?? (() => {});
  const { rows: ready } = await sql<{ services: number; users: number }>`
    select (select count(*)::int from services where status = 'approved') as services,
           (select count(*)::int from users) as users`.execute(db);
  if (!ready[0]?.services || !ready[0]?.users)
    throw new Error('Bulk orders need approved services and users: seed demo data first');

  const scheduleCount = Math.ceil(count / ORDERS_PER_SCHEDULE);
  const schedulesBefore = await maxId(db, 'schedules');
  await db.transaction().execute(async (trx) => {
    await skipForeignKeyChecks(trx);
    // Departures spread from 18 months ago to 4 months ahead over every approved service.
    await sql`
      with svc as (select array_agg(id order by id) as ids from services where status = 'approved'),
      days as (
        select g, svc.ids[1 + (g % array_length(svc.ids, 1))] as "serviceId",
               current_date - 540 + ((g * 7919) % 660) as start
        from generate_series(1, ${scheduleCount}) as g, svc
      )
      insert into schedules ("serviceId", "partnerId", "startDate", "endDate", capacity, "seatsBooked", currency,
                             status, "createdAt", "updatedAt")
      select d."serviceId", s."partnerId", d.start, d.start + (s."durationDays" - 1), ${CAPACITY}, 0, s.currency,
             case when d.start > current_date then 'open' else 'closed' end,
             d.start - interval '60 days', d.start - interval '60 days'
      from days d join services s on s.id = d."serviceId"
      order by d.g`.execute(trx);
  });
  log(`schedules: ${scheduleCount} added`);

  // Codes count up from the highest order id, so later runs never repeat them.
  const codeBase = await maxId(db, 'orders');
  const { rows: userRows } = await sql<{ id: number }>`select id from users order by id`.execute(db);
  const userIds = `{${userRows.map((u) => Number(u.id)).join(',')}}`;
  let done = 0;
  while (done < count) {
    const size = Math.min(batch, count - done);
    const ordersBefore = await maxId(db, 'orders');
    await db.transaction().execute(async (trx) => {
      await skipForeignKeyChecks(trx);
      await sql`
        with sch as (
          select id, "serviceId", "partnerId", "startDate", "priceOverride",
                 row_number() over (order by id) - 1 as rn
          from schedules where id > ${schedulesBefore}
        ),
        g as (
          select n, (n - 1) / ${ORDERS_PER_SCHEDULE} as rn
          from generate_series(${done + 1}::bigint, ${done + size}::bigint) as n
        ),
        o as (
          select g.n, sch.id as "scheduleId", sch."serviceId", sch."partnerId", sch."startDate",
                 (${userIds}::bigint[])[1 + ((g.n * 31) % ${userRows.length})] as "userId",
                 1 + (g.n % 2)::int as quantity,
                 coalesce(sch."priceOverride", s.price) as "unitPrice",
                 coalesce(s."ticketTypes" -> 0, '{"code": "ADULT"}'::jsonb) as "ticketType",
                 coalesce(p."commissionRate", 10) as rate,
                 case
                   when sch."startDate" > current_date then
                     (array['expired','paid','paid','paid','confirmed','confirmed','confirmed','confirmed',
                            'cancelled','refunded'])[1 + (g.n % 10)::int]
                   else (array['completed','completed','completed','completed','completed','completed','completed',
                               'completed','cancelled','refunded'])[1 + (g.n % 10)::int]
                 end as status,
                 least(sch."startDate" - ((g.n % 60) + 1)::int + make_interval(mins => (g.n * 37 % 1440)::int),
                       now() - interval '1 hour') as "createdAt"
          from g
          join sch on sch.rn = g.rn
          join services s on s.id = sch."serviceId"
          join partners p on p.id = sch."partnerId"
        )
        insert into orders (code, "userId", "partnerId", "serviceId", "scheduleId", "departureDate", quantity, lines,
                            "unitPrice", total, "commissionRate", commission, currency, "paymentMethod", status,
                            "paidAt", "confirmedAt", "completedAt", "cancelledAt", "holdExpiresAt", "createdAt", "updatedAt")
        select 'BK-' || (${codeBase} + o.n)::text, o."userId", o."partnerId", o."serviceId", o."scheduleId",
               o."startDate", o.quantity,
               jsonb_build_array(jsonb_build_object('ticketType', o."ticketType" ->> 'code', 'quantity', o.quantity,
                 'unitPrice', o."unitPrice", 'name', o."ticketType" -> 'name')),
               o."unitPrice", o."unitPrice" * o.quantity, o.rate,
               round(o."unitPrice" * o.quantity * o.rate / 100), 'LAK',
               case when o.status in ('expired', 'cancelled') then null
                    else (array['bcel_onepay','bcel_onepay','card','bank_transfer'])[1 + (o.n % 4)::int] end,
               o.status,
               case when o.status in ('expired', 'cancelled') then null else o."createdAt" + interval '20 minutes' end,
               case when o.status in ('confirmed', 'completed') then o."createdAt" + interval '5 hours' end,
               case when o.status = 'completed' then o."startDate" + interval '18 hours' end,
               case when o.status = 'cancelled' then o."createdAt" + interval '2 hours' end,
               o."createdAt" + interval '30 minutes',
               o."createdAt", o."createdAt" + interval '1 day'
        from o order by o.n`.execute(trx);
      await sql`
        insert into payments ("orderId", "partnerId", "userId", kind, amount, currency, method, reference, status,
                              "createdAt", "updatedAt")
        select id, "partnerId", "userId", 'charge', total, currency, "paymentMethod", 'PAY-' || code, 'completed',
               "paidAt", "paidAt"
        from orders where id > ${ordersBefore} and "paidAt" is not null
        union all
        select id, "partnerId", "userId", 'refund', total, currency, "paymentMethod", 'CXL-' || code, 'completed',
               "paidAt" + interval '1 day', "paidAt" + interval '1 day'
        from orders where id > ${ordersBefore} and status = 'refunded'`.execute(trx);
    });
    done += size;
    log(`orders: ${done}/${count}`);
  }
  await sql`
    update schedules s set "seatsBooked" = b.seats
    from (select "scheduleId", sum(quantity)::int as seats from orders
          where "scheduleId" > ${schedulesBefore} and status in ('paid', 'confirmed', 'completed')
          group by "scheduleId") b
    where s.id = b."scheduleId"`.execute(db);
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from payments p join orders o on o.id = p."orderId" where o.code like 'BK-%'`.execute(db);
  return { orders: count, schedules: scheduleCount, payments: Number(rows[0]?.n ?? 0), ms: Date.now() - started };
}
