/**
 * SPEC §10 with the real server process on a PostgreSQL cluster the suite stops and starts itself: the database
 * going away under load and coming back, a start while it is away, and SIGTERM under load. Every request gets an
 * answer (2xx, or 503 with Retry-After in the caller's language; never a 500, a reset or a hang), the health
 * checks say what a load balancer needs, the outage is logged as events without a stack trace, and every
 * acknowledged write is in the database afterwards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import th from '../../i18n/th';
import vi from '../../i18n/vi';
import { migrationFiles } from '../../src/server/db/migrate';
import { seededDatabase, startCluster, type PgCluster } from '../support/pg-cluster';
import { loginAt, startServerProcess, type ServerProcess } from './durability-server';
import { errorCode, send, until, type Answer } from './faults-fixture';
import { platformDay } from '../support/platform-day';

const UNAVAILABLE: Record<string, string> = { en: en.app.fault.unavailable, th: th.app.fault.unavailable };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const day = (n: number) => platformDay(n);
/** What the process logged, one message per line (pino's JSON lines, or plain text). */
const messages = (server: ServerProcess) =>
  server
    .output()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      try {
        return (JSON.parse(line) as { msg?: string }).msg ?? line;
      } catch {
        return line;
      }
    });
const stackTraces = (server: ServerProcess) =>
  server
    .output()
    .split('\n')
    .filter((l) => l.includes('"stack"'));

async function ordersFound(url: string, ids: number[]): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from orders where id = any($1)', [
      ids,
    ]);
    return rows[0].n;
  } finally {
    await client.end();
  }
}

