/**
 * A pooled PostgreSQL connection the server ends while it sits idle (a restart, `drop database … with (force)`,
 * an administrator's pg_terminate_backend) is logged and replaced: it must never become an uncaught exception,
 * whether or not anyone subscribed to idle errors (`onIdleError`).
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDatabase } from '../../src/server/db/db';

const URL_OF_TESTS = process.env.TEST_DATABASE_URL;

describe.runIf(URL_OF_TESTS)('idle PostgreSQL connections ended by the server', () => {
  afterEach(() => vi.restoreAllMocks());

  const endIdleSessions = async (applicationName: string) => {
    const admin = new pg.Client({ connectionString: URL_OF_TESTS });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and state = 'idle'`,
        [applicationName],
      );
      return rowCount ?? 0;
    } finally {
      await admin.end();
    }
  };

  const withName = (name: string) => {
    const url = new URL(URL_OF_TESTS!);
    url.searchParams.set('application_name', name);
    return url.toString();
  };

  it('with nobody listening: the loss is logged, the process goes on and the next query gets a new connection', async () => {
    const warn = vi.spyOn(console, 'warn');
    const name = `lantern_idle_${Date.now().toString(36)}`;
    const database = await createDatabase({ databaseUrl: withName(name), poolSize: 2 });
    try {
      await sql`select 1`.execute(database.db);
      expect(await endIdleSessions(name)).toBeGreaterThan(0);
      await vi.waitFor(() =>
        expect(warn.mock.calls.flat().join(' ')).toMatch(/PostgreSQL idle connection lost: terminating connection/),
      );
      const { rows } = await sql<{ n: number }>`select 2 as n`.execute(database.db);
      expect(rows[0].n).toBe(2);
    } finally {
      await database.close();
    }
  });

  it('with a listener: it hears the loss instead of the log', async () => {
    const warn = vi.spyOn(console, 'warn');
    const name = `lantern_idle_${Date.now().toString(36)}_heard`;
    const database = await createDatabase({ databaseUrl: withName(name), poolSize: 2 });
    const heard: string[] = [];
    database.onIdleError?.((error) => heard.push(error.message));
    try {
      await sql`select 1`.execute(database.db);
      expect(await endIdleSessions(name)).toBeGreaterThan(0);
      await vi.waitFor(() => expect(heard.join(' ')).toMatch(/terminating connection/));
      expect(warn.mock.calls.flat().join(' ')).not.toMatch(/idle connection lost/);
    } finally {
      await database.close();
    }
  });
});
