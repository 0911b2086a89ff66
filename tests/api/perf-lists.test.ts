/**
 * Lists that scale, checked for correctness (never timings): capped and estimated totals, status-tab counts,
 * keyset deep pages equal to OFFSET pages, the streamed CSV export, and the stats endpoints against the rows.
 */
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { addBulkOrders } from '../../resources/demo/bulk-orders';
import { call, describeEachEngine, suiteServer } from './harness';

const ORDERS = 3_000;
/** Low limits so a few thousand rows exercise the large-table paths. */
const EXACT_LIMIT = 500;
const KEYSET_OFFSET = 100;
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describeEachEngine('lists at scale', (engine) => {
  const server = suiteServer({
    engine,
    seed: 'small',
    config: { listExactCountLimit: EXACT_LIMIT, listKeysetOffset: KEYSET_OFFSET },
    setup: async (db) => {
      await addBulkOrders(db, ORDERS, { batch: ORDERS });
      await sql`analyze`.execute(db);
    },
  });
  let admin: string;
  let partner: string;
  let partnerId: number;

  beforeAll(async () => {
    admin = await server.login('admin@example.com', 'Admin#2026');
    partner = await server.login('partner@example.com', 'Partner#2026');
    partnerId = (await call(server, 'GET', '/api/auth/me', { cookie: partner })).body.id;
  });

  const count = async (where = sql`true`) =>
    Number(
      (await sql<{ n: number }>`select count(*)::int as n from orders where ${where}`.execute(server.db)).rows[0].n,
    );

  it('totals are exact under the limit, and honest (capped or estimated) past it; Content-Range stays well-formed', async () => {
    const small = await call(
      server,
      'GET',
      `/api/orders?range=[0,9]&filter=${q({ status: 'pending_payment', partnerId })}`,
      {
        cookie: admin,
      },
    );
    const exact = await count(sql`status = 'pending_payment' and "partnerId" = ${partnerId}`);
    expect(exact).toBeLessThanOrEqual(EXACT_LIMIT);
    expect(small.headers.get('content-range')).toBe(`orders 0-${Math.min(exact, 10) - 1}/${exact}`);
    expect(small.headers.get('x-total-count-kind')).toBe('exact');
    expect(small.headers.get('access-control-expose-headers')).toContain('X-Total-Count-Kind');

    const big = await call(server, 'GET', '/api/orders?range=[0,24]', { cookie: admin });
    const total = Number(/^orders 0-24\/(\d+)$/.exec(big.headers.get('content-range') ?? '')?.[1]);
    const kind = big.headers.get('x-total-count-kind');
    expect(['capped', 'estimate']).toContain(kind);
    expect(total).toBeGreaterThan(EXACT_LIMIT);
    if (kind === 'capped') expect(total).toBe(EXACT_LIMIT + 1);
    expect(big.body).toHaveLength(25);

    // The last page needs no count at all and is exact.
    const all = await count();
    const tail = await call(server, 'GET', `/api/orders?range=[${all - 5},${all + 4}]`, { cookie: admin });
    expect(tail.body).toHaveLength(5);
    expect(tail.headers.get('content-range')).toBe(`orders ${all - 5}-${all - 1}/${all}`);
    expect(tail.headers.get('x-total-count-kind')).toBe('exact');
  });

  it('status-tab counts come from one endpoint, scoped, ignoring the tab field in the filter', async () => {
    const { status, body } = await call(
      server,
      'GET',
      `/api/orders/-/counts?field=status&filter=${q({ status: 'paid', partnerId })}`,
      { cookie: admin },
    );
    expect(status).toBe(200);
    expect(body.counts.map((c: { value: string }) => c.value)).toEqual([
      'pending_payment',
      'paid',
      'confirmed',
      'completed',
      'cancelled',
      'refunded',
      'expired',
      'no_show',
    ]);
    for (const tab of body.counts) {
      const n = await count(sql`status = ${tab.value} and "partnerId" = ${partnerId}`);
      if (n <= EXACT_LIMIT) expect(tab).toEqual({ value: tab.value, total: n, kind: 'exact' });
      else expect(tab.total).toBeGreaterThan(EXACT_LIMIT);
    }
    const mine = await call(server, 'GET', '/api/orders/-/counts?field=status', { cookie: partner });
    const other = await count(sql`"partnerId" <> ${partnerId}`);
    expect(other).toBeGreaterThan(0);
    const paid = mine.body.counts.find((c: { value: string }) => c.value === 'paid');
    const paidMine = await count(sql`status = 'paid' and "partnerId" = ${partnerId}`);
    if (paidMine <= EXACT_LIMIT) expect(paid.total).toBe(paidMine);

    expect((await call(server, 'GET', '/api/orders/-/counts?field=code', { cookie: admin })).status).toBe(400);
    expect((await call(server, 'GET', '/api/orders/-/counts?field=commission', { cookie: admin })).status).toBe(400);
    expect((await call(server, 'GET', '/api/orders/-/counts?field=status')).status).toBe(401);
  });

  it('deep pages (keyset seek) return exactly the rows of OFFSET paging, in every sort direction', async () => {
    const cases: [string, 'ASC' | 'DESC', object][] = [
      ['createdAt', 'DESC', {}],
      ['createdAt', 'ASC', { status: 'completed' }],
      ['id', 'DESC', {}],
      ['departureDate', 'ASC', {}],
      ['total', 'DESC', { partnerId }],
    ];
    for (const [field, order, filter] of cases) {
      const direction = order === 'DESC' ? sql.raw('desc') : sql.raw('asc');
      const conditions = Object.entries(filter).map(([k, v]) => sql`${sql.ref(k)} = ${v}`);
      const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
      for (const start of [KEYSET_OFFSET + 1, 450, 1_200]) {
        const expected = await sql<{ id: number }>`
          select id from orders where ${where} order by ${sql.ref(field)} ${direction}, id ${direction}
          limit 20 offset ${start}`.execute(server.db);
        const { body, headers } = await call(
          server,
          'GET',
          `/api/orders?sort=${q([field, order])}&range=[${start},${start + 19}]&filter=${q(filter)}`,
          { cookie: admin },
        );
        expect(
          body.map((r: { id: number }) => r.id),
          `${field} ${order} @${start}`,
        ).toEqual(expected.rows.map((r) => Number(r.id)));
        if (expected.rows.length) expect(headers.get('content-range')).toMatch(new RegExp(`^orders ${start}-`));
      }
    }
  });

  it('the CSV export streams every row of the filtered, sorted list (past any page cap), readable fields only', async () => {
    const sort = ['total', 'ASC'];
    const response = await fetch(
      `${server.baseUrl}/api/orders/-/export.csv?sort=${q(sort)}&filter=${q({ partnerId })}`,
      { headers: { cookie: partner } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="orders-/);
    const rows = parse(await response.text(), { columns: true, bom: true }) as Record<string, string>[];
    const expected = await sql<{ id: number }>`
      select id from orders where "partnerId" = ${partnerId} order by total asc, id asc`.execute(server.db);
    expect(expected.rows.length).toBeGreaterThan(EXACT_LIMIT);
    expect(rows.map((r) => Number(r.id))).toEqual(expected.rows.map((r) => Number(r.id)));
    expect(new Set(rows.map((r) => r.partnerId))).toEqual(new Set([String(partnerId)]));
    // Contact details are revealed to a partner only once an order is paid; no hidden column ever appears.
    expect(Object.keys(rows[0])).toContain('contactName');
    expect(rows.filter((r) => r.status === 'pending_payment').every((r) => r.contactName === '')).toBe(true);

    // A user never sees commission columns; admins choose columns; unknown ones are refused.
    const user = await server.login('user@example.com', 'User#2026');
    const mine = await fetch(`${server.baseUrl}/api/orders/-/export.csv`, { headers: { cookie: user } });
    const header = (await mine.text()).split('\n')[0];
    expect(header).not.toContain('commission');
    const chosen = await fetch(`${server.baseUrl}/api/orders/-/export.csv?fields=${q(['code', 'total'])}`, {
      headers: { cookie: admin },
    });
    expect((await chosen.text()).split('\n')[0].replace(/^\uFEFF/, '')).toBe('code,total');
    expect(
      (await call(server, 'GET', `/api/orders/-/export.csv?fields=${q(['nope'])}`, { cookie: admin })).status,
    ).toBe(400);
    expect(
      (await call(server, 'GET', `/api/orders/-/export.csv?filter=${q({ nope: 1 })}`, { cookie: admin })).status,
    ).toBe(400);
  });

  it('stats are SQL aggregates of exactly the reader’s rows, and follow writes at once', async () => {
    const from = '2020-01-01';
    const to = '2029-12-31';
    const period = `from=${from}&to=${to}`;
    const counted = sql`status in ('paid', 'confirmed', 'completed')`;
    const expectTotals = async (where: ReturnType<typeof sql>) =>
      (
        await sql<{ n: number; total: number }>`
          select count(*)::int as n, coalesce(sum(total), 0)::bigint as total from orders where ${counted} and ${where}`.execute(
          server.db,
        )
      ).rows[0];

    const all = await call(server, 'GET', `/api/stats/orders/summary?${period}`, { cookie: admin });
    expect(all.status).toBe(200);
    const allExpected = await expectTotals(sql`true`);
    expect([all.body.count, all.body.total]).toEqual([Number(allExpected.n), Number(allExpected.total)]);

    const mine = await call(server, 'GET', `/api/stats/orders/summary?${period}`, { cookie: partner });
    const mineExpected = await expectTotals(sql`"partnerId" = ${partnerId}`);
    expect([mine.body.count, mine.body.total]).toEqual([Number(mineExpected.n), Number(mineExpected.total)]);
    expect(mine.body.count).toBeLessThan(all.body.count);

    const byPartner = await call(server, 'GET', `/api/stats/orders/by/partnerId?${period}&limit=100`, {
      cookie: partner,
    });
    expect(byPartner.body.rows.map((r: { key: number }) => r.key)).toEqual([partnerId]);

    const series = await call(server, 'GET', `/api/stats/orders/series?interval=month&from=2020-01-01&to=2029-12-31`, {
      cookie: admin,
    });
    expect(series.body.rows).toHaveLength(120);
    expect(series.body.rows[0].bucket).toBe('2020-01-01');
    expect(series.body.rows.reduce((n: number, r: { count: number }) => n + r.count, 0)).toBe(Number(allExpected.n));

    const byType = await call(server, 'GET', `/api/stats/orders/by/serviceId.tourTypeId?${period}`, { cookie: admin });
    const typeExpected = await sql<{ key: number; n: number }>`
      select s."tourTypeId" as key, count(*)::int as n from orders o join services s on s.id = o."serviceId"
      where o.status in ('paid', 'confirmed', 'completed') group by 1`.execute(server.db);
    const top = byType.body.rows[0];
    expect(typeExpected.rows.find((r) => Number(r.key) === top.key)?.n).toBe(top.count);

    const funnel = await call(server, 'GET', `/api/stats/orders/funnel?${period}`, { cookie: admin });
    expect(funnel.body.rows.reduce((n: number, r: { count: number }) => n + r.count, 0)).toBe(await count());

    // A filter the summary table does not keep falls back to the base table and agrees with it.
    const searched = await call(server, 'GET', `/api/stats/orders/summary?${period}&filter=${q({ q: 'BK-1' })}`, {
      cookie: admin,
    });
    // The hyphen separates two words (SPEC §17), each found in the code or the contact's name or email.
    const searchedText = sql`concat_ws(' ', code, "contactName", "contactEmail")`;
    expect(searched.body.count).toBe(
      Number((await expectTotals(sql`${searchedText} ilike '%BK%' and ${searchedText} ilike '%1%'`)).n),
    );

    // Writes move the numbers in the same transaction: cancel an order, delete one.
    const before = await call(server, 'GET', `/api/stats/orders/funnel?${period}`, { cookie: admin });
    const { rows } = await sql<{ id: number }>`select id from orders where status = 'paid' limit 1`.execute(server.db);
    await sql`update orders set status = 'cancelled' where id = ${rows[0].id}`.execute(server.db);
    const after = await call(server, 'GET', `/api/stats/orders/funnel?${period}`, { cookie: admin });
    const n = (body: { rows: { key: string; count: number }[] }, key: string) =>
      body.rows.find((r) => r.key === key)!.count;
    expect(n(after.body, 'paid')).toBe(n(before.body, 'paid') - 1);
    expect(n(after.body, 'cancelled')).toBe(n(before.body, 'cancelled') + 1);

    expect((await call(server, 'GET', `/api/stats/orders/by/contactEmail?${period}`, { cookie: admin })).status).toBe(
      400,
    );
    expect((await call(server, 'GET', `/api/stats/orders/series?interval=year`, { cookie: admin })).status).toBe(400);
    expect((await call(server, 'GET', `/api/stats/orders/summary?from=2020-13-01`, { cookie: admin })).status).toBe(
      400,
    );
    expect((await call(server, 'GET', `/api/stats/nope/summary`, { cookie: admin })).status).toBe(404);
    expect((await call(server, 'GET', `/api/stats/orders/summary`)).status).toBe(401);
    const user = await server.login('user@example.com', 'User#2026');
    const userStats = await call(server, 'GET', `/api/stats/orders/summary?${period}`, { cookie: user });
    expect(userStats.body).not.toHaveProperty('commission');
  });
});
