/**
 * `npm run bench:faults`: SPEC §10's three cases, measured on a PostgreSQL cluster of the script's own
 * (started, stopped and restarted here; the shared server is never touched), against the real server process.
 *
 *   npm run bench:faults                       # all three cases against this checkout
 *   npm run bench:faults -- --root /path/to/checkout   # the server of another checkout (e.g. main, for "before")
 *   npm run bench:faults -- --only hot|outage|cold
 *
 * 1. hot row: one tour-types row locked from another connection for 30 s, 24 edits of it sent at once, then a
 *    list of orders: how long the list takes, and what the edits answer and when.
 * 2. outage: a mixed read/write load; PostgreSQL stopped for about 5 s and started again: requests by status,
 *    what /api/health answered meanwhile, how soon the process served again, stack traces in its log.
 * 3. cold start: the server started while PostgreSQL is away, which arrives 12 s after the process is up:
 *    whether it stays up, what live and ready answer meanwhile, how soon it serves once the database is there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, seededDatabase, startCluster, type PgCluster } from '../tests/support/pg-cluster';
import { loginAt } from '../tests/support/server-process';
import { option } from './support/args';

const HERE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(option('root') ?? HERE);
const ONLY = option('only');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Server {
  baseUrl: string;
  child: ChildProcess;
  log(): string;
  exited: Promise<number | string>;
}

function startServer(databaseUrl: string, port: number): Server {
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      DIST_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { baseUrl: `http://127.0.0.1:${port}`, child, log: () => log, exited };
}

async function status(url: string, init: RequestInit = {}): Promise<number | 'ERR'> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'ERR';
  }
}

async function untilHealthy(server: Server, deadlineMs = 300_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if ((await status(`${server.baseUrl}/api/health`)) === 200) return;
    await sleep(200);
  }
  throw new Error(`server not ready:\n${server.log()}`);
}

const countBy = (values: (number | string)[]) =>
  Object.entries(values.reduce<Record<string, number>>((acc, v) => ({ ...acc, [v]: (acc[v] ?? 0) + 1 }), {}))
    .map(([k, n]) => `${k}: ${n}`)
    .join(', ');
/** The server's log lines that match, as messages (pino's JSON lines, or plain text). */
const logLines = (log: string, pattern: RegExp) =>
  log
    .split('\n')
    .filter((line) => pattern.test(line))
    .map((line) => {
      try {
        return (JSON.parse(line) as { msg: string }).msg;
      } catch {
        return line;
      }
    });
