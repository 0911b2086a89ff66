/**
 * `npm run bench:search`: the public catalogue's search (SPEC §17) over 100,000 services on PostgreSQL. The small
 * demo is seeded, then services are added in SQL (every tour type in every province, titles and descriptions in the
 * five languages as the demo writes them) until there are `--services`. Two-word queries are asked through the API
 * (`GET /api/services?filter={"q":…}&range=[0,23]`, the count capped as every list's is), and beside each the same
 * words by a plain `ilike '%…%'` over the same fields (title, description, province and tour type names, every
 * language; first page and capped count), the scan the search column's trigram index replaces.
 *
 *   npm run bench:search -- --pg-url postgres://postgres@127.0.0.1:5432/lantern_search_bench   # an empty database
 *   npm run bench:search -- --pg-url … --services 20000 --rounds 20 --scan-rounds 3
 */
import { sql, type Kysely } from 'kysely';
import { seedDemo } from '../resources/demo/demo';
import { LOCALES } from '../src/core/locales';
import { buildApp } from '../src/server/app';
import { createDatabase } from '../src/server/db/db';
import { migrate } from '../src/server/db/migrate';
import { option } from './support/args';
import { NO_CLIENT_DIST } from '../tests/support/no-client';

const QUERIES = [
  'cruise vientiane',
  'trekking luang',
  'cycling champasak',
  'viêng chăn',
  'ລ່ອງເຮືອ ວຽງຈັນ',
  'ล่องเรือ เวียงจันทน์',
  '万象 游船',
  'vientaine cruise',
  'river cruise',
  'luang prabang',
];

const at = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const fmt = (ms: number) => ms.toFixed(1);

