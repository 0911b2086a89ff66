/**
 * `npm run bench:generate`: a year of twice-daily departures (730) added by rule through
 * `POST /api/schedules/-/generate`, as partner@example.com, on a fresh demo database in a server process of its own;
 * then the same rule again (every departure skipped), and, with the server stopped, the same 730 rows inserted
 * directly in SQL in one transaction: the floor the endpoint's checks, audit rows and change events add to.
 *
 *   npm run bench:generate                     # PGlite, in a temporary DATA_DIR
 *   npm run bench:generate -- --runs 5
 *   npm run bench:generate -- --pg-url postgres://postgres@127.0.0.1:5432/lantern_bench   # an empty database
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { createDatabase } from '../src/server/db/db';
import { loginAt } from '../tests/support/server-process';
import { startServer } from './support/server';
import { option } from './support/args';

const DAY_MS = 86_400_000;
/** 365 days from the first: twice a day, 730 departures. */
const YEAR_DAYS = 365;
const TIMES = ['08:00', '17:00'];
const WARM_UP = 3;

const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
/** Run `n`'s window: a year of its own, past the demo data's departures and every other run's. */
const windowOf = (n: number) => ({ from: day(400 + n * 400), to: day(400 + n * 400 + YEAR_DAYS - 1) });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function post(url: string, cookie: string, endpoint: string, body: unknown) {
  const started = performance.now();
  const response = await fetch(`${url}/api/schedules/-/${endpoint}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { created: number; skipped: number; message?: string };
  if (response.status >= 300) throw new Error(`${endpoint}: ${response.status} ${JSON.stringify(answer)}`);
  return { ms: performance.now() - started, answer };
}

async function main() {
  const runs = Number(option('runs') ?? '3');
  const pgUrl = option('pg-url');
  const dir = pgUrl ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-generate-'));
  const env: Record<string, string> = pgUrl ? { DATABASE_URL: pgUrl } : { DATA_DIR: dir!, DATABASE_URL: '' };
  const api: number[] = [];
  const previews: number[] = [];
  const repeats: number[] = [];
  const floor: number[] = [];
  let service = { id: 0, partnerId: 0, currency: 'LAK' };
  try {
    const server = await startServer({ env });
    try {
      const cookie = await loginAt(server.url, 'partner@example.com', 'Partner#2026');
      const services = (await (
        await fetch(`${server.url}/api/services?filter=${encodeURIComponent('{"status":"approved"}')}&range=[0,0]`, {
          headers: { cookie },
        })
      ).json()) as { id: number; partnerId: number; currency: string }[];
      service = services[0];
      for (let n = 0; n < runs; n++) {
        const body = {
          serviceId: service.id,
          ...windowOf(n),
          weekdays: [1, 2, 3, 4, 5, 6, 7],
          times: TIMES,
          capacity: 20,
        };
        const preview = await post(server.url, cookie, 'generate-preview', body);
        const made = await post(server.url, cookie, 'generate', body);
        if (made.answer.created !== YEAR_DAYS * TIMES.length) throw new Error(`created ${made.answer.created}`);
        const again = await post(server.url, cookie, 'generate', body);
        if (again.answer.skipped !== YEAR_DAYS * TIMES.length) throw new Error(`skipped ${again.answer.skipped}`);
        previews.push(preview.ms);
        api.push(made.ms);
        repeats.push(again.ms);
      }
    } finally {
      await server.stop();
    }
    // The floor, with the server stopped (PGlite's files have one owner): the same rows, one insert, one transaction.
    const database = await createDatabase(pgUrl ? { databaseUrl: pgUrl } : { dataDir: dir });
    try {
      // Three more than timed: the first warm the freshly opened database (PGlite's WebAssembly is compiled as it
      // runs), as the server's was by the time it was measured.
      for (let n = runs; n < 2 * runs + WARM_UP; n++) {
        const { from } = windowOf(n);
        const rows = Array.from({ length: YEAR_DAYS }, (_, i) => day(400 + n * 400 + i)).flatMap((startDate) =>
          TIMES.map((startTime) => ({
            serviceId: service.id,
            partnerId: service.partnerId,
            currency: service.currency ?? 'LAK',
            startDate,
            startTime,
            endDate: startDate,
            capacity: 20,
            seatsBooked: 0,
            status: 'open',
          })),
        );
        const started = performance.now();
        await database.db.transaction().execute(async (trx) => {
          await trx.insertInto('schedules').values(rows).execute();
        });
        if (n >= runs + WARM_UP) floor.push(performance.now() - started);
        const count = await sql<{ n: number }>`
          select count(*)::int as n from schedules where "serviceId" = ${service.id} and "startDate" >= ${from}
            and "startDate" < ${day(400 + n * 400 + YEAR_DAYS)}`.execute(database.db);
        if (count.rows[0].n !== rows.length) throw new Error(`floor wrote ${count.rows[0].n}`);
      }
    } finally {
      await database.close();
    }
  } finally {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
  const ms = (values: number[]) =>
    `${median(values).toFixed(0)} ms (runs: ${values.map((v) => v.toFixed(0)).join(', ')})`;
  console.log(
    `\nLantern departures by rule (${pgUrl ? 'postgres' : 'pglite'}, demo data, ${os.cpus().length} CPUs, node ${process.version})\n`,
  );
  console.log(`a year twice daily, 730 departures, median of ${runs}:`);
  console.log(`  POST /api/schedules/-/generate          ${ms(api)}`);
  console.log(`  the same rule again (730 skipped)       ${ms(repeats)}`);
  console.log(`  POST /api/schedules/-/generate-preview  ${ms(previews)}`);
  console.log(`  floor: one SQL insert of 730 rows       ${ms(floor)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
