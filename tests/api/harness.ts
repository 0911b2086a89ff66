/**
 * A real Lantern server for API tests: `buildApp` over PGlite in memory, or over a fresh database on the
 * PostgreSQL server of TEST_DATABASE_URL (created here, dropped on close), listening on a random port.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import type { AnyResource } from '../../src/core/resource';
import { buildApp, type AppOptions } from '../../src/server/app';
import { createDatabase, type Database, type Engine } from '../../src/server/db/db';
import { diffSchemas } from '../../src/server/db/diff';
import { migrate } from '../../src/server/db/migrate';
import { deriveSchema } from '../../src/server/db/schema';
import { seedDemo } from '../../resources/demo/demo';
import { NO_CLIENT_DIST } from '../support/no-client';

export interface TestServerOptions {
  engine: Engine;
  /** `small`: the demo seed's small data set (product resources only); `none`: empty tables. */
  seed?: 'small' | 'none';
  /** Test-only resource configs; their schema is derived and migrated on the fly. Default: the product's. */
  resources?: readonly AnyResource[];
  /** Runs on the migrated database before the server starts (accounts, fixtures). */
  setup?: (db: Kysely<any>) => Promise<void>;
  auth?: AppOptions['auth'];
  /** Server settings for this test server (e.g. a low exact-count limit). */
  config?: AppOptions['config'];
}

export interface TestServer {
  baseUrl: string;
  app: FastifyInstance;
  database: Database;
  db: Kysely<any>;
  engine: Engine;
  /** The PostgreSQL database's URL (a second instance can share it); undefined on PGlite. */
  databaseUrl?: string;
  /** Signs in and answers the `Cookie` header value of the session. */
  login(email: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export const POSTGRES_URL = process.env.TEST_DATABASE_URL;

/** The engines every API suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const ENGINES: Engine[] = POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];

/** Runs a suite once per engine. */
export function describeEachEngine(name: string, suite: (engine: Engine) => void): void {
  for (const engine of ENGINES) describe(`${name} [${engine}]`, () => suite(engine));
}

/**
 * The test server of a suite: started before its tests, closed after them. The answer stands for it from the
 * start (its properties read the running server), so a suite declares it in one line.
 */
export function suiteServer(options: TestServerOptions, startTimeoutMs = 120_000): TestServer {
  let live: TestServer | undefined;
  beforeAll(async () => {
    live = await startTestServer(options);
  }, startTimeoutMs);
  afterAll(async () => {
    await live?.close();
  });
  return new Proxy({} as TestServer, {
    get(_target, key) {
      if (!live) throw new Error('The suite’s server is not running (outside its tests?)');
      const value = Reflect.get(live, key);
      return typeof value === 'function' ? value.bind(live) : value;
    },
  });
}

async function scratchPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new URL(POSTGRES_URL!);
  const name = `lantern_t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database "${name}"`);
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
}

function migrationsFor(resources: readonly AnyResource[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-migrations-'));
  const diff = diffSchemas(null, deriveSchema(resources));
  fs.writeFileSync(path.join(dir, '0001_init.sql'), diff.lines.join('\n'));
  return dir;
}

export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const scratch = options.engine === 'postgres' ? await scratchPostgres() : undefined;
  const database = await createDatabase(
    scratch ? { databaseUrl: scratch.url, poolSize: 20 } : { dataDir: 'memory://' },
  );
  const migrationsDir = options.resources ? migrationsFor(options.resources) : undefined;
  await migrate(database.db, migrationsDir);
  if (options.seed === 'small') {
    await seedDemo(database.db, { size: 'small' });
  }
  await options.setup?.(database.db);
  const app = await buildApp({
    database,
    resources: options.resources,
    config: { production: false, distDir: NO_CLIENT_DIST, ...options.config },
    // Tests sign in many times from one address.
    auth: { loginLimits: { perEmailAndIp: 1000, perEmail: 1000, perIp: 1000 }, ...options.auth },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    app,
    database,
    db: database.db,
    engine: options.engine,
    databaseUrl: scratch?.url,
    async login(email, password) {
      const response = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (response.status !== 200) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith('lantern_session='));
      if (!cookie) throw new Error(`login ${email}: no session cookie`);
      return cookie.split(';')[0];
    },
    async close() {
      await app.close();
      await database.close();
      if (migrationsDir) fs.rmSync(migrationsDir, { recursive: true, force: true });
      await scratch?.drop();
    },
  };
}

/** A small fetch wrapper for tests: JSON in, status + JSON out. */
export async function call(
  server: Pick<TestServer, 'baseUrl'>,
  method: string,
  url: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let payload: string | undefined = options.raw;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    payload = JSON.stringify(options.body);
  } else if (payload !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${server.baseUrl}${url}`, { method, headers, body: payload });
  const text = await response.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Non-JSON answers (the SPA page) stay text.
  }
  return { status: response.status, body, headers: response.headers };
}
