/**
 * `npm run bench`: the API's performance table on a large marketplace (lists, record reads, statistics, the
 * export, the server's start), on PostgreSQL and on PGlite, in one run.
 *
 *   npm run bench                              # both engines, 1,000,000 orders each (seeded fresh)
 *   npm run bench -- --engine postgres --orders 200000
 *   npm run bench -- --pg-url postgres://…/db  # reuse an already seeded PostgreSQL database
 *   npm run bench -- --pglite-dir /tmp/data    # reuse an already seeded PGlite DATA_DIR
 *   npm run bench -- --duration 5              # seconds per load measurement (default 5)
 *   npm run bench -- --no-export --no-cold     # skip the 1M-row export and the demo-data start measurements
 *   npm run bench -- --no-import               # skip the 10,000-line statement import (also `npm run bench:import`)
 *   npm run bench -- --cold-only               # only the PGlite demo-data start measurements
 *   npm run bench -- --engine postgres --pg-url postgres://…/db --request-path-only --rounds 5
 *                                              # only getOne against its floors (bench/request-path.ts)
 *   npm run bench -- --no-expiry               # skip the holds' expiry across two instances (bench/expiry.ts)
 *   npm run bench -- --cases 'list: filter,getOne'   # only the cases whose name contains one of these
 *
 * PGlite keeps 32MB of shared buffers by default (memory of a small install); the 1M-order run sets
 * PGLITE_SHARED_BUFFERS=128MB (PostgreSQL's default) for the in-process SQL and the server alike, unless given;
 * the demo-data start measurements keep the default.
 *
 * PostgreSQL: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server; a fresh
 * database is created there unless --pg-url is given. The server runs as a child process (its RSS is read
 * from /proc), the load comes from autocannon; "SQL alone" runs the same compiled statements the API runs,
 * as prepared statements on a pg pool (PostgreSQL) or in process (PGlite, one connection).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import pg from 'pg';
import resources from '../resources/index';
import { tableName, type AnyResource } from '../src/core/resource';
import type { Principal } from '../src/core/roles';
import { createDatabase, PG_SESSION_OPTIONS, type Engine } from '../src/server/db/db';
import { StatementNames } from '../src/server/db/prepared';
import { migrate } from '../src/server/db/migrate';
import { cappedCountQuery } from '../src/server/engine/list-count';
import { pageQuery } from '../src/server/engine/list-keyset';
import { parseListQuery } from '../src/server/engine/query';
import { Registry } from '../src/server/engine/registry';
import { readable, scopeSql, type ReadAccess } from '../src/server/engine/scope';
import { addBulkOrders } from '../resources/demo/bulk-orders';
import { seedDemo } from '../resources/demo/demo';
import { prepareServer, SERVER_BUNDLE } from '../src/server/cli/build-server';
import { cpuIndex } from './support/cpu-index';
import { cpuSeconds, median } from './support/measure';
import { compareGetOne } from './request-path';
import { rssMb, startServer, type ChildServer } from './support/server';
import { benchExpiry } from './expiry';
import { runStatement } from '../tests/support/net';
import { loginAt } from '../tests/support/server-process';
import { describeImport, importRun } from './import';
import { flag, option } from './support/args';

const ORDERS = Number((option('orders') ?? '1000000').replace(/_/g, ''));
const DURATION = Number(option('duration') ?? '5');
const ROUNDS = Number(option('rounds') ?? '3');
const REQUEST_PATH_ONLY = flag('request-path-only');
const ENGINES: Engine[] =
  option('engine') === 'postgres' ? ['postgres'] : option('engine') === 'pglite' ? ['pglite'] : ['postgres', 'pglite'];
const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const EXACT_LIMIT = 10_000;
/** Parts of case names to run (`--cases`, comma-separated); every case when not given. */
const ONLY = option('cases')
  ?.split(',')
  .map((part) => part.trim())
  .filter(Boolean);

interface Row {
  engine: Engine;
  what: string;
  conns: number | string;
  p50?: number;
  p99?: number;
  rps?: number;
  note?: string;
}
const table: Row[] = [];
const log = (line: string) => console.error(`[bench] ${line}`);

// ---- databases -----------------------------------------------------------------------------------