describe('The database goes away and comes back (SPEC §10, PostgreSQL)', () => {
  let cluster: PgCluster;
  let url: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-faults-'));
  const running: ServerProcess[] = [];
  const start = async (databaseUrl: string, env: Record<string, string> = {}, until: 'ready' | 'live' = 'ready') => {
    const server = await startServerProcess(
      { env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir } },
      env,
      undefined,
      until,
    );
    running.push(server);
    return server;
  };

  beforeAll(async () => {
    cluster = await startCluster();
    url = await seededDatabase(cluster);
  }, 300_000);
  afterAll(async () => {
    for (const server of running) await server.kill('SIGKILL');
    await cluster?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A departure with room for the whole run's orders. */
  async function departure(server: ServerProcess, partner: string): Promise<number> {
    const services = await send(server.baseUrl, 'GET', '/api/services?filter={"status":"approved"}', {
      cookie: partner,
    });
    const created = await send(server.baseUrl, 'POST', '/api/schedules', {
      cookie: partner,
      body: { serviceId: services.body[0].id, startDate: day(60), endDate: day(61), capacity: 1000 },
    });
    expect(created.status).toBe(201);
    return created.body.id;
  }

  it('stopped under a mixed load: every request is answered, 503s say so in the caller’s language, and the same process serves again with every acknowledged write', async () => {
    const server = await start(url);
    const user = await loginAt(server.baseUrl, 'user@example.com', 'User#2026');
    const admin = await loginAt(server.baseUrl, 'admin@example.com', 'Admin#2026');
    const partner = await loginAt(server.baseUrl, 'partner@example.com', 'Partner#2026');
    const scheduleId = await departure(server, partner);

    // Which part of the outage each answer belongs to: before the stop, while away, after it is back.
    type Phase = 'before' | 'away' | 'back';
    let phase: Phase = 'before';
    const answers: (Answer & { language: string; phase: Phase })[] = [];
    const failures: string[] = [];
    const acknowledged: number[] = [];
    let load = true;
    const worker = async (n: number) => {
      const language = n % 2 ? 'th' : 'en';
      for (let i = 0; load; i++) {
        const asked: Phase = phase;
        try {
          const answer =
            (n + i) % 3 === 0
              ? await send(server.baseUrl, 'POST', '/api/orders', {
                  cookie: user,
                  language,
                  body: { scheduleId, quantity: 1 },
                })
              : await send(server.baseUrl, 'GET', (n + i) % 3 === 1 ? '/api/orders?range=[0,9]' : '/api/tour-types', {
                  cookie: admin,
                  language,
                });
          answers.push({ ...answer, language, phase: asked });
          if (answer.status === 201) acknowledged.push(answer.body.id);
        } catch (error) {
          failures.push(errorCode(error));
        }
      }
    };
    const workers = Promise.all(Array.from({ length: 6 }, (_, n) => worker(n)));

    await sleep(1_000);
    phase = 'away';
    await cluster.stop();
    await until(async () => (await send(server.baseUrl, 'GET', '/api/health')).status === 503, 'health says 503');
    // As a browser asks it: with the session cookie, which the check does not look up.
    const ready = await send(server.baseUrl, 'GET', '/api/health', { cookie: admin, language: 'vi' });
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'unavailable', db: 'postgres', message: vi.app.fault.unavailable });
    expect(Number(ready.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(server.baseUrl, 'GET', '/api/health/live')).status).toBe(200);
    await sleep(1_500);
    await cluster.start();
    await until(async () => (await send(server.baseUrl, 'GET', '/api/health')).status === 200, 'health says 200');
    phase = 'back';
    // The load goes on until the process has served again, however slow the machine is.
    const servedAgain = () => answers.filter((a) => a.phase === 'back' && a.status < 300).length;
    await until(async () => servedAgain() >= 30, '30 requests served after the database is back');
    load = false;
    await workers;

    expect(failures, 'every request got an answer').toEqual([]);
    const statuses = new Set(answers.map((a) => a.status));
    expect([...statuses].filter((s) => ![200, 201, 503].includes(s))).toEqual([]);
    const refused = answers.filter((a) => a.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.body).toEqual({ message: UNAVAILABLE[answer.language] });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(answers.filter((a) => a.phase === 'before' && a.status < 300).length).toBeGreaterThan(0);
    // Once health says 200 again, no request is refused any more.
    expect(answers.filter((a) => a.phase === 'back' && a.status === 503)).toEqual([]);
    expect(await ordersFound(url, acknowledged)).toBe(acknowledged.length);

    const log = messages(server);
    expect(log.filter((line) => line.startsWith('database unavailable: '))).toHaveLength(1);
    const back = log.filter((line) => line.startsWith('database available again after '));
    expect(back).toHaveLength(1);
    expect(back[0]).toMatch(/: \d+ requests refused$/);
    expect(stackTraces(server), 'no stack trace per refused request').toEqual([]);
    expect(await server.kill('SIGTERM')).toBe(0);
  }, 300_000);

  it('started while the database is away: live 200, ready 503, the API 503 with Retry-After; it migrates and serves when the database arrives', async () => {
    const fresh = await cluster.createDatabase(`faults_cold_${process.pid}`);
    await cluster.stop();
    // Production: no demo data to load, so serving follows the migrations at once.
    const server = await start(fresh, { NODE_ENV: 'production' }, 'live');
    expect((await send(server.baseUrl, 'GET', '/api/health/live')).status).toBe(200);
    const ready = await send(server.baseUrl, 'GET', '/api/health');
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe('starting');
    expect(ready.headers['retry-after']).toBeTruthy();
    const api = await send(server.baseUrl, 'GET', '/api/tour-types', { language: 'vi' });
    expect(api.status).toBe(503);
    expect(api.body).toEqual({ message: vi.app.fault.unavailable });
    expect(Number(api.headers['retry-after'])).toBeGreaterThan(0);
    // The API's description and the app's pages do not need the database.
    expect((await send(server.baseUrl, 'GET', '/api/openapi.json')).status).toBe(200);
    expect((await send(server.baseUrl, 'GET', '/en')).status).toBe(200);
    // It keeps trying, and says so every 10 s, with the requests it turned away.
    await until(
      async () =>
        messages(server).some((line) => /^database still unavailable after .*: [1-9]\d* requests refused$/.test(line)),
      'a "still unavailable" line',
    );
    expect(messages(server).filter((line) => line.startsWith('database unavailable: '))).toHaveLength(1);

    await cluster.start();
    await until(async () => (await send(server.baseUrl, 'GET', '/api/health')).status === 200, 'health says 200');
    const health = await send(server.baseUrl, 'GET', '/api/health');
    expect(health.body).toMatchObject({ status: 'ok', db: 'postgres', migration: migrationFiles().at(-1)!.version });
    expect((await send(server.baseUrl, 'GET', '/api/tour-types')).status).toBe(200);
    expect(server.child.exitCode, 'the process never exited').toBeNull();
    expect(stackTraces(server)).toEqual([]);
    expect(await server.kill('SIGTERM')).toBe(0);
  }, 300_000);

  it('SIGTERM under load: health 503 at once while requests are still served; a burst around the signal is answered, none reset; exit 0', async () => {
    const server = await start(url);
    const user = await loginAt(server.baseUrl, 'user@example.com', 'User#2026');
    const admin = await loginAt(server.baseUrl, 'admin@example.com', 'Admin#2026');
    const scheduleId = await departure(server, await loginAt(server.baseUrl, 'partner@example.com', 'Partner#2026'));
    const fire = (i: number) =>
      (i % 4 === 1
        ? send(server.baseUrl, 'POST', '/api/orders', { cookie: user, body: { scheduleId, quantity: 1 } })
        : send(server.baseUrl, 'GET', '/api/orders?range=[0,9]', { cookie: admin })
      ).then(
        (answer) => ({ answer }),
        (error: unknown) => ({ error: errorCode(error) }),
      );

    const before = Array.from({ length: 40 }, (_, i) => fire(i));
    server.child.kill('SIGTERM');
    await until(async () => (await send(server.baseUrl, 'GET', '/api/health')).status === 503, 'health says 503');
    const draining = await send(server.baseUrl, 'GET', '/api/health');
    expect(draining.body.status).toBe('draining');
    // The balancer has not noticed yet: what it still sends is served.
    const after = Array.from({ length: 40 }, (_, i) => fire(i));
    const results = await Promise.all([...before, ...after]);
    expect(await server.exited).toBe(0);

    expect(
      results.filter((r) => 'error' in r),
      'no request reset or refused',
    ).toEqual([]);
    const answers = results.map((r) => (r as { answer: Answer }).answer);
    expect(answers.filter((a) => a.status >= 300).map((a) => a.status)).toEqual([]);
    const created = answers.filter((a) => a.status === 201).map((a) => a.body.id as number);
    expect(created).toHaveLength(20);
    expect(await ordersFound(url, created)).toBe(20);
  }, 300_000);
});
