import { sql } from 'kysely';
import english from '../../i18n/en';
import { checkResources, formatProblems } from '../core/config-check';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDatabase, type Database } from './db/connection';
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
  });
  const migrated = await migrate(database.db);
  if (!config.production) {
    const accounts = resources.filter((r) => r.account).map((r) => r.table ?? r.name.replace(/-/g, '_'));
    if (await isEmpty(database, accounts)) {
      const counts = await seedDemo(database.db);
      console.log(`Demo data loaded: ${JSON.stringify(counts)}`);
    }
  }
  // Rows the platform cannot run without (e.g. settings groups); idempotent, production included.
  await seedDefaults(database.db);
  const app = await buildApp({ database, resources, config, logger: { level: process.env.LOG_LEVEL ?? 'info' } });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Lantern on http://${config.host}:${config.port} (${database.engine}, migration ${migrated.level}) ready in ${Date.now() - started} ms`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing in-flight requests`);
    // Fastify's close stops accepting connections and waits for in-flight requests before the pool closes.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