/** Seeds demo data and the bulk orders, then refreshes planner statistics and the visibility map. */
async function seed(target: { databaseUrl?: string; dataDir?: string }) {
  const database = await createDatabase(target);
  try {
    await migrate(database.db);
    const started = Date.now();
    await seedDemo(database.db);
    log(`demo data in ${Date.now() - started} ms`);
    const result = await addBulkOrders(database.db, ORDERS, { log: (l) => log(l) });
    log(`${result.orders} orders in ${result.ms} ms`);
    await sql`vacuum analyze`.execute(database.db);
  } finally {
    await database.close();
  }
}

// ---- the server as a child process -----------------------------------------------------------------

async function load(url: string, cookie: string, connections: number) {
  // A second of the same load first, left out of the figures: the server's JIT warms up on this route.
  const result = await autocannon({
    url,
    connections,
    duration: DURATION,
    headers: { cookie },
    // autocannon supports `warmup` (lib/init.js); its typings lack it.
    ...({ warmup: { connections, duration: 1 } } as object),
  });
  if (result.non2xx) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  // Requests still in flight when the window closed would queue ahead of the next measurement (PGlite runs
  // one statement at a time): wait until the server answers promptly again.
  await fetch(url);
  // The typings lack `totalCount` (answers the latency histogram holds); autocannon sets it.
  if (!(result.latency as { totalCount?: number }).totalCount)
    return { note: `no answer within the ${DURATION}s window` };
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average };
}

// ---- the SQL the API runs, alone ---------------------------------------------------------------------

const registry = new Registry(resources);
const orders = registry.require('orders') as AnyResource;
const ADMIN: Principal = { kind: 'admin', id: 1, role: 'super_admin' };

/** The page and capped-count statements of a list request, compiled exactly as the route builds them. */
function listStatements(db: Kysely<any>, query: Record<string, unknown>) {
  const access: ReadAccess = { mode: 'all' };
  const t = tableName(orders);
  const params = parseListQuery(orders, t, query, readable(orders, ADMIN, access));
  const conditions = [...scopeSql(registry, orders, access), ...params.conditions];
  const where = conditions.length ? sql<boolean>`${sql.join(conditions, sql` and `)}` : sql<boolean>`true`;
  return [pageQuery(orders, t, where, params, 1_000), cappedCountQuery(t, where, EXACT_LIMIT)].map((q) =>
    q.compile(db),
  );
}

type Compiled = CompiledQuery;

/** Runs the statements back to back (one "request") from `concurrency` workers for DURATION seconds. */
async function sqlAlone(run: (statement: Compiled) => Promise<unknown>, statements: Compiled[], concurrency: number) {
  const latencies: number[] = [];
  const end = Date.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        for (const statement of statements) await run(statement);
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { p50: at(0.5), p99: at(0.99), rps: latencies.length / DURATION };
}

async function measureSqlAlone(engine: Engine, target: { databaseUrl?: string; dataDir?: string }, cases: Case[]) {
  const database = await createDatabase(target);
  try {
    for (const c of cases.filter((c) => c.sql)) {
      const statements = c.sql!(database.db);
      for (const conns of engine === 'postgres' ? [1, 16] : [1]) {
        let result;
        if (engine === 'postgres') {
          const pool = new pg.Pool({ connectionString: target.databaseUrl, max: conns, options: PG_SESSION_OPTIONS });
          // Named as the app names them (a statement marked for custom plans runs unnamed: db/custom-plan.ts).
          const names = new StatementNames();
          result = await sqlAlone(
            (s) => pool.query({ name: names.nameOf(s.sql), text: s.sql, values: [...s.parameters] }),
            statements,
            conns,
          );
          await pool.end();
        } else {
          // PGlite is one in-process connection: no pool, no named statements to reuse.
          result = await sqlAlone((s) => database.db.executeQuery(s), statements, 1);
        }
        table.push({ engine, what: `${c.name} (SQL alone)`, conns, ...result });
        c.sqlP50 ??= {};
        c.sqlP50[conns] = result.p50;
        c.sqlRps ??= {};
        c.sqlRps[conns] = result.rps;
      }
    }
  } finally {
    await database.close();
  }
}