async function fill(db: Kysely<any>, target: number): Promise<void> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from services`.execute(db);
  const missing = target - rows[0].n;
  if (missing <= 0) return;
  const batch = 10_000;
  for (let done = 0; done < missing; done += batch) {
    const n = Math.min(batch, missing - done);
    // A copy of an approved service per row, in the tour type and province of its number, titled as the demo titles.
    await sql`
      with kinds as (select id, name, row_number() over (order by id) - 1 as i from tour_types),
           places as (select id, name, row_number() over (order by id) - 1 as i from provinces),
           model as (select * from services where status = 'approved' order by id limit 1)
      insert into services ("partnerId", title, description, "tourTypeId", "provinceId", "durationDays", price,
        "ticketTypes", currency, capacity, "meetingPoint", "cancellationPolicy", images, rating, status,
        "submittedAt", "approvedAt", "createdAt", "updatedAt")
      select m."partnerId",
        jsonb_build_object(
          'en', k.name->>'en' || ' in ' || (p.name->>'en') || ' #' || g,
          'lo', (k.name->>'lo') || ' ' || (p.name->>'lo') || ' #' || g,
          'vi', (k.name->>'vi') || ' tại ' || (p.name->>'vi') || ' #' || g,
          'th', (k.name->>'th') || ' ' || (p.name->>'th') || ' #' || g,
          'zh', (p.name->>'zh') || (k.name->>'zh') || ' #' || g),
        jsonb_build_object(
          'en', 'Explore ' || (p.name->>'en') || ' with a licensed local guide. Hotel pick-up, drinking water and insurance are included.',
          'lo', 'ສຳຫຼວດ' || (p.name->>'lo') || ' ກັບໄກດ໌ທ້ອງຖິ່ນທີ່ມີໃບອະນຸຍາດ.',
          'vi', 'Khám phá ' || (p.name->>'vi') || ' cùng hướng dẫn viên địa phương có giấy phép.',
          'th', 'สำรวจ' || (p.name->>'th') || 'กับไกด์ท้องถิ่นที่มีใบอนุญาต',
          'zh', '由持证当地导游带您探索' || (p.name->>'zh') || '。'),
        k.id, p.id, m."durationDays", m.price, m."ticketTypes", m.currency, m.capacity, m."meetingPoint",
        m."cancellationPolicy", m.images, m.rating, m.status, m."submittedAt", m."approvedAt",
        now() - make_interval(secs => g), now() - make_interval(secs => g)
      from model m, generate_series(${done + 1}::int, ${done + n}::int) g
      join kinds k on k.i = g % (select count(*) from kinds)
      join places p on p.i = (g / 8) % (select count(*) from places)`.execute(db);
    process.stdout.write(`\r  services: ${rows[0].n + done + n}`);
  }
  process.stdout.write('\n');
  await sql`analyze`.execute(db);
}

/** The plain scan: every word `ilike '%word%'` in some field of some language, the public's rows, capped count. */
async function ilikeScan(db: Kysely<any>, q: string, countLimit: number): Promise<number> {
  const words = q.split(/\s+/).filter(Boolean);
  const texts = (column: string) => LOCALES.map((l) => sql`(${sql.ref(column)}->>${sql.lit(l)})`);
  const fields = [...texts('s.title'), ...texts('s.description'), ...texts('p.name'), ...texts('t.name')];
  const where = sql.join(
    words.map(
      (w) =>
        sql`(${sql.join(
          fields.map((f) => sql`${f} ilike ${`%${w}%`}`),
          sql` or `,
        )})`,
    ),
    sql` and `,
  );
  const from = sql`services s join provinces p on p.id = s."provinceId" join tour_types t on t.id = s."tourTypeId"
    where s.status = 'approved' and s."partnerId" in (select id from partners where status = 'approved') and ${where}`;
  const started = performance.now();
  await sql`select s.* from ${from} order by s.id desc limit 24`.execute(db);
  await sql`select count(*) from (select 1 from ${from} limit ${countLimit + 1}) c`.execute(db);
  return performance.now() - started;
}

async function main() {
  const url = option('pg-url') ?? process.env.DATABASE_URL;
  if (!url) throw new Error('--pg-url postgres://… (an empty database, or one this bench filled before) is required');
  const target = Number(option('services') ?? 100_000);
  const rounds = Number(option('rounds') ?? 30);
  const scanRounds = Number(option('scan-rounds') ?? 5);
  const database = await createDatabase({ databaseUrl: url, poolSize: 10 });
  const { db } = database;
  await migrate(db);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from services`.execute(db);
  if (rows[0].n === 0) {
    console.log('seeding the small demo…');
    await seedDemo(db, { size: 'small' });
  }
  console.log(`filling to ${target} services…`);
  await fill(db, target);
  const app = await buildApp({
    database,
    config: { production: false, distDir: NO_CLIENT_DIST },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // The lists' exact-count limit (LIST_EXACT_COUNT_LIMIT), as the server's config reads it.
  const countLimit = Number(process.env.LIST_EXACT_COUNT_LIMIT ?? 10_000);

  const search: number[] = [];
  const scan: number[] = [];
  const table: string[] = [];
  for (const q of QUERIES) {
    const times: number[] = [];
    const scans: number[] = [];
    let total = '';
    for (let round = 0; round < rounds + 2; round++) {
      const started = performance.now();
      const response = await fetch(
        `${base}/api/services?filter=${encodeURIComponent(JSON.stringify({ q }))}&range=${encodeURIComponent('[0,23]')}`,
      );
      await response.arrayBuffer();
      const ms = performance.now() - started;
      total = `${response.headers.get('content-range')?.split('/')[1]} (${response.headers.get('x-total-count-kind')})`;
      // The first two rounds warm the caches and compile the page's statement.
      if (round < 2) continue;
      times.push(ms);
      // The scan takes seconds: a few rounds of it say enough.
      if (scans.length < scanRounds) scans.push(await ilikeScan(db, q, countLimit));
    }
    search.push(...times);
    scan.push(...scans);
    table.push(
      `| ${q} | ${total} | ${fmt(at(times, 0.5))} | ${fmt(at(times, 0.95))} | ${fmt(at(scans, 0.5))} | ${fmt(at(scans, 0.95))} |`,
    );
  }
  console.log(
    `\n${target} services, ${rounds} rounds per query (ilike: ${scanRounds}), ms (search: through the API; ilike: SQL alone)\n`,
  );
  console.log('| query | total | search p50 | search p95 | ilike p50 | ilike p95 |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const line of table) console.log(line);
  console.log(
    `| **all** | | ${fmt(at(search, 0.5))} | **${fmt(at(search, 0.95))}** | ${fmt(at(scan, 0.5))} | ${fmt(at(scan, 0.95))} |`,
  );
  const plan = await sql<{
    'QUERY PLAN': string;
  }>`explain select id from services where search like '%cruise%' and search like '%vientiane%'`.execute(db);
  console.log(`\nplan of the search column's words:\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  await app.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
