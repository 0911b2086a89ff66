// First: the heap policy holds for everything the server loads after it.
import './edge/heap-policy';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import english from '../../i18n/en';
import { checkResources, formatProblems } from '../core/config-check';
import { createApp } from './app';
import { serverLogger } from './edge/request-log';
import { loadConfig } from './edge/config';
import { ConfigError } from './edge/config-error';
import { createDatabase, type Database } from './db/db';
import { causeOf, faultOf } from './db/faults';
import { migrate } from './db/migrate';
import { seedDefaults, seedDemo } from '../../resources/demo/demo';

/** Demo data goes into a database that has no account at all yet, and never in production. */
async function isEmpty(database: Database, tables: string[]): Promise<boolean> {
  for (const table of tables) {
    const row = await sql<{ one: number }>`select 1 as one from ${sql.table(table)} limit 1`.execute(database.db);
    if (row.rows.length) return false;
  }
  return true;
}

/** The demo's first account to try (README.md lists them all). */
const DEMO_SIGN_IN = 'admin@example.com / Admin#2026 at /en/admin';

/** SPEC §10: the process is gone within 10 s of SIGTERM, whatever is still running. */
const EXIT_DEADLINE_MS = 9_500;
/** Retries while the database is away at start: doubling from a quarter second, then every 2 s. */
const retryDelay = (attempt: number) => Math.min(250 * 2 ** attempt, 2_000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `prepare` until the database lets it finish. While the database is away (or too slow) the attempt is
 * retried with backoff; the outage is logged as events (availability.ts), not once per attempt. A deadlock with
 * other instances' writes is retried too. Anything else (a failing migration, a bug) ends the start.
 */
async function untilPrepared<T>(app: FastifyInstance, prepare: () => Promise<T>, stopped: () => boolean) {
  for (let attempt = 0; !stopped(); attempt++) {
    try {
      return await prepare();
    } catch (error) {
      const code = (error as { code?: string }).code;
      // A deadlock or serialization failure with the writes of running instances is worth another try too.
      if (code === '40P01' || code === '40001') app.log.warn(`start: ${causeOf(error)}; trying again`);
      else if (faultOf(error)) app.availability.lose(causeOf(error));
      else throw error;
      await sleep(retryDelay(attempt));
    }
  }
  return undefined;
}

async function main() {
  const started = Date.now();
  const config = loadConfig();
  const resources = (await import('../../resources/index')).default;
  // A config mistake (unknown reference, state, field or label) stops here, naming the file and the field.
  const problems = checkResources(resources, { english });
  if (problems.length) {
    console.error(formatProblems(problems));
    process.exit(1);
  }
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.pgPoolSize,
    limits: config.limits,
  });
  const { app, start } = await createApp({
    database,
    resources,
    config,
    logger: serverLogger(process.env.LOG_LEVEL ?? 'info'),
  });
  // Listening comes first: a process whose database is away still answers its liveness check (and 503 for the
  // rest) instead of exiting, and serves as soon as the database arrives.
  await app.listen({ port: config.port, host: config.host });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    setTimeout(() => {
      app.log.error(`${signal}: requests still running ${EXIT_DEADLINE_MS} ms after the signal; exiting`);
      process.exit(1);
    }, EXIT_DEADLINE_MS).unref();
    // SPEC §10's drain: the balancer sees /api/health fail at once while this process still serves what it sends
    // meanwhile; then no new connections, what was begun is answered, event streams and workers end (onDrain).
    app.lifecycle.startDraining();
    app.log.info(`${signal}: draining (health 503, serving for ${config.shutdownDelayMs} ms more)`);
    await sleep(config.shutdownDelayMs);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const migrated = await untilPrepared(
    app,
    async () => {
      const result = await migrate(database.db);
      if (!config.production) {
        const accounts = resources.filter((r) => r.account).map((r) => r.table ?? r.name.replace(/-/g, '_'));
        if (await isEmpty(database, accounts)) {
          const counts = await seedDemo(database.db);
          console.log(`Demo data loaded: ${JSON.stringify(counts)}`);
        }
      }
      // Rows the platform cannot run without (e.g. settings groups); idempotent, production included.
      await seedDefaults(database.db);
      await start();
      return result;
    },
    () => closing,
  );
  if (!migrated) return;
  const demo = config.production ? '' : ` · demo sign-in ${DEMO_SIGN_IN}`;
  app.log.info(
    `Lantern is ready on http://${config.host}:${config.port}/ (${database.engine}, migration ${migrated.level}, ` +
      `${Date.now() - started} ms)${demo} · docs/getting-started.md`,
  );
}

main().catch((error: unknown) => {
  // A wrong setting is the operator's to fix: its message says which and how, a stack would only hide it.
  console.error(error instanceof ConfigError ? `Lantern cannot start: ${error.message}` : error);
  process.exit(1);
});