/**
 * The thin server's answers for the cases that have one: the floor the API's request path is held to (a filtered
 * first page ≥ 0.6× its req/s). It runs the list's page statement alone, without the count. getOne (≥ 0.8×) is
 * compared in alternating rounds over many ids instead (bench/request-path.ts).
 */
async function measureThin(databaseUrl: string, all: Case[]) {
  const server = await startThin(databaseUrl);
  try {
    for (const c of all.filter((c) => c.thin))
      for (const conns of [1, 16]) {
        log(`postgres: ${c.name} x${conns} (thin server)`);
        const result = await load(`${server.url}${c.thin}`, '', conns);
        table.push({
          engine: 'postgres',
          what: `${c.name} (thin server: the query alone over HTTP)`,
          conns,
          ...result,
        });
        c.thinRps ??= {};
        if (result.rps) c.thinRps[conns] = result.rps;
      }
  } finally {
    await server.stop();
  }
}

/** The thin server, answering the filtered first page's statement at `/page`. */
async function startThin(databaseUrl: string) {
  const database = await createDatabase({ databaseUrl });
  const [page] = listStatements(database.db, LIST_QUERY);
  await database.close();
  return startServer({
    entry: ['--import', 'tsx', 'bench/support/thin-server.ts'],
    healthPath: '/health',
    env: {
      DATABASE_URL: databaseUrl,
      PG_POOL_SIZE: '16',
      THIN_PAGE_SQL: page.sql,
      THIN_PAGE_PARAMS: JSON.stringify(page.parameters),
    },
  });
}

/**
 * The filtered first page at 16 connections against its floors in alternating rounds (each round in another order):
 * its SQL alone, the thin server and the API, so the three are compared at the same moments of the machine. The
 * single measurements above are minutes apart.
 */
async function alternateList(c: Case, databaseUrl: string, apiUrl: string, cookie: string) {
  const thin = await startThin(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 16, options: PG_SESSION_OPTIONS });
  const database = await createDatabase({ databaseUrl });
  const statements = c.sql!(database.db);
  await database.close();
  const names = new StatementNames();
  const contenders = [
    {
      name: 'SQL alone',
      run: async () =>
        sqlAlone(
          (s) => pool.query({ name: names.nameOf(s.sql), text: s.sql, values: [...s.parameters] }),
          statements,
          16,
        ),
    },
    { name: 'thin server', run: () => load(`${thin.url}${c.thin}`, '', 16) },
    { name: 'API', run: () => load(`${apiUrl}${c.path}`, cookie, 16) },
  ].map((contender) => ({ ...contender, rps: [] as number[] }));
  try {
    for (let r = 0; r < ROUNDS; r++) {
      for (let i = 0; i < contenders.length; i++) {
        const contender = contenders[(i + r) % contenders.length];
        log(`postgres: ${c.name} x16, round ${r + 1}/${ROUNDS}: ${contender.name}`);
        contender.rps.push((await contender.run()).rps ?? 0);
      }
    }
  } finally {
    await pool.end();
    await thin.stop();
  }
  const [sqlRps, thinRps] = contenders.map((contender) => median(contender.rps));
  for (const contender of contenders) {
    const rps = median(contender.rps);
    table.push({
      engine: 'postgres',
      what: `${c.name} (${contender.name}, alternating rounds)`,
      conns: 16,
      rps,
      note:
        `median of ${ROUNDS} rounds (${contender.rps.map(Math.round).join(', ')} req/s); ` +
        `${(rps / sqlRps).toFixed(2)}× SQL alone, ${(rps / thinRps).toFixed(2)}× thin`,
    });
  }
}

/** The filtered first page: ~100k cancelled orders, 25 rows by createdAt. */
const LIST_QUERY = { filter: JSON.stringify({ status: 'cancelled' }), range: '[0,24]' };

// ---- the cases -------------------------------------------------------------------------------------

interface Case {
  name: string;
  path: string;
  cookie?: 'admin' | 'partner';
  sql?: (db: Kysely<any>) => Compiled[];
  sqlP50?: Record<number, number>;
  sqlRps?: Record<number, number>;
  /** The same answer from the thin server (bench/support/thin-server.ts): the floor of the request path. */
  thin?: string;
  thinRps?: Record<number, number>;
}

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

