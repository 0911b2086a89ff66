/**
 * `npm run bench:octo`: OCTO availability (SPEC §19) of a 30-day range for 1,000 products, as a reseller's channel
 * manager asks it (`POST /api/octo/availability` once per product, a few at a time), side by side with the same SQL
 * alone (the departures of the range with their running holds, the statement the route runs, through Kysely). The
 * small demo is seeded; approved services are added in SQL until there are `--products`, each with a departure a day
 * for the 30 days and some held seats.
 *
 *   npm run bench:octo                                     # PGlite in memory
 *   npm run bench:octo -- --pg-url postgres://postgres@127.0.0.1:5432/lantern_octo_bench   # an empty database
 *   npm run bench:octo -- --products 1000 --days 30 --concurrency 8
 */
import { sql, type Kysely } from 'kysely';
import { seedDemo } from '../resources/demo/demo';
import { apiKeyHash } from '../src/core/resale';
import { addDays, dayIn, DEFAULT_TIME_ZONE } from '../src/core/zoned-time';
import { buildApp } from '../src/server/app';
import { createDatabase } from '../src/server/db/db';
import { migrate } from '../src/server/db/migrate';
import { Registry } from '../src/server/engine/registry';
import { departuresOf, offeredResource, type Catalog } from '../src/server/octo/catalog';
import resources from '../resources/index';
import { option } from './support/args';
import { NO_CLIENT_DIST } from '../tests/support/no-client';

const KEY = 'lt_bench_key_0000000000000000000000000000000000';

const at = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const fmt = (ms: number) => ms.toFixed(1);

/** Approved copies of the first approved service until there are `target`, each with a departure a day. */
async function fill(db: Kysely<any>, target: number, first: string, days: number): Promise<number[]> {
  const { rows: columns } = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_name = 'services' and column_name not in ('id', 'search', 'search_pairs')`.execute(db);
  const list = sql.join(columns.map((c) => sql.ref(c.name)));
  const { rows: count } = await sql<{ n: number }>`
    select count(*)::int as n from services where status = 'approved'`.execute(db);
  const missing = target - count[0].n;
  if (missing > 0)
    await sql`insert into services (${list})
      select ${list} from services, generate_series(1, ${missing})
      where id = (select min(id) from services where status = 'approved')`.execute(db);
  const { rows } = await sql<{ id: number }>`
    select s.id::int as id from services s join partners p on p.id = s."partnerId"
    where s.status = 'approved' and p.status = 'approved' order by s.id limit ${target}`.execute(db);
  const ids = rows.map((row) => row.id);
  await sql`insert into schedules ("serviceId", "partnerId", "startDate", "endDate", "startTime", capacity,
      "seatsBooked", currency, status)
    select s.id, s."partnerId", (${first}::date + d), (${first}::date + d), '08:00', 20, (s.id + d) % 7, s.currency, 'open'
    from services s, generate_series(0, ${days - 1}) d
    where s.id in (${sql.join(ids)})
      and not exists (select 1 from schedules x where x."serviceId" = s.id and x."startDate" = ${first}::date + d)`.execute(
    db,
  );
  return ids;
}

async function main() {
  const url = option('pg-url') ?? process.env.DATABASE_URL;
  const target = Number(option('products') ?? 1000);
  const days = Number(option('days') ?? 30);
  const concurrency = Number(option('concurrency') ?? 8);
  process.env.OCTO_RATE_LIMIT_PER_MINUTE = String(10 * target + 100);
  const database = await createDatabase(url ? { databaseUrl: url, poolSize: 10 } : { dataDir: 'memory://' });
  const { db } = database;
  await migrate(db);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from services`.execute(db);
  if (rows[0].n === 0) {
    console.log('seeding the small demo…');
    await seedDemo(db, { size: 'small' });
  }
  const first = addDays(dayIn(new Date(), DEFAULT_TIME_ZONE), 2);
  const last = addDays(first, days - 1);
  console.log(`filling to ${target} products with a departure a day from ${first} to ${last}…`);
  const ids = await fill(db, target, first, days);
  await sql`insert into resellers (name, "contactEmail", status, "apiKeyHash") values ('Bench agency',
    'bench@agency.example', 'active', ${await apiKeyHash(KEY)}) on conflict ("apiKeyHash") do nothing`.execute(db);
  const app = await buildApp({
    database,
    config: { production: false, distDir: NO_CLIENT_DIST },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const registry = new Registry(resources);
  const product = offeredResource(resources)!;
  const catalog: Catalog = {
    product,
    resale: product.resale!,
    departures: registry.require(product.resale!.departures.resource),
    registry,
    timeZone: DEFAULT_TIME_ZONE,
  };

  /** Runs `work` for every product, `concurrency` at a time; each call's time and the whole. */
  async function sweep(
    work: (id: number) => Promise<number>,
  ): Promise<{ times: number[]; wall: number; items: number }> {
    const times: number[] = [];
    let items = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < ids.length) {
          const id = ids[next++];
          const t = performance.now();
          const found = await work(id);
          times.push(performance.now() - t);
          items += found;
        }
      }),
    );
    return { times, wall: performance.now() - started, items };
  }

  const api = async (id: number) => {
    const response = await fetch(`${base}/api/octo/availability`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ productId: String(id), optionId: 'DEFAULT', localDateStart: first, localDateEnd: last }),
    });
    const body = (await response.json()) as unknown[];
    if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(body)}`);
    return body.length;
  };
  const alone = async (id: number) =>
    (await departuresOf(db, catalog, { products: [id], from: first, to: last })).length;

  // A warm-up round of each: the statements planned, the pages in the cache.
  await sweep(api);
  await sweep(alone);
  const viaApi = await sweep(api);
  const viaSql = await sweep(alone);
  console.log(
    `\n${ids.length} products × ${days} days (${viaApi.items} availabilities), ${concurrency} requests at a time, ` +
      `${url ? 'PostgreSQL' : 'PGlite'}\n`,
  );
  console.log('| | whole sweep (s) | per product p50 (ms) | p95 (ms) | products/s |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [name, run] of [
    ['POST /api/octo/availability', viaApi],
    ['its SQL alone', viaSql],
  ] as const)
    console.log(
      `| ${name} | ${(run.wall / 1000).toFixed(2)} | ${fmt(at(run.times, 0.5))} | ${fmt(at(run.times, 0.95))} | ${Math.round(
        (ids.length * 1000) / run.wall,
      )} |`,
    );
  await app.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
