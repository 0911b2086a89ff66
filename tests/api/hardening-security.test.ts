/**
 * Web security: security headers on every kind of answer, the session cookie's flags (Secure
 * in production), logout and expiry enforced server-side, password rules, and no hash or secret in any API
 * response or client bundle.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import resources from '../../resources/index';
import { buildApp } from '../../src/server/app';
import { sessionIdOf } from '../../src/server/auth/sessions';
import { CALLERS, loginAll, type Cookies } from './hardening-fixture';
import { call, describeEachEngine, suiteServer } from './harness';
import { forgetSignedIn } from '../../src/server/auth/auth-changes';
import { NO_CLIENT_DIST } from '../support/no-client';

/** A hash column, an argon2 hash, or a password value other than the audit log's `[changed]` mask. */
const SECRET = /Hash"|\$argon2|"password":"(?!\[changed\])|"password":\[(?!null,"\[changed\]"|"\[changed\]")/;

function expectSecurityHeaders(headers: Headers, what: string) {
  const csp = headers.get('content-security-policy') ?? '';
  for (const directive of [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "img-src 'self' data: blob:",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
  ])
    expect(csp, `${what}: ${directive}`).toContain(directive);
  expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-powered-by'), what).toBeNull();
}

/** An API answer is never a page: it may load nothing and be framed nowhere, and carries no page's policy. */
function expectApiSecurityHeaders(headers: Headers, what: string) {
  expect(headers.get('content-security-policy'), what).toBe("default-src 'none';frame-ancestors 'none'");
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(headers.get('cross-origin-resource-policy'), what).toBe('same-origin');
  expect(headers.get('x-powered-by'), what).toBeNull();
  for (const pageOnly of ['x-dns-prefetch-control', 'origin-agent-cluster', 'x-xss-protection', 'x-download-options'])
    expect(headers.get(pageOnly), `${what}: ${pageOnly}`).toBeNull();
}

describeEachEngine('Web security', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });
  let cookies: Cookies;

  beforeAll(async () => {
    cookies = await loginAll(server);
  });

  it('every kind of answer carries the security headers', async () => {
    const cases: [string, string, Record<string, unknown>?][] = [
      ['GET', '/api/health'],
      ['GET', '/api/orders'],
      ['GET', '/api/nope'],
      ['GET', '/en/admin'],
      ['GET', '/en/not-a-page'],
      ['POST', '/api/tour-types', { cookie: cookies.moderator, body: { code: 'lower' } }],
      ['POST', '/api/auth/login', { body: { email: 'x@example.com', password: 'wrong-password' } }],
      ['POST', '/api/tour-types', { cookie: cookies.moderator, headers: { origin: 'https://evil.example' }, body: {} }],
    ];
    for (const [method, url, options] of cases) {
      const answer = await call(server, method, url, options as never);
      const what = `${method} ${url} (${answer.status})`;
      if (url.startsWith('/api/')) expectApiSecurityHeaders(answer.headers, what);
      else expectSecurityHeaders(answer.headers, what);
    }
  });

  it('production mode: Secure cookie, HSTS and upgrade-insecure-requests', async () => {
    const app = await buildApp({
      database: server.database,
      config: { production: true, distDir: NO_CLIENT_DIST },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const response = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'Admin#2026' }),
      });
      expect(response.status).toBe(200);
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith('lantern_session='))!;
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Lax/i);
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      // A page's policy upgrades its requests to HTTPS; the API's loads nothing to upgrade.
      const page = await fetch(`${base}/en/admin`);
      expect(page.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(page.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    } finally {
      await app.close();
    }
  });

  it('development mode: HttpOnly, SameSite=Lax, path /, expiring; not Secure (plain HTTP)', async () => {
    const response = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'support@example.com', password: 'Admin#2026' }),
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('lantern_session='))!;
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).toMatch(/; Max-Age=\d+/i);
    expect(cookie).not.toMatch(/; Secure/i);
    expect(response.headers.get('strict-transport-security')).toBeNull();
    // The token is random and long; the database keeps only its hash.
    const token = cookie.split(';')[0].split('=')[1];
    expect(token.length).toBeGreaterThanOrEqual(40);
    const stored = await server.db.selectFrom('sessions').selectAll().where('id', '=', token).execute();
    expect(stored).toEqual([]);
    expect(
      await server.db.selectFrom('sessions').select('id').where('id', '=', sessionIdOf(token)).execute(),
    ).toHaveLength(1);
  });

  it('logout ends the session on the server: the old cookie no longer works', async () => {
    const cookie = await server.login('finance@example.com', 'Admin#2026');
    expect((await call(server, 'GET', '/api/payments', { cookie })).status).toBe(200);
    const logout = await call(server, 'POST', '/api/auth/logout', { cookie });
    expect(logout.status).toBe(204);
    expect(logout.headers.getSetCookie().join()).toMatch(/lantern_session=;|Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    // A client that ignores the cleared cookie and replays it is still signed out.
    expect((await call(server, 'GET', '/api/auth/me', { cookie })).status).toBe(401);
    expect((await call(server, 'GET', '/api/payments', { cookie })).status).toBe(401);
  });

  it('an expired session is refused, whatever the cookie says', async () => {
    const cookie = await server.login('moderator@example.com', 'Admin#2026');
    expect((await call(server, 'GET', '/api/auth/me', { cookie })).status).toBe(200);
    const id = sessionIdOf(cookie.split('=')[1]);
    await server.db
      .updateTable('sessions')
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where('id', '=', id)
      .execute();
    // A write outside the API: announce it, as the API's own writes do (sessions are cached).
    forgetSignedIn();
    expect((await call(server, 'GET', '/api/auth/me', { cookie })).status).toBe(401);
    expect((await call(server, 'GET', '/api/users', { cookie })).status).toBe(401);
  });

  it('a disabled or locked account loses its open sessions at once', async () => {
    const cookie = await server.login('user@example.com', 'User#2026');
    const locked = await call(server, 'POST', '/api/users/1/actions/lock', {
      cookie: cookies.support,
      body: { reason: 'hardening test' },
    });
    expect(locked.status).toBe(200);
    expect((await call(server, 'GET', '/api/orders', { cookie })).status).toBe(401);
    const unlocked = await call(server, 'POST', '/api/users/1/actions/unlock', { cookie: cookies.support, body: {} });
    expect(unlocked.status).toBe(200);
  });

  it('password rules: too short or too long is refused with the rule; stored as argon2id only', async () => {
    const base = { fullName: 'Rule Test', locale: 'en' };
    const short = await call(server, 'POST', '/api/users', {
      cookie: cookies.support,
      body: { ...base, email: 'rules1@example.com', password: 'Ab#1234' },
    });
    expect(short.status).toBe(400);
    expect(short.body.errors.password).toBe('You must enter a minimum of 8 characters');
    const long = await call(server, 'POST', '/api/users', {
      cookie: cookies.support,
      body: { ...base, email: 'rules2@example.com', password: 'x'.repeat(129) },
    });
    expect(long.status).toBe(400);
    expect(long.body.errors.password).toBe('You must enter a maximum of 128 characters');
    const ok = await call(server, 'POST', '/api/users', {
      cookie: cookies.support,
      body: { ...base, email: 'rules3@example.com', password: 'Long enough 2026' },
    });
    expect(ok.status).toBe(201);
    expect(JSON.stringify(ok.body)).not.toMatch(SECRET);
    const row = await server.db.selectFrom('users').selectAll().where('id', '=', ok.body.id).executeTakeFirstOrThrow();
    expect(String(row.passwordHash)).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain('Long enough 2026');
    // The new account signs in with exactly that password.
    expect(await server.login('rules3@example.com', 'Long enough 2026')).toMatch(/^lantern_session=/);
  });

  it('no hash or secret in any list, record, export or me response, for any caller', async () => {
    let scanned = 0;
    for (const caller of CALLERS) {
      const me = await call(server, 'GET', '/api/auth/me', { cookie: cookies[caller] });
      expect(JSON.stringify(me.body ?? '')).not.toMatch(SECRET);
      for (const resource of resources) {
        const list = await call(server, 'GET', `/api/${resource.name}?range=[0,999]`, { cookie: cookies[caller] });
        scanned++;
        // A refused list proves nothing: the super_admin's must be read for real.
        if (caller === 'super_admin') expect(list.status, resource.name).toBe(200);
        expect(JSON.stringify(list.body ?? ''), `${caller} ${resource.name}`).not.toMatch(SECRET);
        if (list.status !== 200) continue;
        for (const row of (list.body as { id: number }[]).slice(0, 5)) {
          const one = await call(server, 'GET', `/api/${resource.name}/${row.id}`, { cookie: cookies[caller] });
          scanned++;
          expect(JSON.stringify(one.body), `${caller} ${resource.name}/${row.id}`).not.toMatch(SECRET);
        }
        const csv = await call(server, 'GET', `/api/${resource.name}/-/export.csv`, { cookie: cookies[caller] });
        scanned++;
        expect(String(csv.body ?? ''), `${caller} export ${resource.name}`).not.toMatch(/\$argon2|Hash\b/);
      }
    }
    const openapi = await call(server, 'GET', '/api/openapi.json');
    expect(JSON.stringify(openapi.body)).not.toMatch(/passwordHash|\$argon2/);
    expect(scanned).toBeGreaterThan(100);
  });

  it('the built client carries no hash, connection string or key', () => {
    const dist = path.resolve('dist');
    expect(fs.existsSync(path.join(dist, 'index.html')), 'run `npm run build` first').toBe(true);
    const files = fs.readdirSync(dist, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files.length).toBeGreaterThan(3);
    for (const entry of files) {
      const file = path.join(entry.parentPath, entry.name);
      if (!/\.(js|mjs|css|html|json|map|txt)$/.test(file)) continue;
      const text = fs.readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/\$argon2(id|i|d)\$/);
      expect(text, file).not.toMatch(/postgres(ql)?:\/\/[^\s"'`]*@/);
      expect(text, file).not.toMatch(/-----BEGIN [A-Z ]*PRIVATE KEY-----/);
      expect(text, file).not.toMatch(/passwordHash/);
    }
  });
});