function cases(): Case[] {
  return allCases().filter((c) => !ONLY || ONLY.some((part) => c.name.includes(part)));
}

function allCases(): Case[] {
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  const yearAndHalf = new Date(Date.now() - 548 * 86_400_000).toISOString().slice(0, 10);
  const list = LIST_QUERY;
  const searched = {
    filter: JSON.stringify({ status: 'completed', q: 'BK-12' }),
    sort: JSON.stringify(['total', 'DESC']),
    range: '[0,24]',
  };
  return [
    {
      name: 'list: filter (~100k rows), first page of 25 by createdAt',
      path: `/api/orders?filter=${q({ status: 'cancelled' })}&range=[0,24]`,
      sql: (db) => listStatements(db, list),
      thin: '/page',
    },
    {
      name: 'list: same, page 2,001 (keyset seek)',
      path: `/api/orders?filter=${q({ status: 'cancelled' })}&range=[50000,50024]`,
      sql: (db) => listStatements(db, { ...list, range: '[50000,50024]' }),
    },
    {
      name: 'getOne',
      path: '/api/orders/123457',
      sql: (db) => [sql`select * from orders where orders.id = ${123457}`.compile(db)],
    },
    { name: 'partner list (own orders)', path: '/api/orders?range=[0,24]', cookie: 'partner' },
    { name: 'status tab counts', path: '/api/orders/-/counts?field=status' },
    { name: 'dashboard: summary 30 days vs previous', path: `/api/stats/orders/summary?from=${monthAgo}&to=${today}` },
    {
      name: 'stats: series by month, 18 months',
      path: `/api/stats/orders/series?interval=month&from=${yearAndHalf}&to=${today}`,
    },
    {
      name: 'stats: by tour type, 18 months',
      path: `/api/stats/orders/by/serviceId.tourTypeId?from=${yearAndHalf}&to=${today}`,
    },
    { name: 'stats: status funnel, 18 months', path: `/api/stats/orders/funnel?from=${yearAndHalf}&to=${today}` },
    {
      name: 'stats: top partners by revenue, 18 months',
      path: `/api/stats/orders/by/partnerId?from=${yearAndHalf}&to=${today}`,
    },
    {
      name: 'stats: top services by revenue, 18 months',
      path: `/api/stats/orders/by/serviceId?from=${yearAndHalf}&to=${today}`,
    },
    {
      name: 'stats: refund rate by month, 18 months',
      path: `/api/stats/orders/rate/refundRate?interval=month&from=${yearAndHalf}&to=${today}`,
    },
    {
      name: 'dashboard: new partners 30 days vs previous',
      path: `/api/stats/partners/summary?from=${monthAgo}&to=${today}`,
    },
    {
      name: 'stats: partner revenue by month',
      path: `/api/stats/orders/series?interval=month&from=${yearAndHalf}&to=${today}`,
      cookie: 'partner',
    },
    {
      name: 'stats: partner refund rate by month',
      path: `/api/stats/orders/rate/refundRate?interval=month&from=${yearAndHalf}&to=${today}`,
      cookie: 'partner',
    },
    {
      name: 'list: search by part of an order code (trigram index)',
      path: `/api/orders?filter=${q({ q: '123457' })}&range=[0,24]`,
      sql: (db) => listStatements(db, { filter: JSON.stringify({ q: '123457' }), range: '[0,24]' }),
    },
    // Last: a broad search (~11k matches of 'BK-12', sorted by another column) is the heaviest list case.
    {
      name: 'list: filtered + sorted + searched',
      path: `/api/orders?filter=${q({ status: 'completed', q: 'BK-12' })}&sort=${q(['total', 'DESC'])}&range=[0,24]`,
      sql: (db) => listStatements(db, searched),
    },
  ];
}

// ---- one engine ------------------------------------------------------------------------------------

