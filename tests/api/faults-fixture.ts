/**
 * Fixtures of the fault suites (SPEC §10; the cluster they stop and start is tests/support/pg-cluster.ts): servers
 * in process with the pool and limits a case needs, a session holding a row lock from outside, what PostgreSQL
 * says is waiting, and requests on connections of their own.
 */
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { createDatabase, type Database } from '../../src/server/db/db';
import { DEFAULT_LIMITS, type DatabaseLimits } from '../../src/server/db/limits';
import { NO_CLIENT_DIST } from '../support/no-client';

export interface FaultServer {
  baseUrl: string;
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** The real app in this process, over a pool of `poolSize` connections with these limits. */
export async function startFaultServer(
  url: string,
  options: { poolSize: number; limits?: Partial<DatabaseLimits> },
): Promise<FaultServer> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const database = await createDatabase({ databaseUrl: url, poolSize: options.poolSize, limits });
  const app = await buildApp({
    database,
    config: { production: false, distDir: NO_CLIENT_DIST, limits },
    auth: { loginLimits: { perEmail: 1000, perIp: 1000 } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A session of its own that locks rows (`select … for update`) until `release`. */
export async function holdLock(url: string, statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  await client.query(statement, values);
  return {
    async release() {
      await client.query('rollback');
      await client.end();
    },
  };
}

/** Sessions of the database that wait for a lock right now (what the pool has tied up behind a held row). */
export async function lockWaiters(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** Polls until `condition` holds (a state another process reaches), failing after `ms`. */
export async function until(condition: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A promise with a flag that says whether it has settled yet. */
export function tracked<T>(promise: Promise<T>): { promise: Promise<T>; settled: () => boolean } {
  let done = false;
  const settledPromise = promise.finally(() => (done = true));
  return { promise: settledPromise, settled: () => done };
}

export interface Answer {
  status: number;
  body: any;
  headers: http.IncomingHttpHeaders;
}

/**
 * One request on a connection of its own, so that a reset or a refused connection shows up as this request's
 * error code (`ECONNRESET`, `ECONNREFUSED`) instead of a pool's retry.
 */
export function send(
  baseUrl: string,
  method: string,
  url: string,
  options: { cookie?: string; language?: string; body?: unknown } = {},
): Promise<Answer> {
  const target = new URL(url, baseUrl);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: http.OutgoingHttpHeaders = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.language) headers['accept-language'] = options.language;
  if (payload) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: Number(target.port),
        path: `${target.pathname}${target.search}`,
        method,
        agent: false,
        headers,
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            // Not JSON.
          }
          resolve({ status: response.statusCode ?? 0, body, headers: response.headers });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    if (payload) request.write(payload);
    request.end();
  });
}

/** Error codes of requests that got no answer (a reset, a refused connection). */
export const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);
