/**
 * Race safety across servers that share one database (SPEC §7 "scaling out"): a second `buildApp`
 * on the same database in this process (its own connection pool on PostgreSQL), and on PostgreSQL also a
 * server in another process. Requests alternate between them; the counts and sums must be exactly those of
 * one server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createDatabase, type Database } from '../../src/server/db/db';
import { call, describeEachEngine, POSTGRES_URL, startTestServer, type TestServer } from './harness';
import {
  bookAndPayRush,
  parallelApprovals,
  parallelOrders,
  parallelRefunds,
  parallelWithdrawals,
  type Cluster,
} from './concurrency-scenarios';
import { signInAll, type Http, roomyHolds } from './workflows-helpers';
import { NO_CLIENT_DIST } from '../support/no-client';

async function listen(app: FastifyInstance): Promise<Http> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

/** The URL of the harness's scratch database (same server and credentials as TEST_DATABASE_URL). */
async function databaseUrl(server: TestServer): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(server.db);
  const url = new URL(POSTGRES_URL!);
  url.pathname = `/${rows[0].name}`;
  return url.toString();
}

function startProcess(url: string): Promise<{ child: ChildProcess; http: Http }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/api/concurrency-process.ts'], {
    env: { ...process.env, LANTERN_SHARED_DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server process did not start: ${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, http: { baseUrl: match[1] } });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server process exited (${code}): ${output}`));
    });
  });
}

describeEachEngine('concurrency across servers on one database', (engine) => {
  let server: TestServer;
  let second: FastifyInstance;
  let secondDatabase: Database | undefined;
  let cluster: Cluster;

  beforeAll(async () => {
    server = await startTestServer({ engine, seed: 'small', setup: roomyHolds });
    // PGlite lives in this process: the second server shares its instance. PostgreSQL: a pool of its own.
    secondDatabase =
      engine === 'postgres'
        ? await createDatabase({ databaseUrl: await databaseUrl(server), poolSize: 20 })
        : undefined;
    second = await buildApp({
      database: secondDatabase ?? server.database,
      config: { production: false, distDir: NO_CLIENT_DIST },
      auth: { loginLimits: { perEmailAndIp: 1000, perEmail: 1000, perIp: 1000 } },
    });
    const secondHttp = await listen(second);
    cluster = { main: server, servers: [server, secondHttp], sessions: await signInAll(server) };
    // Sessions live in the database: one signed in on the first server works on the second.
    expect((await call(secondHttp, 'GET', '/api/auth/me', { cookie: cluster.sessions.finance })).body).toMatchObject({
      email: 'finance@example.com',
    });
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await server?.close();
  });

  it('20 parallel approvals over two servers: exactly one 200', () => parallelApprovals(cluster));
  it('30 parallel orders over two servers: exactly five placed', () => parallelOrders(cluster));
  it('parallel withdrawals over two servers never overdraw', () => parallelWithdrawals(cluster));
  it('parallel refunds over two servers never exceed what was paid', () => parallelRefunds(cluster));

  // Several processes can only share a PostgreSQL server; PGlite is one process by design.
  if (engine === 'postgres') {
    describe('with a server in another process', () => {
      let child: ChildProcess | undefined;
      let processes: Cluster;

      beforeAll(async () => {
        const started = await startProcess(await databaseUrl(server));
        child = started.child;
        processes = { ...cluster, servers: [server, started.http] };
        expect((await call(started.http, 'GET', '/api/health')).body).toMatchObject({ db: 'postgres' });
      });
      afterAll(async () => {
        if (!child || child.exitCode !== null) return;
        const exited = new Promise((resolve) => child!.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      });

      it('30 parallel orders over two processes: exactly five placed', () => parallelOrders(processes));
      it('parallel withdrawals over two processes never overdraw', () => parallelWithdrawals(processes));
      it('booking, paying and cancelling at once over two processes: no 5xx, seats and charges add up', () =>
        bookAndPayRush(processes));
      it('20 parallel approvals over two processes: exactly one 200', () => parallelApprovals(processes));
    });
  }
});
