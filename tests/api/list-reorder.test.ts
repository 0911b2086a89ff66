import { beforeAll, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';

interface Row {
  id: number;
  code: string;
  sortOrder: number;
  version: number;
}

/** `list.reorder` of the master data: `PUT /api/{name}/-/order` saves a hand-made order in one transaction. */
describeEachEngine('list reorder endpoint', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });
  let moderator: string;
  let finance: string;
  let partner: string;

  const rows = async (resource = 'tour-types'): Promise<Row[]> =>
    (await call(server, 'GET', `/api/${resource}?sort=["sortOrder","ASC"]&range=[0,99]`, { cookie: moderator })).body;
  const order = (ids: unknown, cookie = moderator, resource = 'tour-types') =>
    call(server, 'PUT', `/api/${resource}/-/order`, { cookie, body: { ids } });

  beforeAll(async () => {
    [moderator, finance, partner] = await Promise.all([
      server.login('moderator@example.com', 'Admin#2026'),
      server.login('finance@example.com', 'Admin#2026'),
      server.login('partner@example.com', 'Partner#2026'),
    ]);
  });

  it('gives the rows the order sent, within the places they held, with a version bump and an audit row each', async () => {
    const before = await rows();
    expect(before.length).toBeGreaterThan(3);
    const reversed = before.map((row) => row.id).reverse();
    const response = await order(reversed);
    expect(response.status).toBe(200);
    expect(response.body.map((row: Row) => row.id)).toEqual(reversed);
    const after = await rows();
    expect(after.map((row) => row.id)).toEqual(reversed);
    expect(after.map((row) => row.sortOrder)).toEqual(before.map((row) => row.sortOrder));
    const moved = after.find((row) => row.id === before[0].id)!;
    expect(moved.version).toBe(before[0].version + 1);
    const audit = await call(server, 'GET', `/api/audit-log?filter=${JSON.stringify({ recordId: moved.id })}`, {
      cookie: await server.login('admin@example.com', 'Admin#2026'),
    });
    expect(audit.body.some((entry: { diff?: Record<string, unknown> }) => entry.diff?.sortOrder)).toBe(true);
    // Visitors (the home page's filters) read the same order, limited to active rows.
    const open = await call(server, 'GET', '/api/tour-types?sort=["sortOrder","ASC"]&range=[0,99]');
    expect(open.status).toBe(200);
    const active = new Set(after.filter((row) => (row as Row & { active: boolean }).active).map((row) => row.id));
    expect(open.body.map((row: Row) => row.id)).toEqual(after.map((row) => row.id).filter((id) => active.has(id)));
  });

  it('moves only the rows sent: a swap of two leaves the others where they were', async () => {
    const before = await rows();
    const [a, b] = [before[1], before[2]];
    expect((await order([b.id, a.id])).status).toBe(200);
    const after = await rows();
    expect(after.map((row) => row.id)).toEqual([before[0].id, b.id, a.id, ...before.slice(3).map((row) => row.id)]);
    expect(after.find((row) => row.id === b.id)!.sortOrder).toBe(a.sortOrder);
    expect(after.find((row) => row.id === before[0].id)!.version).toBe(before[0].version);
  });

  it('makes equal positions distinct, so the order sent is the order kept', async () => {
    const before = await rows('provinces');
    const ids = before.slice(0, 3).map((row) => row.id);
    for (const id of ids) {
      const row = before.find((r) => r.id === id)!;
      const put = await call(server, 'PUT', `/api/provinces/${id}`, {
        cookie: moderator,
        body: { sortOrder: 5, version: row.version },
      });
      expect(put.status).toBe(200);
    }
    const wanted = [ids[2], ids[0], ids[1]];
    const response = await order(wanted, moderator, 'provinces');
    expect(response.status).toBe(200);
    expect(response.body.map((row: Row) => row.sortOrder)).toEqual([5, 6, 7]);
    expect((await rows('provinces')).slice(0, 3).map((row) => row.id)).toEqual(wanted);
  });

  it('serialises two reorders of the same rows sent at once: both succeed, the positions stay distinct', async () => {
    const ids = (await rows()).map((row) => row.id);
    const results = await Promise.all([order([...ids].reverse()), order([...ids.slice(1), ids[0]])]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const positions = (await rows()).map((row) => row.sortOrder);
    expect(new Set(positions).size).toBe(positions.length);
  });

  it('is refused to accounts without update access: 403 for finance and partners, 401 signed out', async () => {
    const before = await rows();
    const ids = before.map((row) => row.id).reverse();
    expect((await order(ids, finance)).status).toBe(403);
    expect((await order(ids, partner)).status).toBe(403);
    expect((await order(ids, '')).status).toBe(401);
    expect((await rows()).map((row) => row.id)).toEqual(before.map((row) => row.id));
  });

  it('answers 400 naming `ids` for bad input, 404 for an unknown row, and changes nothing', async () => {
    const before = await rows();
    const [first, second] = before.map((row) => row.id);
    for (const bad of [undefined, [], 'abc', [first, 'x'], [first, -2], [first, 1.5], [first, first]]) {
      const response = await order(bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(response.body.errors.ids, JSON.stringify(bad)).toEqual(expect.any(String));
    }
    const tooMany = await order(Array.from({ length: 501 }, (_, i) => i + 1));
    expect(tooMany.status).toBe(400);
    const array = await call(server, 'PUT', '/api/tour-types/-/order', { cookie: moderator, body: [first] });
    expect(array.status).toBe(400);
    const extra = await call(server, 'PUT', '/api/tour-types/-/order', {
      cookie: moderator,
      body: { ids: [second, first], sortOrder: 1 },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.errors).toEqual({ sortOrder: 'This field is not allowed' });
    expect((await order([second, first, 987654])).status).toBe(404);
    expect((await rows()).map((row) => row.id)).toEqual(before.map((row) => row.id));
  });

  it('exists only for resources whose list has `reorder`, and says so in OpenAPI', async () => {
    expect((await order([1], moderator, 'services')).status).toBe(404);
    const { paths } = (await call(server, 'GET', '/api/openapi.json')).body;
    expect(paths['/api/tour-types/-/order'].put.requestBody).toBeDefined();
    expect(paths['/api/services/-/order']).toBeUndefined();
  });
});
