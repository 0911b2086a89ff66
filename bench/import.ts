/**
 * `npm run bench:import`: a 10,000-line bank statement imported through the API, on a fresh demo database, in a
 * server process of its own: the time of the request and how the server's resident memory moves (before, peak
 * while it runs, after), then the same file again (every line skipped). `npm run bench` runs the same
 * measurement on its seeded server.
 *
 *   npm run bench:import                     # PGlite, in a temporary DATA_DIR
 *   npm run bench:import -- --lines 20000
 *   npm run bench:import -- --pg-url postgres://postgres@127.0.0.1:5432/lantern_bench   # an empty database
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { statementCsv, type StatementEntry } from '../resources/demo/statement';
import { loginAt } from '../tests/support/server-process';
import { rssMb, startServer, type ChildServer } from './support/server';
import { option } from './support/args';

export interface ImportFigures {
  lines: number;
  bytes: number;
  ms: number;
  repeatMs: number;
  rssBefore: number;
  rssPeak: number;
  rssAfter: number;
  matched: number;
  unmatched: number;
  skipped: number;
}

/**
 * The statement: a line paying each demo order waiting for payment (up to a tenth of the lines), the rest
 * transfers the inbox keeps for finance (no order code, or a code no order has).
 */
async function statement(url: string, cookie: string, lines: number): Promise<string> {
  const query = `filter=${encodeURIComponent('{"status":"pending_payment"}')}&range=${encodeURIComponent(`[0,${Math.floor(lines / 10) - 1}]`)}`;
  const response = await fetch(`${url}/api/orders?${query}`, { headers: { cookie } });
  const orders = ((await response.json()) as { code: string; total: number; currency: string }[]).filter((o) =>
    /^LT-/.test(o.code),
  );
  const day = new Date().toISOString().slice(0, 10);
  const entries: StatementEntry[] = orders.map((order, i) => ({
    date: day,
    amount: order.total,
    currency: order.currency,
    reference: `Booking ${order.code}`,
    transactionId: `BENCH-${Date.now()}-P${i}`,
  }));
  for (let i = entries.length; i < lines; i++)
    entries.push({
      date: day,
      amount: 100_000 + (i % 97) * 1000,
      currency: 'LAK',
      reference: i % 2 ? `TRANSFER FROM CUSTOMER ${i}` : `Booking LT-${String(i).padStart(8, 'Z')}`,
      transactionId: `BENCH-${Date.now()}-U${i}`,
    });
  return statementCsv(entries);
}

async function send(url: string, cookie: string, csv: string) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'statement.csv');
  const started = performance.now();
  const response = await fetch(`${url}/api/incoming-payments/-/import`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  const body = (await response.json()) as Record<string, unknown[]> & { message?: string };
  if (response.status !== 200) throw new Error(`import: ${response.status} ${body.message}`);
  return { ms: performance.now() - started, body };
}

/** Imports a `lines`-line statement into a running server as finance, twice; RSS sampled every 50 ms. */
export async function importRun(server: ChildServer, lines = 10_000): Promise<ImportFigures> {
  const pid = server.child.pid!;
  const cookie = await loginAt(server.url, 'finance@example.com', 'Admin#2026');
  const csv = await statement(server.url, cookie, lines);
  const rssBefore = rssMb(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(pid))), 50);
  try {
    const first = await send(server.url, cookie, csv);
    const rssAfter = rssMb(pid);
    const again = await send(server.url, cookie, csv);
    if (again.body.skipped.length !== lines)
      throw new Error(`repeat: ${again.body.skipped.length} of ${lines} skipped`);
    return {
      lines,
      bytes: Buffer.byteLength(csv),
      ms: first.ms,
      repeatMs: again.ms,
      rssBefore,
      rssPeak,
      rssAfter,
      matched: first.body.matched.length,
      unmatched: first.body.unmatched.length,
      skipped: first.body.skipped.length,
    };
  } finally {
    clearInterval(sampler);
  }
}

export function describeImport(f: ImportFigures): string {
  return (
    `${f.lines.toLocaleString('en')} lines (${(f.bytes / 1e6).toFixed(2)} MB): ${(f.ms / 1000).toFixed(1)} s ` +
    `(${f.matched} matched, ${f.unmatched} unmatched, ${f.skipped} skipped); same file again ${(f.repeatMs / 1000).toFixed(1)} s ` +
    `(all skipped); RSS ${f.rssBefore.toFixed(0)} MB before, peak ${f.rssPeak.toFixed(0)} MB ` +
    `(+${(f.rssPeak - f.rssBefore).toFixed(0)} MB), ${f.rssAfter.toFixed(0)} MB after`
  );
}

async function main() {
  const lines = Number((option('lines') ?? '10000').replace(/_/g, ''));
  const pgUrl = option('pg-url');
  const dir = pgUrl ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-import-'));
  const env: Record<string, string> = pgUrl ? { DATABASE_URL: pgUrl } : { DATA_DIR: dir!, DATABASE_URL: '' };
  const server = await startServer({ env });
  try {
    const figures = await importRun(server, lines);
    console.log(
      `\nLantern statement import (${pgUrl ? 'postgres' : 'pglite'}, demo data, ${os.cpus().length} CPUs, node ${process.version})\n`,
    );
    console.log(describeImport(figures));
  } finally {
    await server.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
