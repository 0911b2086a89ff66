/**
 * Every endpoint a partner can reach is scoped to that partner. Partner A (partner@example.com) and
 * partner B (partner2@example.com) both own rows in the small demo seed; A must never see, count, export,
 * aggregate or touch one of B's rows, and B's ids answer 404 (not 403), so A cannot even learn they exist.
 */
import { beforeAll, expect, it } from 'vitest';
import resources from '../../resources/index';
import { tableName } from '../../src/core/resource';
import { call, describeEachEngine, suiteServer } from './harness';
import { platformDay } from '../support/platform-day';

const PASSWORD = 'Partner#2026';
/** Resources a partner reads through its owner rule (its own rows only). */
const OWNED = resources.filter((resource) => resource.access.partner?.read);
const range = (n = 999) => encodeURIComponent(JSON.stringify([0, n]));
const filterOf = (value: unknown) => encodeURIComponent(JSON.stringify(value));

function totalOf(headers: Headers): number {
  const match = /\/(\d+)$/.exec(headers.get('content-range') ?? '');
  return match ? Number(match[1]) : Number.NaN;
}

/** The ids in the first column of a CSV export (the header names `id` first). */
function csvIds(text: string): number[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter(Boolean);
  expect(lines[0]?.split(',')[0]).toBe('id');
  return lines.slice(1).map((line) => Number(line.split(',')[0]));
}

const isoDay = (offset: number) => platformDay(offset);