async function exportRun(engine: Engine, server: ChildServer, cookie: string) {
  const before = rssMb(server.child.pid!);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.child.pid!))), 50);
  const started = Date.now();
  const response = await fetch(`${server.url}/api/orders/-/export.csv`, { headers: { cookie } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  clearInterval(sampler);
  const seconds = (Date.now() - started) / 1000;
  table.push({
    engine,
    what: `CSV export of every order (${lines - 1} rows, ${(bytes / 1e6).toFixed(0)} MB)`,
    conns: 1,
    note: `${seconds.toFixed(1)} s, ${Math.round((lines - 1) / seconds)} rows/s, peak RSS +${(peak - before).toFixed(0)} MB`,
  });
}

async function runEngine(engine: Engine) {
  const demoBuffers = process.env.PGLITE_SHARED_BUFFERS;
  process.env.PGLITE_SHARED_BUFFERS ??= '128MB';
  try {
    await measureEngine(engine);
  } finally {
    if (demoBuffers === undefined) delete process.env.PGLITE_SHARED_BUFFERS;
    else process.env.PGLITE_SHARED_BUFFERS = demoBuffers;
  }
}

async function measureEngine(engine: Engine) {
  let target: { databaseUrl?: string; dataDir?: string };
  let cleanup = async () => {};
  if (engine === 'postgres') {
    let url = option('pg-url');
    if (!url) {
      const name = `lantern_bench_${Date.now().toString(36)}`;
      await runStatement(PG_SERVER, `create database "${name}"`);
      const u = new URL(PG_SERVER);
      u.pathname = `/${name}`;
      url = u.toString();
      log(`seeding ${ORDERS} orders into ${name}`);
      await seed({ databaseUrl: url });
      cleanup = () => runStatement(PG_SERVER, `drop database if exists "${name}" with (force)`);
    }
    target = { databaseUrl: url };
  } else {
    let dir = option('pglite-dir');
    if (!dir) {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-'));
      log(`seeding ${ORDERS} orders into ${dir}`);
      await seed({ dataDir: dir });
      const made = dir;
      cleanup = async () => fs.rmSync(made, { recursive: true, force: true });
    }
    target = { dataDir: dir };
  }
  try {
    // A reused database may come straight from a bulk load: fresh statistics and visibility map first.
    const prep = await createDatabase(target);
    await sql`vacuum analyze`.execute(prep.db);
    await prep.close();
    if (engine === 'postgres') {
      log('postgres: getOne against its floors, alternating rounds');
      const rows = await compareGetOne({
        databaseUrl: target.databaseUrl!,
        duration: DURATION,
        rounds: ROUNDS,
        connections: 16,
        ids: 2_000,
        log,
      });
      for (const row of rows) table.push({ engine, ...row });
      if (REQUEST_PATH_ONLY) return;
    }
    const all = cases();
    log(`${engine}: SQL alone`);
    await measureSqlAlone(engine, target, all);

    if (engine === 'postgres') await measureThin(target.databaseUrl!, all);

    const env: Record<string, string> =
      engine === 'postgres' ? { DATABASE_URL: target.databaseUrl!, PG_POOL_SIZE: '16' } : { DATA_DIR: target.dataDir! };
    if (engine === 'pglite') env.DATABASE_URL = '';
    // As `npm start` runs it: the bundle, the default request log (info) written to a file.
    await prepareServer(log);
    const logFile = path.join(os.tmpdir(), `lantern-bench-${engine}-${process.pid}.log`);
    const server = await startServer({
      env,
      entry: [SERVER_BUNDLE],
      unset: ['LOG_LEVEL'],
      stdout: fs.openSync(logFile, 'w'),
    });
    table.push({
      engine,
      what: `server start on ${ORDERS.toLocaleString('en')} orders`,
      conns: '-',
      note: `${server.startMs} ms, RSS ${rssMb(server.child.pid!).toFixed(0)} MB`,
    });
    try {
      const cookies = {
        admin: await loginAt(server.url, 'admin@example.com', 'Admin#2026'),
        partner: await loginAt(server.url, 'partner@example.com', 'Partner#2026'),
      };
      for (const c of all) {
        for (const conns of [1, 16]) {
          log(`${engine}: ${c.name} x${conns}`);
          const result = await load(`${server.url}${c.path}`, cookies[c.cookie ?? 'admin'], conns);
          const sqlP50 = c.sqlP50?.[conns] ?? c.sqlP50?.[1];
          const thinRps = c.thinRps?.[conns];
          const sqlRps = c.sqlRps?.[conns];
          const notes = [
            sqlP50 && result.p50 ? `API/SQL p50 ${(result.p50 / sqlP50).toFixed(2)}×` : '',
            sqlRps && result.rps ? `API/SQL req/s ${(result.rps / sqlRps).toFixed(2)}×` : '',
            thinRps && result.rps ? `API/thin req/s ${(result.rps / thinRps).toFixed(2)}×` : '',
          ].filter(Boolean);
          table.push({ engine, what: `${c.name} (API)`, conns, ...result, note: result.note ?? notes.join(', ') });
        }
      }
      if (engine === 'postgres')
        for (const c of all.filter((c) => c.thin))
          await alternateList(c, target.databaseUrl!, server.url, cookies[c.cookie ?? 'admin']);
      if (!flag('no-export')) {
        log(`${engine}: export`);
        await exportRun(engine, server, cookies.admin);
      }
      if (!flag('no-import')) {
        log(`${engine}: statement import`);
        const figures = await importRun(server);
        table.push({ engine, what: 'bank statement import (10,000 lines)', conns: 1, note: describeImport(figures) });
      }
      table.push({
        engine,
        what: 'server RSS after the run',
        conns: '-',
        note: `${rssMb(server.child.pid!).toFixed(0)} MB`,
      });
    } finally {
      await server.stop();
      fs.rmSync(logFile, { force: true });
    }
  } finally {
    await cleanup();
  }
}

function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * PGlite with the demo data only, started as `npm start` starts it (the bundle and the empty cluster its build
 * prepares): first start (migrate + seed) and a restart. RSS is read after the first login.
 */
async function coldStart() {
  await prepareServer(log);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-cold-'));
  try {
    for (const label of ['first start (migrate + demo data)', 'restart on existing data']) {
      const server = await startServer({ env: { DATA_DIR: dir, DATABASE_URL: '' }, entry: [SERVER_BUNDLE] });
      const cpu = cpuSeconds(server.child.pid!);
      await loginAt(server.url, 'admin@example.com', 'Admin#2026');
      const pid = server.child.pid!;
      table.push({
        engine: 'pglite',
        what: `demo data: ${label}`,
        conns: '-',
        note: `${server.startMs} ms to healthy (CPU ${cpu.toFixed(1)} s), RSS ${rssMb(pid).toFixed(0)} MB (peak ${peakRssMb(pid).toFixed(0)} MB)`,
      });
      await server.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function print(indexes: number[]) {
  const fmt = (n?: number) => (n === undefined ? '' : n < 10 ? n.toFixed(2) : n.toFixed(0));
  const lines = [
    `| engine | measurement | conns | p50 ms | p99 ms | req/s | note |`,
    `|---|---|---|---|---|---|---|`,
    ...table.map(
      (r) =>
        `| ${r.engine} | ${r.what} | ${r.conns} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.rps)} | ${r.note ?? ''} |`,
    ),
  ];
  console.log(
    `\nLantern bench (${new Date().toISOString().slice(0, 10)}): ${ORDERS.toLocaleString('en')} orders, ${DURATION}s per load point, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load average ${os.loadavg()[0].toFixed(1)}, CPU index ${indexes.join(' → ')} (Lighthouse's, before → after), node ${process.version}\n`,
  );
  console.log(lines.join('\n'));
  console.log(
    '\nTargets (PostgreSQL): list p50 <= 1.5x SQL alone; >= 1,000 req/s at 16 connections for a filtered first page; ' +
      'getOne >= 5,000 req/s; dashboard/stats p50 <= 200 ms; export RSS growth < 100 MB. PGlite demo: start <= 5 s, RSS <= 400 MB.',
  );
}

const coldOnly = flag('cold-only');
const indexBefore = await cpuIndex();
if (!coldOnly) for (const engine of ENGINES) await runEngine(engine);
if (coldOnly || (ENGINES.includes('pglite') && !flag('no-cold') && !REQUEST_PATH_ONLY)) await coldStart();
print([indexBefore, await cpuIndex()]);
// Holds expiring across two instances (about a minute): PostgreSQL only, skipped with --no-expiry.
if (!coldOnly && !REQUEST_PATH_ONLY && ENGINES.includes('postgres') && !flag('no-expiry'))
  console.log(`\n${await benchExpiry()}`);
