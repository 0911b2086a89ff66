import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pruneLoginAttempts } from '../../src/server/auth/rate-limit';
import {
  login,
  PASSWORD,
  prepareDatabase,
  startAuthServer,
  type AuthServer,
  type SharedDatabase,
} from './auth-fixture';
import { describeEachEngine } from './harness';

// Per account and client 3, per account 6, per client 5: small enough to reach in a test.
const LIMITS = { windowSeconds: 900, perEmailAndIp: 3, perEmail: 6, perIp: 5 };
const from = (ip: string) => ({ 'x-forwarded-for': ip });

describeEachEngine('auth login rate limit', (engine) => {
  let shared: SharedDatabase;
  let server: AuthServer;

  beforeAll(async () => {
    shared = await prepareDatabase(engine);
    server = await startAuthServer({ databaseUrl: shared.databaseUrl, loginLimits: LIMITS, trustProxy: true });
  });
  afterAll(async () => {
    await server?.close();
    await shared?.drop();
  });
  beforeEach(async () => {
    await server.database.db.deleteFrom('login_attempts').execute();
  });

  async function fail(url: string, email: string, times: number, headers: Record<string, string> = {}) {
    for (let i = 0; i < times; i++) expect((await login(url, email, 'wrong-password', headers)).status).toBe(401);
  }

  describe('login rate limit', () => {
    it('answers 429 with Retry-After once an email reaches its failure limit, even with the right password', async () => {
      await fail(server.url, 'boss@example.test', LIMITS.perEmailAndIp);
      const blocked = await login(server.url, 'boss@example.test', PASSWORD);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ message: 'Too many attempts, try again later' });
      const retryAfter = Number(blocked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(LIMITS.windowSeconds - 30);
      expect(retryAfter).toBeLessThanOrEqual(LIMITS.windowSeconds);
      expect(blocked.setCookie).toBeNull();
      // The email is compared normalised, so changing its case does not reset the count.
      expect((await login(server.url, 'BOSS@example.test ', PASSWORD)).status).toBe(429);
      // Another account is not blocked by it.
      expect((await login(server.url, 'mod@example.test', PASSWORD)).status).toBe(200);
    });

    it('counts unknown emails too, and blocks an IP past its own limit', async () => {
      await fail(server.url, 'ghost-1@example.test', 3);
      await fail(server.url, 'ghost-2@example.test', 2);
      const blocked = await login(server.url, 'mod@example.test', PASSWORD);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('a successful sign-in clears that email failures', async () => {
      await fail(server.url, 'seller@example.test', LIMITS.perEmailAndIp - 1);
      expect((await login(server.url, 'seller@example.test', PASSWORD)).status).toBe(200);
      await fail(server.url, 'seller@example.test', LIMITS.perEmailAndIp - 1);
      expect((await login(server.url, 'seller@example.test', PASSWORD)).status).toBe(200);
    });

    it('a stranger failing from one client does not lock the owner out on another (lockout is no weapon)', async () => {
      await fail(server.url, 'seller@example.test', LIMITS.perEmailAndIp, from('203.0.113.7'));
      // The stranger's client is locked for that account, even with the right password…
      const stranger = await login(server.url, 'seller@example.test', PASSWORD, from('203.0.113.7'));
      expect(stranger.status).toBe(429);
      expect(stranger.body).toEqual({ message: 'Too many attempts, try again later' });
      expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(LIMITS.windowSeconds - 30);
      // …while the owner signs in from their own.
      const owner = await login(server.url, 'seller@example.test', PASSWORD, from('198.51.100.20'));
      expect(owner.status).toBe(200);
      expect(owner.setCookie).toMatch(/^lantern_session=/);
    });

    it('an account has a higher ceiling of its own, across every client', async () => {
      // Two failures from each of three clients: none reaches its own limit of 3, the account reaches its 6.
      await fail(server.url, 'mod@example.test', 2, from('203.0.113.1'));
      await fail(server.url, 'mod@example.test', 2, from('203.0.113.2'));
      await fail(server.url, 'mod@example.test', 2, from('203.0.113.3'));
      const blocked = await login(server.url, 'mod@example.test', PASSWORD, from('198.51.100.30'));
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      // Other accounts are not held by it.
      expect((await login(server.url, 'boss@example.test', PASSWORD, from('198.51.100.30'))).status).toBe(200);
    });

    it('forgets failures older than the window, and prunes them', async () => {
      const db = server.database.db;
      const old = Array.from({ length: 5 }, () => ({
        key: 'email:boss@example.test',
        at: sql`now() - interval '16 minutes'`,
      }));
      await db.insertInto('login_attempts').values(old).execute();
      expect((await login(server.url, 'boss@example.test', PASSWORD)).status).toBe(200);
      await db.insertInto('login_attempts').values(old).execute();
      await pruneLoginAttempts(db, LIMITS);
      const left = await db
        .selectFrom('login_attempts')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      expect(left.n).toBe(0);
    });
  });

  // Several processes can only share a PostgreSQL server; PGlite is one process by design.
  if (engine === 'postgres') {
    describe('across two server processes on one PostgreSQL database', () => {
      const children: ChildProcess[] = [];

      async function startProcess(): Promise<string> {
        const child = spawn(process.execPath, ['--import', 'tsx', 'tests/api/auth-process.ts'], {
          env: { ...process.env, AUTH_DATABASE_URL: shared.databaseUrl, AUTH_LOGIN_LIMITS: JSON.stringify(LIMITS) },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        children.push(child);
        let output = '';
        for await (const chunk of child.stdout!) {
          output += String(chunk);
          const match = /LISTENING (\S+)/.exec(output);
          if (match) return match[1];
        }
        throw new Error(`server process exited: ${output}`);
      }

      afterAll(async () => {
        for (const child of children) {
          child.kill('SIGTERM');
          if (child.exitCode === null) await once(child, 'exit');
        }
      });

      it('holds the limit and shares sessions between the processes', async () => {
        const first = await startProcess();
        const second = await startProcess();
        await fail(first, 'boss@example.test', 2);
        await fail(second, 'boss@example.test', 1);
        expect((await login(first, 'boss@example.test', PASSWORD)).status).toBe(429);
        expect((await login(second, 'boss@example.test', PASSWORD)).status).toBe(429);

        const signedIn = await login(second, 'mod@example.test', PASSWORD);
        expect(signedIn.status).toBe(200);
        const me = await fetch(`${first}/api/auth/me`, { headers: { cookie: signedIn.cookie! } });
        expect(me.status).toBe(200);
        await fetch(`${first}/api/auth/logout`, { method: 'POST', headers: { cookie: signedIn.cookie! } });
        expect((await fetch(`${second}/api/auth/me`, { headers: { cookie: signedIn.cookie! } })).status).toBe(401);
      }, 60_000);
    });
  }
});
