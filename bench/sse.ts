/**
 * `npm run bench:sse`: live screens (SPEC §8) at 500 open streams on one instance. The server runs as a process of
 * its own (PGlite with demo data in a temporary DATA_DIR, or `-- --database-url postgres://…`); this script opens
 * the streams as a moderator, reads the server's resident memory before and after, then makes changes through the
 * API and times each change from the request to its arrival on every stream. Figures only.
 *
 *   npm run bench:sse                          # 500 streams, 5 changes
 *   npm run bench:sse -- --streams 1000 --changes 10
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { rssMb, startServer } from './support/server';
import { loginAt } from '../tests/support/server-process';
import { option } from './support/args';

const STREAMS = Number(option('streams') ?? '500');
const CHANGES = Number(option('changes') ?? '5');
const DATABASE_URL = option('database-url') ?? '';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Reader {
  /** Resolves with the arrival time (performance.now) of the next event that names this id and version. */
  waitFor(id: number, version: number): Promise<number>;
  close(): void;
}

/** One stream over plain http (no fetch machinery per stream), parsed just enough to spot the awaited event. */
function openStream(url: string, cookie: string): Promise<Reader> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}/api/events`, { headers: { cookie, accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
      let buffer = '';
      let wanted: { needle: string; resolve: (at: number) => void } | undefined;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        if (wanted && buffer.includes(wanted.needle)) {
          const done = wanted;
          wanted = undefined;
          buffer = '';
          done.resolve(at);
        } else if (!wanted) buffer = buffer.slice(-512);
      });
      resolve({
        waitFor: (id, version) =>
          new Promise<number>((done) => {
            const needle = `"id":${id},"action":"update","version":${version}}`;
            if (buffer.includes(needle)) return done(performance.now());
            wanted = { needle, resolve: done };
          }),
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-sse-'));
  const server = await startServer({
    env: {
      ...(DATABASE_URL ? { DATABASE_URL } : { DATA_DIR: dataDir }),
      EVENT_STREAMS_PER_SESSION: String(STREAMS),
      EVENT_STREAM_OPENS_PER_10S: String(STREAMS),
    },
  });
  const readers: Reader[] = [];
  try {
    const cookie = await loginAt(server.url, 'moderator@example.com', 'Admin#2026');
    const origin = { cookie, origin: server.url, 'content-type': 'application/json' };
    const [row] = (await (await fetch(`${server.url}/api/tour-types?range=[0,0]`, { headers: { cookie } })).json()) as {
      id: number;
    }[];
    // Warm up the routes and the session before the memory is read.
    for (let i = 0; i < 20; i++) await fetch(`${server.url}/api/tour-types/${row.id}`, { headers: { cookie } });
    await sleep(1_000);
    const before = rssMb(server.child.pid!);
    for (let i = 0; i < STREAMS; i += 50)
      readers.push(
        ...(await Promise.all(Array.from({ length: Math.min(50, STREAMS - i) }, () => openStream(server.url, cookie)))),
      );
    await sleep(1_000);
    const after = rssMb(server.child.pid!);

    const delays: number[] = [];
    for (let change = 0; change < CHANGES; change++) {
      const current = (await (
        await fetch(`${server.url}/api/tour-types/${row.id}`, { headers: { cookie } })
      ).json()) as {
        version: number;
        sortOrder: number;
      };
      const version = current.version + 1;
      const arrivals = readers.map((reader) => reader.waitFor(row.id, version));
      const sent = performance.now();
      const answer = await fetch(`${server.url}/api/tour-types/${row.id}`, {
        method: 'PATCH',
        headers: origin,
        body: JSON.stringify({ sortOrder: current.sortOrder + 1, version: current.version }),
      });
      if (!answer.ok) throw new Error(`change answered ${answer.status}: ${await answer.text()}`);
      for (const at of await Promise.all(arrivals)) delays.push(at - sent);
      await sleep(200);
    }
    delays.sort((a, b) => a - b);
    const engine = DATABASE_URL ? 'postgres' : 'pglite';
    console.log(`\nLive event streams (${engine}, one instance, ${STREAMS} streams, ${CHANGES} changes)\n`);
    console.log('| figure | value |');
    console.log('|---|---|');
    console.log(`| server RSS before the streams | ${before.toFixed(1)} MB |`);
    console.log(`| server RSS with ${STREAMS} streams | ${after.toFixed(1)} MB |`);
    console.log(
      `| RSS added | ${(after - before).toFixed(1)} MB (${(((after - before) * 1024) / STREAMS).toFixed(1)} KB per stream) |`,
    );
    console.log(`| change → every stream, p50 | ${percentile(delays, 0.5).toFixed(1)} ms |`);
    console.log(`| change → every stream, p95 | ${percentile(delays, 0.95).toFixed(1)} ms |`);
    console.log(`| change → every stream, max | ${delays[delays.length - 1].toFixed(1)} ms |`);
  } finally {
    readers.forEach((reader) => reader.close());
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