const stacks = (log: string) => log.split('\n').filter((line) => line.includes('"stack"')).length;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function hotRow(cluster: PgCluster) {
  const url = await seededDatabase(cluster, 'hot');
  const server = startServer(url, await freePort());
  try {
    await untilHealthy(server);
    const admin = await loginAt(server.baseUrl, 'admin@example.com', 'Admin#2026');
    const headers = { cookie: admin, 'content-type': 'application/json' };
    const record = await (await fetch(`${server.baseUrl}/api/tour-types/1`, { headers })).json();
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    await locker.query('begin');
    await locker.query('select * from tour_types where id = 1 for update');
    // Held for 30 s: far past the 5 s lock limit, so every edit must give up on its own.
    const released = sleep(30_000).then(() => locker.query('rollback'));
    const started = Date.now();
    const edits = Array.from({ length: 24 }, (_, i) =>
      status(`${server.baseUrl}/api/tour-types/1`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ ...record, sortOrder: 100 + i }),
      }).then((code) => ({ code, ms: Date.now() - started })),
    );
    await sleep(500);
    const listStart = Date.now();
    const list = await status(`${server.baseUrl}/api/orders?range=[0,24]`, { headers });
    const listMs = Date.now() - listStart;
    const answers = await Promise.all(edits);
    await released;
    await locker.end();
    console.log('\n## 1. Hot row: tour-types 1 locked for 30 s, 24 edits, then GET /api/orders');
    console.log(`orders list: ${list} in ${s(listMs)}`);
    const times = answers.map((a) => a.ms).sort((a, b) => a - b);
    console.log(
      `edits: ${countBy(answers.map((a) => a.code))}; answered after ${s(times[0])} (first), ${s(times[times.length >> 1])} (median), ${s(times[times.length - 1])} (last)`,
    );
  } finally {
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

async function outage(cluster: PgCluster) {
  const url = await seededDatabase(cluster, 'outage');
  const server = startServer(url, await freePort());
  try {
    await untilHealthy(server);
    const user = await loginAt(server.baseUrl, 'user@example.com', 'User#2026');
    const admin = await loginAt(server.baseUrl, 'admin@example.com', 'Admin#2026');
    const partner = await loginAt(server.baseUrl, 'partner@example.com', 'Partner#2026');
    const services = await (
      await fetch(`${server.baseUrl}/api/services?filter={"status":"approved"}`, { headers: { cookie: partner } })
    ).json();
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const schedule = await (
      await fetch(`${server.baseUrl}/api/schedules`, {
        method: 'POST',
        headers: { cookie: partner, 'content-type': 'application/json' },
        body: JSON.stringify({ serviceId: services[0].id, startDate: day(40), endDate: day(41), capacity: 1000 }),
      })
    ).json();
    const stacksBefore = stacks(server.log());
    const codes: (number | string)[] = [];
    const health: (number | string)[] = [];
    let firstOkAfterStart: number | undefined;
    const restart = { at: 0 };
    let running = true;
    const worker = async (n: number) => {
      for (let i = 0; running; i++) {
        const kind = (n + i) % 3;
        const code =
          kind === 0
            ? await status(`${server.baseUrl}/api/orders?range=[0,24]`, { headers: { cookie: admin } })
            : kind === 1
              ? await status(`${server.baseUrl}/api/services/${services[i % services.length].id}`, {
                  headers: { cookie: partner },
                })
              : await status(`${server.baseUrl}/api/orders`, {
                  method: 'POST',
                  headers: { cookie: user, 'content-type': 'application/json' },
                  body: JSON.stringify({ scheduleId: schedule.id, quantity: 1 }),
                });
        codes.push(code);
        if (restart.at && !firstOkAfterStart && typeof code === 'number' && code < 300)
          firstOkAfterStart = Date.now() - restart.at;
      }
    };
    const checker = async () => {
      while (running) {
        health.push(await status(`${server.baseUrl}/api/health`));
        await sleep(250);
      }
    };
    const load = Promise.all([...Array.from({ length: 8 }, (_, n) => worker(n)), checker()]);
    await sleep(3_000);
    const stoppedAt = Date.now();
    await cluster.stop();
    await sleep(Math.max(0, 5_000 - (Date.now() - stoppedAt)));
    await cluster.start();
    restart.at = Date.now();
    const down = s(restart.at - stoppedAt);
    await sleep(5_000);
    running = false;
    await load;
    console.log(`\n## 2. Outage: PostgreSQL stopped for ${down} under a mixed load (8 clients)`);
    console.log(`requests: ${codes.length} (${countBy(codes)})`);
    console.log(`/api/health meanwhile: ${countBy(health)}`);
    console.log(
      `first 2xx after the database was back: ${firstOkAfterStart === undefined ? 'never' : s(firstOkAfterStart)}`,
    );
    console.log(`stack traces in the log during the outage: ${stacks(server.log()) - stacksBefore}`);
    const lines = logLines(server.log(), /database|PostgreSQL/);
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      console.log(`the server process died during the run (${server.child.exitCode ?? server.child.signalCode}):`);
      console.log(
        server
          .log()
          .split('\n')
          .filter((line) => !/"(incoming request|request completed)"/.test(line))
          .slice(-15)
          .join('\n'),
      );
    }
    console.log(`outage log lines (${lines.length}):`);
    for (const line of lines.slice(0, 12)) console.log(`  ${line.slice(0, 160)}`);
  } finally {
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

async function coldStart(cluster: PgCluster) {
  const url = await seededDatabase(cluster, 'cold');
  await cluster.stop();
  const server = startServer(url, await freePort());
  const live: (number | string)[] = [];
  const ready: (number | string)[] = [];
  const api: (number | string)[] = [];
  let exit: number | string | undefined;
  void server.exited.then((code) => (exit = code));
  // Until the process answers at all (tsx compiles the sources first: slow on a busy machine), or exits.
  const t0 = Date.now();
  while (exit === undefined && Date.now() - t0 < 180_000) {
    if ((await status(`${server.baseUrl}/api/health/live`)) === 200) break;
    await sleep(250);
  }
  // Then 12 s more without the database: one "still unavailable" line is due after 10 s.
  const t1 = Date.now();
  while (Date.now() - t1 < 12_000 && exit === undefined) {
    live.push(await status(`${server.baseUrl}/api/health/live`));
    ready.push(await status(`${server.baseUrl}/api/health`));
    api.push(await status(`${server.baseUrl}/api/tour-types`));
    await sleep(500);
  }
  const arrived = Date.now();
  await cluster.start();
  let servedAfter: number | undefined;
  while (exit === undefined && Date.now() - arrived < 60_000) {
    if ((await status(`${server.baseUrl}/api/health`)) === 200) {
      servedAfter = Date.now() - arrived;
      break;
    }
    await sleep(100);
  }
  console.log(
    '\n## 3. Cold start: the server started with PostgreSQL away, which arrives 12 s after the process is up',
  );
  console.log(`process: ${exit === undefined ? 'stayed up' : `exited (${exit})`}`);
  console.log(
    `meanwhile: /api/health/live ${countBy(live)}; /api/health ${countBy(ready)}; /api/tour-types ${countBy(api)}`,
  );
  console.log(`serving after the database arrived: ${servedAfter === undefined ? 'never' : s(servedAfter)}`);
  const lines = logLines(server.log(), /database/);
  console.log(`log lines about the database (${lines.length}):`);
  for (const line of lines.slice(0, 8)) console.log(`  ${line.slice(0, 160)}`);
  if (exit !== undefined) console.log(server.log().split('\n').slice(0, 3).join('\n'));
  server.child.kill('SIGKILL');
  await server.exited;
}

const cluster = await startCluster();
try {
  console.log(`# Faults, server of ${ROOT}`);
  if (!ONLY || ONLY === 'hot') await hotRow(cluster);
  if (!ONLY || ONLY === 'outage') await outage(cluster);
  if (!ONLY || ONLY === 'cold') await coldStart(cluster);
} finally {
  await cluster.destroy();
}