describeEachEngine('partner scope: every partner-visible endpoint', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });
  let a: string;
  let b: string;
  let idA: number;
  let idB: number;
  /** Each owned resource's rows in the database, by owner. */
  const rows = new Map<string, { a: Record<string, any>[]; b: Record<string, any>[] }>();

  beforeAll(async () => {
    a = await server.login('partner@example.com', PASSWORD);
    b = await server.login('partner2@example.com', PASSWORD);
    idA = (await call(server, 'GET', '/api/auth/me', { cookie: a })).body.id;
    idB = (await call(server, 'GET', '/api/auth/me', { cookie: b })).body.id;
    for (const resource of OWNED) {
      const scope = resource.access.partner!.scope;
      const all = await server.db.selectFrom(tableName(resource)).selectAll().execute();
      rows.set(resource.name, {
        a: all.filter((row) => Number(row[scope]) === idA),
        b: all.filter((row) => Number(row[scope]) === idB),
      });
    }
  }, 120_000);

  it('the two demo partners are different accounts that both own rows', () => {
    expect(idA).toBeGreaterThan(0);
    expect(idB).toBeGreaterThan(0);
    expect(idA).not.toBe(idB);
    for (const name of ['partners', 'services', 'schedules', 'orders', 'payments', 'partner-profiles']) {
      expect(rows.get(name)?.a.length, `${name} of A`).toBeGreaterThan(0);
      expect(rows.get(name)?.b.length, `${name} of B`).toBeGreaterThan(0);
    }
  });

  for (const resource of OWNED) {
    it(`${resource.name}: list, total and getMany hold only A's rows`, async () => {
      const own = rows.get(resource.name)!;
      const mine = new Set(own.a.map((row) => Number(row.id)));
      const list = await call(server, 'GET', `/api/${resource.name}?range=${range()}`, { cookie: a });
      expect(list.status).toBe(200);
      expect(totalOf(list.headers)).toBe(own.a.length);
      expect(list.body.map((row: { id: number }) => row.id).sort()).toEqual([...mine].sort());
      if (own.b.length) {
        // Asking for B's ids, or filtering on B's scope value, finds nothing.
        const ids = own.b.map((row) => Number(row.id));
        const many = await call(server, 'GET', `/api/${resource.name}?filter=${filterOf({ id: ids })}`, { cookie: a });
        expect(many.status).toBe(200);
        expect(many.body).toEqual([]);
        const scope = resource.access.partner!.scope;
        const forged = await call(server, 'GET', `/api/${resource.name}?filter=${filterOf({ [scope]: idB })}`, {
          cookie: a,
        });
        expect([200, 400]).toContain(forged.status);
        if (forged.status === 200) expect(forged.body).toEqual([]);
      }
    });

    it(`${resource.name}: B's record answers 404 to A for read, update and actions`, async () => {
      const other = rows.get(resource.name)!.b[0];
      if (!other) {
        // Only A owns rows of this resource in the seed: an unknown id still answers 404.
        expect((await call(server, 'GET', `/api/${resource.name}/987654`, { cookie: a })).status).toBe(404);
        return;
      }
      const url = `/api/${resource.name}/${other.id}`;
      expect((await call(server, 'GET', url, { cookie: a })).status).toBe(404);
      if (resource.access.partner?.update) {
        const put = await call(server, 'PUT', url, { cookie: a, body: { version: other.version } });
        expect(put.status).toBe(404);
      }
      if (resource.workflow) {
        expect((await call(server, 'GET', `${url}/actions`, { cookie: a })).status).toBe(404);
        for (const [action, transition] of Object.entries(resource.workflow.transitions)) {
          if (!transition.by.includes('partner')) continue;
          const run = await call(server, 'POST', `${url}/actions/${action}`, { cookie: a, body: { reason: 'x' } });
          expect(run.status, action).toBe(404);
        }
      }
      // B still reads it: the 404 is A's scope, not a missing row.
      expect((await call(server, 'GET', url, { cookie: b })).status).toBe(200);
    });

    it(`${resource.name}: the CSV export holds exactly A's rows`, async () => {
      const own = rows.get(resource.name)!;
      const csv = await call(server, 'GET', `/api/${resource.name}/-/export.csv`, { cookie: a });
      expect(csv.status).toBe(200);
      const ids = csvIds(String(csv.body));
      expect(ids.sort()).toEqual(own.a.map((row) => Number(row.id)).sort());
    });
  }

  for (const resource of OWNED.filter((r) => r.workflow)) {
    it(`${resource.name}: status counts add up to A's rows only`, async () => {
      const field = resource.workflow!.field ?? 'status';
      const res = await call(server, 'GET', `/api/${resource.name}/-/counts?field=${field}`, { cookie: a });
      expect(res.status).toBe(200);
      const sum = res.body.counts.reduce((total: number, row: { total: number }) => total + row.total, 0);
      expect(sum).toBe(rows.get(resource.name)!.a.length);
    });
  }

  for (const resource of OWNED.filter((r) => r.list.totals?.length)) {
    it(`${resource.name}: list totals sum A's rows only`, async () => {
      const res = await call(server, 'GET', `/api/${resource.name}/-/totals`, { cookie: a });
      expect(res.status).toBe(200);
      const field = resource.list.totals![0] as string;
      const expected = rows.get(resource.name)!.a.reduce((sum, row) => sum + Number(row[field] ?? 0), 0);
      const got = res.body.rows.reduce(
        (sum: number, row: { sums: Record<string, number> }) => sum + row.sums[field],
        0,
      );
      expect(got).toBe(expected);
    });
  }

  it('balance and earnings: own answers, another partner’s id answers 404', async () => {
    for (const endpoint of ['balance', 'earnings']) {
      const own = await call(server, 'GET', `/api/partners/${idA}/${endpoint}`, { cookie: a });
      expect(own.status, endpoint).toBe(200);
      expect(own.body.partnerId).toBe(idA);
      expect(typeof own.body.available === 'number' || typeof own.body.thisMonth === 'number').toBe(true);
      expect((await call(server, 'GET', `/api/partners/${idB}/${endpoint}`, { cookie: a })).status).toBe(404);
      expect((await call(server, 'GET', `/api/partners/${idA}/${endpoint}`, { cookie: b })).status).toBe(404);
      expect((await call(server, 'GET', `/api/partners/${idA}/${endpoint}`)).status).toBe(401);
    }
  });

  it('earnings aggregate only A’s completed orders', async () => {
    const res = await call(server, 'GET', `/api/partners/${idA}/earnings`, { cookie: a });
    const completed = rows.get('orders')!.a.filter((row) => row.status === 'completed');
    expect(res.body.gross).toBe(completed.reduce((sum, row) => sum + Number(row.total), 0));
    expect(res.body.commission).toBe(completed.reduce((sum, row) => sum + Number(row.commission), 0));
    const services = new Set(rows.get('services')!.a.map((row) => Number(row.id)));
    for (const row of res.body.byService) expect(services.has(row.serviceId)).toBe(true);
    expect(res.body.series).toHaveLength(12);
  });

  it('statistics aggregate only A’s orders', async () => {
    const query = `from=${isoDay(-365)}&to=${isoDay(0)}`;
    const by = await call(server, 'GET', `/api/stats/orders/by/partnerId?${query}`, { cookie: a });
    expect(by.status).toBe(200);
    expect(by.body.rows.length).toBeGreaterThan(0);
    for (const row of by.body.rows) expect(Number(row.key)).toBe(idA);
    const summaryA = await call(server, 'GET', `/api/stats/orders/summary?${query}`, { cookie: a });
    const summaryB = await call(server, 'GET', `/api/stats/orders/summary?${query}`, { cookie: b });
    // The summary counts sold orders created in the period (the `stats.where` of orders).
    const from = isoDay(-365);
    const to = isoDay(0);
    const sold = (list: Record<string, any>[]) =>
      list.filter((row) => {
        const day = new Date(row.createdAt).toISOString().slice(0, 10);
        return ['paid', 'confirmed', 'completed'].includes(row.status) && day >= from && day <= to;
      }).length;
    expect(summaryA.status).toBe(200);
    expect(summaryA.body.count).toBe(sold(rows.get('orders')!.a));
    expect(summaryB.body.count).toBe(sold(rows.get('orders')!.b));
    expect(summaryA.body.count).toBeGreaterThan(0);
  });

  it('reference pickers list only A’s records and refuse B’s as a reference', async () => {
    const services = await call(server, 'GET', `/api/services?range=${range()}&filter=${filterOf({ q: '' })}`, {
      cookie: a,
    });
    expect(services.body.every((row: { partnerId: number }) => row.partnerId === idA)).toBe(true);
    const otherService = rows.get('services')!.b[0];
    const before = rows.get('schedules')!.a.length;
    const forged = await call(server, 'POST', '/api/schedules', {
      cookie: a,
      body: { serviceId: otherService.id, startDate: isoDay(20), endDate: isoDay(21), capacity: 5 },
    });
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect(forged.status).toBeLessThan(500);
    const after = await call(server, 'GET', `/api/schedules?range=${range()}`, { cookie: a });
    expect(totalOf(after.headers)).toBe(before);
  });

  it('a forged scope value on create is replaced by the signed-in partner', async () => {
    const created = await call(server, 'POST', '/api/services', {
      cookie: a,
      body: {
        partnerId: idB,
        title: { en: 'Scope probe', lo: 'ທົດສອບ' },
        tourTypeId: rows.get('services')!.a[0].tourTypeId,
        provinceId: rows.get('services')!.a[0].provinceId,
        durationDays: 1,
        price: 100_000,
        capacity: 5,
      },
    });
    expect([201, 400]).toContain(created.status);
    if (created.status === 201) expect(created.body.partnerId).toBe(idA);
    const ofB = await call(server, 'GET', `/api/services?range=${range()}`, { cookie: b });
    expect(ofB.body.some((row: { title: { en?: string } }) => row.title?.en === 'Scope probe')).toBe(false);
  });

  it('customer contact details reach A only for paid orders', async () => {
    const list = await call(server, 'GET', `/api/orders?range=${range()}`, { cookie: a });
    const paidStates = ['paid', 'confirmed', 'completed'];
    const unpaid = list.body.filter((row: { status: string }) => !paidStates.includes(row.status));
    expect(unpaid.length).toBeGreaterThan(0);
    for (const row of unpaid) expect(row.contactName ?? null).toBeNull();
    const paid = list.body.find((row: { status: string; contactName?: string }) => paidStates.includes(row.status));
    expect(paid).toBeDefined();
    const one = await call(server, 'GET', `/api/orders/${unpaid[0].id}`, { cookie: a });
    expect(one.body.contactEmail ?? null).toBeNull();
  });

  it('uploads: partners may upload images, visitors may not, and names are not guessable', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = () => {
      const data = new FormData();
      data.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
      return data;
    };
    const anonymous = await fetch(`${server.baseUrl}/api/uploads`, { method: 'POST', body: form() });
    expect([401, 403]).toContain(anonymous.status);
    const res = await fetch(`${server.baseUrl}/api/uploads`, {
      method: 'POST',
      body: form(),
      headers: { cookie: a },
    });
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}-1x1\.webp$/);
    expect((await fetch(`${server.baseUrl}${url}`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/uploads/not-a-real-name.png`)).status).toBe(404);
  });
});
