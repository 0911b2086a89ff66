/**
 * `npm run bench:expiry`: seconds from a hold's end to its order reading `expired`, with two server instances
 * (each with its own connection pool and timer worker, at the default TIMER_POLL_MS unless set) on one
 * PostgreSQL database. Unpaid orders are written with holds ending one after another over `--spread` seconds;
 * each order's delay is its `expire` audit row's time minus its `holdExpiresAt`.
 *
 *   npm run bench:expiry                       # 200 holds over 30 s
 *   npm run bench:expiry -- --orders 500 --spread 60
 *
 * BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server; a scratch database is
 * created there and dropped at the end.
 */
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { createDatabase } from '../src/server/db/db';
import { migrate } from '../src/server/db/migrate';
import { seedDemo } from '../resources/demo/demo';
import { runStatement } from '../tests/support/net';
import { option } from './support/args';
import { NO_CLIENT_DIST } from '../tests/support/no-client';

const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (line: string) => console.error(`[bench:expiry] ${line}`);

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** `orders` holds ending one after another over `spreadS` seconds (defaults: 200 over 30 s). */
export async function benchExpiry({ orders = 200, spreadS = 30 } = {}): Promise<string> {
  const ORDERS = orders;
  const SPREAD_S = spreadS;
  const name = `lantern_bench_expiry_${Date.now().toString(36)}`;
  await runStatement(PG_SERVER, `create database "${name}"`);
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  const databases = [await createDatabase({ databaseUrl: url.toString() })];
  try {
    const { db } = databases[0];
    await migrate(db);
    await seedDemo(db, { size: 'small' });
    databases.push(await createDatabase({ databaseUrl: url.toString() }));
    const config = { production: false, distDir: NO_CLIENT_DIST };
    const apps = await Promise.all(databases.map((database) => buildApp({ database, config })));
    const poll = Number(process.env.TIMER_POLL_MS ?? 10_000);
    log(`two instances up (timer poll ${poll} ms); writing ${ORDERS} holds ending over ${SPREAD_S} s`);

    const first = new Date(Date.now() + 5_000);
    const stepMs = (SPREAD_S * 1000) / ORDERS;
    await sql`
      insert into orders (code, "userId", "partnerId", "serviceId", "scheduleId", "departureDate", quantity,
                          "unitPrice", total, "commissionRate", commission, currency, status, "holdExpiresAt",
                          "createdAt", "updatedAt")
      select 'BX-' || g.n, u.id, s."partnerId", s."serviceId", s.id, s."startDate", 1, 100000, 100000, 10, 10000,
             'LAK', 'pending_payment', ${first}::timestamptz + (g.n * ${stepMs}) * interval '1 millisecond',
             now(), now()
      from generate_series(0, ${ORDERS - 1}) as g(n)
      cross join lateral (select id from users order by id limit 1 offset (g.n % 4)) u
      cross join lateral (select * from schedules where status = 'open' and "startDate" > current_date
                          order by id limit 1) s`.execute(db);

    const deadline = first.getTime() + SPREAD_S * 1000 + 120_000;
    for (;;) {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from orders where code like 'BX-%' and status = 'pending_payment'`.execute(db);
      if (Number(rows[0].n) === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const { rows } = await sql<{ delay: number; runs: number }>`
      select extract(epoch from (min(a.at) - o."holdExpiresAt"))::float8 as delay, count(a.id)::int as runs
      from orders o left join audit_log a on a.resource = 'orders' and a."recordId" = o.id and a.action = 'expire'
      where o.code like 'BX-%' group by o.id, o."holdExpiresAt"`.execute(db);
    await Promise.all(apps.map((app) => app.close()));
    const delays = rows
      .map((r) => Number(r.delay))
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    const twice = rows.filter((r) => Number(r.runs) > 1).length;
    const never = rows.filter((r) => Number(r.runs) === 0).length;
    const f = (n: number) => n.toFixed(2);
    return [
      `Expiry across two instances on PostgreSQL (timer poll ${poll} ms): ${ORDERS} holds ending over ${SPREAD_S} s`,
      `  seconds from hold end to expired: min ${f(delays[0])}, median ${f(quantile(delays, 0.5))}, ` +
        `p95 ${f(quantile(delays, 0.95))}, max ${f(delays.at(-1)!)}`,
      `  expired once: ${rows.length - twice - never}, twice or more: ${twice}, not at all: ${never}`,
    ].join('\n');
  } finally {
    for (const database of databases) await database.close();
    await runStatement(PG_SERVER, `drop database if exists "${name}" with (force)`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchExpiry({ orders: Number(option('orders') ?? '200'), spreadS: Number(option('spread') ?? '30') })
    .then((report) => console.log(report))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
