/** One auth server in its own process, for the tests that need several processes on one PostgreSQL database. */
import { startAuthServer } from './auth-fixture';

const server = await startAuthServer({
  databaseUrl: process.env.AUTH_DATABASE_URL,
  loginLimits: JSON.parse(process.env.AUTH_LOGIN_LIMITS ?? '{}'),
});
process.stdout.write(`LISTENING ${server.url}\n`);
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
