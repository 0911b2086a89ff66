/**
 * What Lantern's request path costs on a read of one record (getOne), against floors that do only the query,
 * measured fairly: every server runs at once on the same database, the load alternates between them round after
 * round (each round in another order), every request names one of the same random ids, and the median of the
 * rounds is printed. One round per server, at different moments, over one id, was a comparison of the machine's
 * moments rather than of the servers (on a shared machine a 5 s window swings by a quarter).
 *
 *   - `npm start`: the server bundle as `npm start` runs it, default logging (a line per request, `info`) written
 *     to a log file as a service manager would keep it;
 *   - quiet log: the same with `LOG_LEVEL=warn`;
 *   - thin server (bench/support/thin-server.ts): Fastify, Lantern's pool settings and named statement, no session,
 *     no access check;
 *   - bare Fastify + pg (bench/support/bare-server.ts): the query and nothing else.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { prepareServer, SERVER_BUNDLE } from '../src/server/cli/build-server';
import { cpuSeconds, median } from './support/measure';
import { startServer, type ChildServer } from './support/server';
import { loginAt } from '../tests/support/server-process';

/** Seconds of load each server gets before the rounds. */
const WARM_UP_SECONDS = 5;

const signInAdmin = (url: string) => loginAt(url, 'admin@example.com', 'Admin#2026');

export interface RequestPathOptions {
  databaseUrl: string;
  /** Seconds per round per server. */
  duration: number;
  rounds: number;
  connections: number;
  ids: number;
  log: (line: string) => void;
}

interface Contender {
  name: string;
  server: ChildServer;
  /** The path of one record, by id. */
  path: (id: number) => string;
  cookie: string;
  rps: number[];
  p50: number[];
  p99: number[];
  /** The server process's CPU time per answered request, in µs, per round. */
  cpu: number[];
}

/** `count` order ids of the bench's database, in random order. */
export async function randomIds(databaseUrl: string, count: number): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('select id from orders order by random() limit $1', [count]);
    return rows.map((row) => Number(row.id));
  } finally {
    await client.end();
  }
}

/** One round of load on one server: every connection walks the same ids, each from its own offset. */
async function round(contender: Contender, ids: number[], options: RequestPathOptions, duration = options.duration) {
  let next = 0;
  const cpuBefore = cpuSeconds(contender.server.child.pid!);
  const result = await autocannon({
    url: contender.server.url,
    connections: options.connections,
    duration,
    headers: { cookie: contender.cookie },
    requests: [{ setupRequest: (request) => ({ ...request, path: contender.path(ids[next++ % ids.length]) }) }],
  });
  if (result.non2xx) throw new Error(`${contender.name}: ${result.non2xx} non-2xx answers`);
  contender.cpu.push(((cpuSeconds(contender.server.child.pid!) - cpuBefore) * 1e6) / result.requests.total);
  contender.rps.push(result.requests.average);
  contender.p50.push(result.latency.p50);
  contender.p99.push(result.latency.p99);
}

/** The rows for the bench's table: median req/s and p50 per server, and each one's ratio to the floors. */
export async function compareGetOne(options: RequestPathOptions) {
  await prepareServer(options.log);
  const ids = await randomIds(options.databaseUrl, options.ids);
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-request-path-'));
  const pool = { DATABASE_URL: options.databaseUrl, PG_POOL_SIZE: '16' };
  const contenders: Contender[] = [];
  try {
    const lantern = async (name: string, env: Record<string, string>, unset: string[] = []) => {
      const server = await startServer({
        entry: [SERVER_BUNDLE],
        env: { ...pool, ...env },
        unset,
        stdout: fs.openSync(path.join(logDir, `${name.replace(/\W+/g, '-')}.log`), 'a'),
      });
      contenders.push({
        name,
        server,
        path: (id) => `/api/orders/${id}`,
        cookie: await signInAdmin(server.url),
        rps: [],
        p50: [],
        p99: [],
        cpu: [],
      });
    };
    // `npm start` sets no LOG_LEVEL: the server's default (info) logs every request.
    await lantern('API as `npm start` runs it (request log on)', {}, ['LOG_LEVEL']);
    await lantern('API, LOG_LEVEL=warn', { LOG_LEVEL: 'warn' });
    for (const [name, file] of [
      ['thin server (bench/support/thin-server.ts)', 'thin-server.ts'],
      ['bare Fastify + pg (bench/support/bare-server.ts)', 'bare-server.ts'],
    ]) {
      const server = await startServer({
        entry: ['--import', 'tsx', `bench/support/${file}`],
        healthPath: '/health',
        env: pool,
      });
      contenders.push({ name, server, path: (id) => `/orders/${id}`, cookie: '', rps: [], p50: [], p99: [], cpu: [] });
    }
    // Each server's JIT and pool warm up on the route first, left out of the figures: the rounds compare steady states.
    for (const contender of contenders) {
      options.log(`getOne warm-up: ${contender.name}`);
      await round(contender, ids, options, WARM_UP_SECONDS);
      contender.rps.length = contender.p50.length = contender.p99.length = contender.cpu.length = 0;
    }
    for (let r = 0; r < options.rounds; r++) {
      // Each round starts with another server, so none always runs first (or last) in the machine's cycle.
      const order = contenders.map((_, i) => contenders[(i + r) % contenders.length]);
      for (const contender of order) {
        options.log(`getOne round ${r + 1}/${options.rounds}: ${contender.name}`);
        await round(contender, ids, options);
      }
    }
  } finally {
    for (const contender of contenders) await contender.server.stop();
    fs.rmSync(logDir, { recursive: true, force: true });
  }
  const thin = median(contenders[2].rps);
  const bare = median(contenders[3].rps);
  return contenders.map((contender) => ({
    what: `getOne, ${options.ids.toLocaleString('en')} random ids: ${contender.name}`,
    conns: options.connections,
    p50: median(contender.p50),
    p99: median(contender.p99),
    rps: median(contender.rps),
    note:
      `median of ${options.rounds} alternating rounds (${contender.rps.map((rps) => Math.round(rps)).join(', ')} req/s); ` +
      `${(median(contender.rps) / thin).toFixed(2)}× thin, ${(median(contender.rps) / bare).toFixed(2)}× bare; ` +
      `server CPU ${Math.round(median(contender.cpu))} µs a request (${contender.cpu.map((us) => Math.round(us)).join(', ')})`,
  }));
}
