/** One Lantern server in its own process on the PostgreSQL database of LANTERN_SHARED_DATABASE_URL (race tests). */
import { buildApp } from '../../src/server/app';
import { createDatabase } from '../../src/server/db/db';
import { NO_CLIENT_DIST } from '../support/no-client';

const database = await createDatabase({ databaseUrl: process.env.LANTERN_SHARED_DATABASE_URL, poolSize: 20 });
const app = await buildApp({
  database,
  config: { production: false, distDir: NO_CLIENT_DIST },
  auth: { loginLimits: { perEmailAndIp: 1000, perEmail: 1000, perIp: 1000 } },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`LISTENING http://127.0.0.1:${port}\n`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
