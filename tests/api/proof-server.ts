/**
 * The proof's server, run with `node --import tsx` inside the temporary copy (this file is copied to the
 * same relative path there, so every import below is the copy's own code). It does what `src/server/main.ts`
 * does — config check, migrations from the copy's `src/server/db/migrations`, demo data, the app — with the
 * small demo data set and a random port, and prints `LISTENING {url}` once ready.
 */
import path from 'node:path';
import english from '../../i18n/en';
import resources from '../../resources/index';
import { assertValidConfig } from '../../src/core/config-check';
import { buildApp } from '../../src/server/app';
import { createDatabase } from '../../src/server/db/db';
import { migrate } from '../../src/server/db/migrate';
import { seedDefaults, seedDemo } from '../../resources/demo/demo';

assertValidConfig(resources, { english });
const database = await createDatabase({ dataDir: 'memory://' });
const migrated = await migrate(database.db);
await seedDemo(database.db, { size: 'small' });
await seedDefaults(database.db);
const app = await buildApp({
  database,
  resources,
  config: { production: false, distDir: process.env.DIST_DIR ?? path.resolve('dist') },
  auth: { loginLimits: { perEmailAndIp: 1000, perEmail: 1000, perIp: 1000 } },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(`LISTENING http://127.0.0.1:${port} ${migrated.applied.join(',')}`);

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
