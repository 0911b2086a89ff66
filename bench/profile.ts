/**
 * `npm run bench:profile`: where the server's CPU goes on the request path. The server bundle runs as `npm start`
 * runs it (default `info` request log, written to a file) under `node --cpu-prof`, on an already seeded PostgreSQL
 * database, and autocannon loads one route at a time: getOne over random ids, then the filtered first page of
 * orders. Each load gets a server (and a profile) of its own; the top of each profile by self time is printed as a
 * Markdown table, by function and by package.
 *
 *   npm run bench:profile -- --pg-url postgres://postgres@127.0.0.1:5432/lantern_bench   # seeded: db:seed -- --orders N
 *   npm run bench:profile -- --pg-url … --duration 10 --top 20 --keep /tmp/profiles
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { prepareServer, SERVER_BUNDLE } from '../src/server/cli/build-server';
import { loginAt } from '../tests/support/server-process';
import { randomIds } from './request-path';
import { ROOT, startServer } from './support/server';
import { option } from './support/args';

const PG_URL = option('pg-url') ?? process.env.BENCH_PG_URL;
const DURATION = Number(option('duration') ?? '10');
const TOP = Number(option('top') ?? '15');
const KEEP = option('keep');
const log = (line: string) => console.error(`[profile] ${line}`);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  /** Microseconds. */
  endTime: number;
}

/** Where a frame's code lives: a package, Node itself, Lantern (the bundle or a source file), or V8's own. */
function owner(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1];
  if (url.startsWith('node:')) return 'node (internals)';
  return 'lantern';
}

function shortUrl(url: string): string {
  if (!url) return '';
  const inModules = /node_modules\/(.*)$/.exec(url);
  if (inModules) return inModules[1];
  return url.startsWith('file://') ? path.relative(ROOT, new URL(url).pathname) : url;
}

/**
 * Self time by function and by owner, in ms and as a share of the busy (non-idle) time, over the last `lastMs` of
 * the profile (the load and the stop: the start-up's module loading is left out).
 */
export function summarize(profile: CpuProfile, top: number, lastMs = Infinity): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  let at = profile.endTime;
  for (let i = profile.samples.length - 1; i >= 0 && profile.endTime - at <= lastMs * 1000; i--) {
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    at -= profile.timeDeltas[i] ?? 0;
  }
  const byFunction = new Map<string, number>();
  const byOwner = new Map<string, number>();
  let busy = 0;
  for (const [id, ms] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    busy += ms;
    const key = `${functionName || '(anonymous)'} | ${shortUrl(url)}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
    const who = owner(url, functionName);
    byOwner.set(who, (byOwner.get(who) ?? 0) + ms);
  }
  const share = (ms: number) => `${((100 * ms) / busy).toFixed(1)}%`;
  const rows = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, ms]) => `| ${key} | ${ms.toFixed(0)} | ${share(ms)} |`);
  return [
    `${(busy / 1000).toFixed(1)} s of CPU busy in the last ${(Math.min(lastMs, 1e9) / 1000).toFixed(1)} s (the load and the stop)`,
    '',
    '| function | where | self ms | share |',
    '|---|---|---|---|',
    ...rows(byFunction),
    '',
    '| package | self ms | share |',
    '|---|---|---|',
    ...[...byOwner]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([who, ms]) => `| ${who} | ${ms.toFixed(0)} | ${share(ms)} |`),
  ].join('\n');
}

interface Load {
  name: string;
  path: (next: () => number) => string;
}

async function profileLoad(load: Load, ids: number[], dir: string) {
  const profileDir = fs.mkdtempSync(path.join(dir, 'cpu-'));
  const server = await startServer({
    entry: ['--cpu-prof', '--cpu-prof-dir', profileDir, SERVER_BUNDLE],
    env: { DATABASE_URL: PG_URL!, PG_POOL_SIZE: '16', SHUTDOWN_DELAY_MS: '0' },
    // `npm start` sets no LOG_LEVEL: the server's default (info) logs every request, here to a file.
    unset: ['LOG_LEVEL'],
    stdout: fs.openSync(path.join(profileDir, 'server.log'), 'a'),
  });
  let rps = 0;
  let loadStarted = 0;
  try {
    const cookie = await loginAt(server.url, 'admin@example.com', 'Admin#2026');
    let n = 0;
    const next = () => ids[n++ % ids.length];
    loadStarted = Date.now();
    const result = await autocannon({
      url: server.url,
      connections: 16,
      duration: DURATION,
      headers: { cookie },
      requests: [{ setupRequest: (request) => ({ ...request, path: load.path(next) }) }],
    });
    if (result.non2xx) throw new Error(`${load.name}: ${result.non2xx} non-2xx answers`);
    rps = result.requests.average;
  } finally {
    await server.stop();
  }
  const windowMs = Date.now() - loadStarted;
  const file = fs.readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`${load.name}: the server wrote no profile`);
  const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
  return { rps, profile, windowMs, file: path.join(profileDir, file) };
}

async function main() {
  if (!PG_URL) throw new Error('--pg-url (a database seeded with `npm run db:seed -- --orders N`) is required');
  await prepareServer(log);
  const ids = await randomIds(PG_URL, 2_000);
  const filter = encodeURIComponent(JSON.stringify({ status: 'cancelled' }));
  const loads: Load[] = [
    { name: 'getOne, 2,000 random ids', path: (next) => `/api/orders/${next()}` },
    { name: 'list: filter, first page of 25', path: () => `/api/orders?filter=${filter}&range=[0,24]` },
  ];
  const dir = KEEP ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-profile-'));
  fs.mkdirSync(dir, { recursive: true });
  const out: string[] = [];
  try {
    for (const load of loads) {
      log(`${load.name}: ${DURATION} s at 16 connections`);
      const { rps, profile, windowMs, file } = await profileLoad(load, ids, dir);
      out.push(
        `### ${load.name}: ${Math.round(rps)} req/s under the profiler`,
        '',
        summarize(profile, TOP, windowMs),
        '',
      );
      if (KEEP) log(`profile kept: ${file}`);
    }
  } finally {
    if (!KEEP) fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `\nLantern profile (${new Date().toISOString().slice(0, 16)}Z): ${DURATION}s per load, 16 connections, ` +
      `${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}, node ${process.version}\n`,
  );
  console.log(out.join('\n'));
}

await main();
