/**
 * Hostile input over real HTTP: every answer is a clear 4xx in the SPEC's error format, never
 * a stack trace or a 5xx, forged fields change nothing, and the server stays healthy afterwards.
 */
import http from 'node:http';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { expectErrorBody, fingerprint, loginAll, type Cookies } from './hardening-fixture';
import { call, describeEachEngine, startTestServer, type TestServer } from './harness';

interface RawAnswer {
  status: number;
  text: string;
  headers: http.IncomingHttpHeaders;
}

/** A request with the path sent byte for byte: fetch and URL would normalise `..` away before sending. */
function raw(
  server: TestServer,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawAnswer> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port: Number(port), method, path, headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            headers: response.headers,
          }),
        );
      },
    );
    request.on('error', reject);
    if (options.body !== undefined) request.write(options.body);
    request.end();
  });
}

function expectClientError(
  answer: { status: number; body?: unknown; text?: string },
  context: string,
  status?: number,
) {
  if (status) expect(answer.status, context).toBe(status);
  expect(answer.status, context).toBeGreaterThanOrEqual(400);
  expect(answer.status, context).toBeLessThan(500);
  const body = answer.body ?? JSON.parse(answer.text ?? '');
  expectErrorBody(body, context);
}

describeEachEngine('Hostile input over HTTP', (engine) => {
  let server: TestServer;
  let cookies: Cookies;
  let tried = 0;
  let serviceA: number;
  let serviceB: number;

  beforeAll(async () => {
    server = await startTestServer({ engine, seed: 'small' });
    cookies = await loginAll(server);
    const a = await call(server, 'GET', '/api/services?filter={"partnerId":1}&range=[0,0]', {
      cookie: cookies.partnerA,
    });
    const b = await call(server, 'GET', '/api/services?filter={"partnerId":2}&range=[0,0]', {
      cookie: cookies.partnerB,
    });
    serviceA = a.body[0].id;
    serviceB = b.body[0].id;
  });
  afterEach(async () => {
    // Whatever the test threw at it, the server still answers.
    const health = await call(server, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
  });
  afterAll(async () => {
    await server?.close();
    console.log(`[hardening-hostile ${engine}] hostile requests: ${tried}`);
  });

  it('malformed, deeply nested and non-object JSON bodies answer 400', async () => {
    const bodies = [
      '{',
      '{"a":',
      "{'single':'quotes'}",
      '{"a":1,}',
      '[]',
      '"string"',
      '42',
      '\u0000',
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"admin":true}}}',
      '['.repeat(100_000) + ']'.repeat(100_000),
      '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000),
    ];
    for (const body of bodies) {
      for (const [method, url] of [
        ['POST', '/api/tour-types'],
        ['PUT', '/api/tour-types/1'],
        ['POST', '/api/auth/login'],
      ]) {
        tried++;
        const answer = await raw(server, method, url, {
          headers: { 'content-type': 'application/json', cookie: cookies.moderator! },
          body,
        });
        expectClientError(answer, `${method} ${url} ${body.slice(0, 30)}`, 400);
      }
    }
    // Nothing leaked onto Object.prototype through a body.
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('wrong content types answer 415 (or 400), never a write', async () => {
    const before = await fingerprint(server.db);
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data; boundary=x',
      'application/json-patch+json',
      'image/png',
    ]) {
      tried++;
      const answer = await raw(server, 'POST', '/api/tour-types', {
        headers: { 'content-type': type, cookie: cookies.moderator! },
        body: 'code=HACK&name=x',
      });
      expectClientError(answer, type);
      expect([400, 415]).toContain(answer.status);
    }
    expect(await fingerprint(server.db)).toEqual(before);
  });

  it('a 2 MB body answers 413', async () => {
    const big = JSON.stringify({ code: 'BIG', name: { en: 'x'.repeat(2 * 1024 * 1024) } });
    for (const url of ['/api/tour-types', '/api/auth/login', '/api/orders/1/actions/pay']) {
      tried++;
      const answer = await raw(server, 'POST', url, {
        headers: { 'content-type': 'application/json', cookie: cookies.moderator! },
        body: big,
      });
      expectClientError(answer, url, 413);
    }
  });

  it('SQL-like strings in sort, filter and q answer 400 or match nothing; no table changes', async () => {
    const before = await fingerprint(server.db);
    const attacks = [
      `'; drop table orders; --`,
      `1 OR 1=1`,
      `" OR ""="`,
      `id); delete from users; --`,
      `\\'; select pg_sleep(5); --`,
      `%' or '1'='1`,
      `${'x'.repeat(5000)}`,
    ];
    for (const attack of attacks) {
      const cases: [string, number[]][] = [
        [`/api/orders?sort=${encodeURIComponent(JSON.stringify([attack, 'ASC']))}`, [400]],
        [`/api/orders?sort=${encodeURIComponent(JSON.stringify(['id', attack]))}`, [400]],
        [`/api/orders?sort=${encodeURIComponent(attack)}`, [400]],
        [`/api/orders?filter=${encodeURIComponent(JSON.stringify({ [attack]: 1 }))}`, [400]],
        [`/api/orders?filter=${encodeURIComponent(JSON.stringify({ status: attack }))}`, [200]],
        [`/api/orders?filter=${encodeURIComponent(JSON.stringify({ userId: attack }))}`, [400]],
        // A search longer than the list's limit (200) is refused rather than run (an unbounded search is a cheap way to load the database).
        [
          `/api/orders?filter=${encodeURIComponent(JSON.stringify({ q: attack }))}`,
          attack.length > 200 ? [400] : [200],
        ],
        [`/api/orders?filter=${encodeURIComponent(JSON.stringify({ createdAt_gte: attack }))}`, [400]],
        [`/api/orders?range=${encodeURIComponent(attack)}`, [400]],
        [`/api/orders?filter=${encodeURIComponent(attack)}`, [400]],
        [`/api/orders/-/counts?field=${encodeURIComponent(attack)}`, [400]],
        [`/api/orders/-/export.csv?fields=${encodeURIComponent(JSON.stringify([attack]))}`, [400]],
      ];
      for (const [url, statuses] of cases) {
        tried++;
        const answer = await call(server, 'GET', url, { cookie: cookies.super_admin });
        expect(statuses, `${url} → ${answer.status} ${JSON.stringify(answer.body)}`).toContain(answer.status);
        if (answer.status === 200) expect(answer.body).toEqual([]);
        else expectErrorBody(answer.body, url);
      }
    }
    expect(await fingerprint(server.db)).toEqual(before);
  });

  it('negative, non-numeric, huge and odd ids answer 404 on every verb', async () => {
    const ids = ['-1', '0', 'abc', '1.5', '1e3', '0x10', '99999999999999999999', '%00', '1%20OR%201=1', "1'", '%2e%2e'];
    for (const id of ids) {
      for (const [method, url, body] of [
        ['GET', `/api/orders/${id}`, undefined],
        ['PUT', `/api/tour-types/${id}`, '{}'],
        ['DELETE', `/api/tour-types/${id}`, undefined],
        ['POST', `/api/services/${id}/actions/approve`, '{}'],
        ['GET', `/api/partners/${id}/balance`, undefined],
      ] as const) {
        tried++;
        const answer = await raw(server, method, url, {
          headers: { cookie: cookies.super_admin!, ...(body ? { 'content-type': 'application/json' } : {}) },
          body,
        });
        expectClientError(answer, `${method} ${url}`, 404);
      }
    }
  });

  it('path traversal reaches no file outside the app', async () => {
    const paths = [
      '/api/../../etc/passwd',
      '/api/..%2f..%2fetc%2fpasswd',
      '/uploads/../../etc/passwd',
      '/uploads/..%2f..%2f..%2fetc%2fpasswd',
      '/uploads/%2e%2e/%2e%2e/etc/passwd',
      '/assets/../../package.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/assets/..%5c..%5cpackage.json',
      '/builds/meta/..%2f..%2fpackage.json',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..%00/etc/passwd',
      '/api/tour-types/..%2f..%2fadmins',
    ];
    for (const path of paths) {
      tried++;
      const answer = await raw(server, 'GET', path, { headers: { cookie: cookies.super_admin! } });
      expect(answer.text, path).not.toMatch(/root:x:0:0|"name": "lantern"|"dependencies"/);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
      // API and file paths answer JSON errors; other paths render the app's not-found page with a 404.
      if (answer.headers['content-type']?.includes('json')) expectErrorBody(JSON.parse(answer.text), path);
    }
  });

  it('overlong headers and URLs answer 431/414/400, not a crash', async () => {
    tried++;
    const headers = await raw(server, 'GET', '/api/health', { headers: { 'x-filler': 'a'.repeat(64 * 1024) } });
    expect(headers.status).toBe(431);
    expectErrorBody(JSON.parse(headers.text));
    tried++;
    const cookie = await raw(server, 'GET', '/api/auth/me', {
      headers: { cookie: `lantern_session=${'a'.repeat(8000)}` },
    });
    expectClientError(cookie, 'long cookie', 401);
    tried++;
    const url = await raw(server, 'GET', `/api/orders?filter=${'%7B'.repeat(20_000)}`);
    expect([400, 401, 414, 431]).toContain(url.status);
  });

  it('a forged or stale version answers 409 and changes nothing', async () => {
    const current = await call(server, 'GET', '/api/tour-types/1', { cookie: cookies.moderator });
    for (const version of [current.body.version + 1, 0, -1, 999999, '1; drop table x', current.body.version - 1]) {
      if (version === current.body.version) continue;
      tried++;
      const before = await fingerprint(server.db);
      const answer = await call(server, 'PUT', '/api/tour-types/1', {
        cookie: cookies.moderator,
        body: { ...current.body, sortOrder: 77, version },
      });
      expect([400, 409], JSON.stringify(answer.body)).toContain(answer.status);
      expectErrorBody(answer.body);
      expect(await fingerprint(server.db)).toEqual(before);
    }
  });

  it('a partner cannot forge partnerId, status or server-set fields on create or update', async () => {
    const before = await fingerprint(server.db);
    const mine = (await call(server, 'GET', `/api/services/${serviceA}`, { cookie: cookies.partnerA })).body;
    const forgeries: [string, string, Record<string, unknown>][] = [
      ['POST', '/api/services', { ...mine, id: undefined, partnerId: 2 }],
      ['POST', '/api/services', { ...mine, id: undefined, status: 'approved' }],
      ['POST', '/api/services', { ...mine, id: undefined, approvedAt: new Date().toISOString() }],
      ['PUT', `/api/services/${serviceA}`, { ...mine, partnerId: 2 }],
      ['PUT', `/api/services/${serviceA}`, { ...mine, status: 'approved', title: { en: 'Forged' } }],
      ['PUT', `/api/services/${serviceA}`, { ...mine, reason: 'forged' }],
      ['PUT', '/api/partners/1', { commissionRate: 0 }],
      ['PUT', '/api/partners/1', { status: 'suspended' }],
      ['PUT', '/api/partners/1', { email: 'takeover@example.com' }],
      ['POST', '/api/schedules', { serviceId: serviceB, startDate: '2031-01-01', endDate: '2031-01-02', capacity: 5 }],
      ['POST', '/api/withdrawals', { amount: 100000, partnerId: 2 }],
      ['POST', '/api/withdrawals', { amount: 100000, status: 'paid' }],
    ];
    for (const [method, url, body] of forgeries) {
      tried++;
      const answer = await call(server, method, url, { cookie: cookies.partnerA, body });
      expect(answer.status, `${method} ${url} ${JSON.stringify(answer.body)}`).toBe(400);
      expectErrorBody(answer.body);
    }
    expect(await fingerprint(server.db)).toEqual(before);
  });

  it('forged status writes by admins and users are refused; only transitions move a status', async () => {
    const before = await fingerprint(server.db);
    const order = (await call(server, 'GET', '/api/orders?range=[0,0]', { cookie: cookies.user })).body[0];
    const cases: [string, string, string, Record<string, unknown>][] = [
      ['moderator', 'PUT', `/api/services/${serviceA}`, { status: 'archived' }],
      ['user', 'PUT', `/api/orders/${order.id}`, { status: 'completed' }],
      ['user', 'PUT', `/api/orders/${order.id}`, { total: 1 }],
      ['user', 'PUT', `/api/orders/${order.id}`, { userId: 2 }],
      ['user', 'PUT', '/api/users/1', { status: 'active', lockReason: 'x' }],
      ['super_admin', 'PUT', '/api/admins/2', { status: 'disabled' }],
      ['user', 'POST', '/api/complaints', { subject: 'x', message: 'y', category: 'other', priority: 'urgent' }],
    ];
    for (const [role, method, url, body] of cases) {
      tried++;
      const answer = await call(server, method, url, { cookie: cookies[role as keyof Cookies], body });
      expect(answer.status, `${role} ${method} ${url} ${JSON.stringify(answer.body)}`).toBe(400);
      expectErrorBody(answer.body);
      expect(Object.keys(answer.body.errors ?? {}).length).toBeGreaterThan(0);
    }
    tried++;
    const unknown = await call(server, 'POST', `/api/orders/${order.id}/actions/forge`, {
      cookie: cookies.user,
      body: {},
    });
    expectClientError(unknown, 'unknown action', 404);
    tried++;
    const proto = await call(server, 'POST', `/api/orders/${order.id}/actions/constructor`, {
      cookie: cookies.user,
      body: {},
    });
    expectClientError(proto, 'prototype action', 404);
    expect(await fingerprint(server.db)).toEqual(before);
  });

  it('uploads: only real images under the size limit are kept; nothing else is served back', async () => {
    const form = (bytes: Buffer, name: string, type: string) => {
      const data = new FormData();
      data.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
      return data;
    };
    const upload = async (
      cookie: string | undefined,
      body: FormData | string,
      headers: Record<string, string> = {},
    ) => {
      tried++;
      const response = await fetch(`${server.baseUrl}/api/uploads`, {
        method: 'POST',
        headers: { ...(cookie ? { cookie } : {}), ...headers },
        body,
      });
      return { status: response.status, body: await response.json() };
    };
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    // A PNG signature and nothing behind it: the bytes claim a type the image decoder cannot read.
    const fakePng = Buffer.concat([png.subarray(0, 8), Buffer.alloc(64)]);
    const script = Buffer.from('<script>alert(1)</script>');
    const elf = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 0]);
    expectClientError(await upload(undefined, form(png, 'a.png', 'image/png')), 'signed out', 401);
    expectClientError(await upload(cookies.finance, form(png, 'a.png', 'image/png')), 'finance', 403);
    expectClientError(await upload(cookies.partnerA, form(script, 'x.png', 'image/png')), 'html as png', 400);
    expectClientError(await upload(cookies.partnerA, form(elf, 'x.jpg', 'image/jpeg')), 'binary as jpg', 400);
    expectClientError(await upload(cookies.partnerA, form(fakePng, 'x.png', 'image/png')), 'signature only', 400);
    expectClientError(await upload(cookies.partnerA, form(Buffer.alloc(0), 'x.png', 'image/png')), 'empty', 400);
    expectClientError(
      await upload(cookies.partnerA, '{"file":"x"}', { 'content-type': 'application/json' }),
      'json instead of a file',
    );
    const huge = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]);
    expectClientError(await upload(cookies.partnerA, form(huge, 'big.png', 'image/png')), 'too big', 413);

    const ok = await upload(cookies.partnerA, form(png, '../../evil.html', 'text/html'));
    expect(ok.status).toBe(201);
    expect(ok.body.url).toMatch(/^\/uploads\/[0-9a-f]{32}-1x1\.webp$/);
    const served = await raw(server, 'GET', ok.body.url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('login abuse: odd types, huge passwords and unknown fields are 400/401, never 500', async () => {
    const bodies: unknown[] = [
      { email: ['admin@example.com'], password: 'Admin#2026' },
      { email: { $ne: null }, password: { $ne: null } },
      { email: 'admin@example.com', password: 'x'.repeat(100_000) },
      { email: "admin@example.com' --", password: "' OR '1'='1" },
      { email: 'admin@example.com', password: null },
      {},
    ];
    for (const body of bodies) {
      tried++;
      const answer = await call(server, 'POST', '/api/auth/login', { body });
      expect([400, 401], JSON.stringify(answer.body)).toContain(answer.status);
      expectErrorBody(answer.body);
      expect(
        answer.headers.getSetCookie().some((c) => /lantern_session=[^;]+/.test(c) && !/lantern_session=;/.test(c)),
      ).toBe(false);
    }
  });

  it('an account email taken by any account kind, in any case, is refused', async () => {
    const before = await fingerprint(server.db);
    const password = 'Long enough 2026';
    const cases: [keyof Cookies, string, string, Record<string, unknown>][] = [
      ['support', 'POST', '/api/users', { email: 'USER@example.com', password, fullName: 'Dup', locale: 'en' }],
      ['support', 'POST', '/api/users', { email: 'partner@example.com', password, fullName: 'Dup', locale: 'en' }],
      [
        'moderator',
        'POST',
        '/api/partners',
        { email: 'Admin@Example.com', password, companyName: 'X', contactName: 'Y', phone: '+856 20 1234567' },
      ],
      ['super_admin', 'POST', '/api/admins', { email: 'user@example.com', password, fullName: 'Dup', role: 'support' }],
      ['support', 'PUT', '/api/users/1', { email: 'moderator@example.com' }],
    ];
    for (const [role, method, url, body] of cases) {
      tried++;
      const answer = await call(server, method, url, { cookie: cookies[role], body });
      expect(answer.status, `${method} ${url} ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.errors.email).toBe('This value is already in use');
    }
    expect(await fingerprint(server.db)).toEqual(before);
    // The account's own email, in another case, is still its own.
    const own = await call(server, 'PUT', '/api/users/1', { cookie: cookies.support, body: { fullName: 'Khamla K.' } });
    expect(own.status).toBe(200);
  });
});
