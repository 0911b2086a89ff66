import { fetchUtils, HttpError, type DataProvider } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine, type TestServer, suiteServer } from './harness';
import { TEST_RESOURCES } from './rest-fixtures';
import { PASSWORD, seedAccounts } from './rest-setup';

/** The real react-admin data provider, signed in through a session cookie as a browser would be. */
function provider(server: TestServer, cookie: string): DataProvider {
  const httpClient = (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    headers.set('Cookie', cookie);
    return fetchUtils.fetchJson(url, { ...options, headers });
  };
  return simpleRestProvider(`${server.baseUrl}/api`, httpClient);
}

const gadget = (n: number, extra: Record<string, unknown> = {}) => ({
  vendorId: (n % 2) + 1,
  code: `G-${String(n).padStart(3, '0')}`,
  title: `Gadget ${String(n).padStart(3, '0')}`,
  label: { en: `Label ${n}`, lo: n === 7 ? 'ເຄື່ອງມືລາວ' : `ປ້າຍ ${n}` },
  price: n * 1000,
  currency: 'LAK',
  rating: n / 2,
  releaseDate: `2025-01-${String(n).padStart(2, '0')}`,
  kind: n % 3 === 0 ? 'toy' : 'tool',
  tags: n % 2 ? ['red'] : ['green', 'blue'],
  ...extra,
});

describeEachEngine('ra-data-simple-rest against the generated API', (engine) => {
  const server = suiteServer({ engine, resources: TEST_RESOURCES, setup: seedAccounts });
  let ra: DataProvider;

  beforeAll(async () => {
    ra = provider(server, await server.login('moderator@test.example', PASSWORD));
    for (let n = 1; n <= 30; n++) await ra.create('gadgets', { data: gadget(n) });
  });

  it('create answers the stored record with server-set fields', async () => {
    const { data } = await ra.create('gadgets', { data: gadget(31, { notes: null }) });
    expect(data).toMatchObject({
      code: 'G-031',
      status: 'draft',
      version: 1,
      price: 31000,
      rating: 15.5,
      stock: 0,
      active: true,
    });
    expect(data.id).toEqual(expect.any(Number));
    expect(data.releaseDate).toBe('2025-01-31');
    expect(new Date(data.createdAt).toISOString()).toBe(data.createdAt);
    expect(data.label).toEqual({ en: 'Label 31', lo: 'ປ້າຍ 31' });
    await ra.delete('gadgets', { id: data.id });
  });

  it('getList pages with exact totals and Content-Range', async () => {
    const page1 = await ra.getList('gadgets', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'code', order: 'ASC' },
      filter: {},
    });
    expect(page1.total).toBe(30);
    expect(page1.data.map((g) => g.code)).toEqual(
      Array.from({ length: 10 }, (_, i) => `G-${String(i + 1).padStart(3, '0')}`),
    );
    const page3 = await ra.getList('gadgets', {
      pagination: { page: 3, perPage: 10 },
      sort: { field: 'code', order: 'ASC' },
      filter: {},
    });
    expect(page3.data.map((g) => g.code)[9]).toBe('G-030');
    const beyond = await ra.getList('gadgets', {
      pagination: { page: 5, perPage: 10 },
      sort: { field: 'code', order: 'ASC' },
      filter: {},
    });
    expect(beyond).toMatchObject({ total: 30, data: [] });
  });

  it('getList sorts ascending and descending on any readable column', async () => {
    const desc = await ra.getList('gadgets', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'price', order: 'DESC' },
      filter: {},
    });
    expect(desc.data.map((g) => g.price)).toEqual([30000, 29000, 28000, 27000, 26000]);
    const byDate = await ra.getList('gadgets', {
      pagination: { page: 1, perPage: 3 },
      sort: { field: 'releaseDate', order: 'ASC' },
      filter: {},
    });
    expect(byDate.data.map((g) => g.releaseDate)).toEqual(['2025-01-01', '2025-01-02', '2025-01-03']);
  });

  it('getList filters: equality, any-of, q, ranges, ids, multi-enum, booleans', async () => {
    const list = (filter: Record<string, unknown>) =>
      ra.getList('gadgets', { pagination: { page: 1, perPage: 100 }, sort: { field: 'code', order: 'ASC' }, filter });
    expect((await list({ kind: 'toy' })).total).toBe(10);
    expect((await list({ vendorId: [1, 2] })).total).toBe(30);
    expect((await list({ vendorId: 2 })).total).toBe(15);
    // Every word, each anywhere in the text (SPEC §17): "Gadget 001" holds "01" too.
    expect((await list({ q: 'gadget 01' })).data.map((g) => g.code)).toEqual([
      'G-001',
      'G-010',
      'G-011',
      'G-012',
      'G-013',
      'G-014',
      'G-015',
      'G-016',
      'G-017',
      'G-018',
      'G-019',
    ]);
    // `q` searches every locale of localized fields.
    expect((await list({ q: 'ເຄື່ອງມື' })).data.map((g) => g.code)).toEqual(['G-007']);
    expect((await list({ q: '100%' })).total).toBe(0);
    expect((await list({ price_gte: 5000, price_lte: 7000 })).data.map((g) => g.price)).toEqual([5000, 6000, 7000]);
    expect((await list({ releaseDate_gte: '2025-01-29' })).total).toBe(2);
    expect((await list({ createdAt_lte: '2000-01-01' })).total).toBe(0);
    expect((await list({ tags: 'blue' })).total).toBe(15);
    expect((await list({ active: true, kind: ['toy', 'tool'] })).total).toBe(30);
    expect((await list({ notes: 'created by hook', status: 'draft' })).total).toBe(30);
  });

  it('getMany asks for ids, getManyReference for a target', async () => {
    const all = await ra.getList('gadgets', {
      pagination: { page: 1, perPage: 3 },
      sort: { field: 'code', order: 'ASC' },
      filter: {},
    });
    const ids = all.data.map((g) => g.id);
    const many = await ra.getMany('gadgets', { ids });
    expect(many.data.map((g) => g.id).sort()).toEqual([...ids].sort());
    const refs = await ra.getManyReference('gadgets', {
      target: 'vendorId',
      id: 1,
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'price', order: 'ASC' },
      filter: { kind: 'tool' },
    });
    expect(refs.data.every((g) => g.vendorId === 1 && g.kind === 'tool')).toBe(true);
    expect(refs.total).toBe(10);
    expect(refs.data).toHaveLength(5);
  });

  it('getOne, update (whole record, version bump), stale version → 409', async () => {
    const { data: first } = await ra.getList('gadgets', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'code', order: 'ASC' },
      filter: {},
    });
    const { data: record } = await ra.getOne('gadgets', { id: first[0].id });
    expect(record).toEqual(first[0]);
    const { data: updated } = await ra.update('gadgets', {
      id: record.id,
      data: { ...record, title: 'Renamed' },
      previousData: record,
    });
    expect(updated).toMatchObject({ title: 'Renamed', version: record.version + 1, status: 'draft' });
    const stale = await ra
      .update('gadgets', { id: record.id, data: { ...record, title: 'Again' }, previousData: record })
      .catch((e) => e);
    expect(stale).toBeInstanceOf(HttpError);
    expect(stale.status).toBe(409);
  });

  it('validation errors come back per field', async () => {
    const error = await ra
      .create('gadgets', {
        data: { vendorId: 1, code: 'lower', title: '', price: -5, label: { en: 'x'.repeat(300) }, tags: ['pink'] },
      })
      .catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(400);
    expect(error.body.errors).toMatchObject({
      code: 'This field can only contain uppercase letters',
      title: 'This field is required',
      price: 'The value must be at least 0',
      'label.en': 'You must enter a maximum of 255 characters',
    });
    expect(error.body.errors['tags[0]'] ?? error.body.errors.tags).toBeDefined();
    const missingRef = await ra
      .create('gadgets', { data: gadget(9, { code: 'G-X99', vendorId: 999 }) })
      .catch((e) => e);
    expect(missingRef.body.errors).toEqual({ vendorId: 'The referenced record does not exist' });
    const duplicate = await ra.create('gadgets', { data: gadget(1) }).catch((e) => e);
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.errors).toEqual({ code: 'This value is already in use' });
  });

  it('updateMany and deleteMany call the single routes per id; delete answers the record', async () => {
    const { data } = await ra.getList('gadgets', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'code', order: 'DESC' },
      filter: {},
    });
    const ids = data.map((g) => g.id);
    const many = await ra.updateMany('gadgets', { ids, data: { stock: 7 } });
    expect(many.data!.sort()).toEqual([...ids].sort());
    const again = await ra.getMany('gadgets', { ids });
    expect(again.data.map((g) => g.stock)).toEqual([7, 7]);
    const { data: deleted } = await ra.delete('gadgets', { id: ids[0], previousData: data[0] });
    expect(deleted).toMatchObject({ id: ids[0], code: data[0].code });
    const rest = await ra.deleteMany('gadgets', { ids: [ids[1]] });
    expect(rest.data).toEqual([ids[1]]);
    const gone = await ra.getOne('gadgets', { id: ids[0] }).catch((e) => e);
    expect(gone.status).toBe(404);
    const after = await ra.getList('gadgets', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(after.total).toBe(28);
  });

  it('settings-like resources open by their lookup key', async () => {
    const { data } = await ra.getOne('prefs', { id: 'general' });
    expect(data).toMatchObject({ key: 'general', values: { currency: 'LAK' } });
    const missing = await ra.getOne('prefs', { id: 'nope' }).catch((e) => e);
    expect(missing.status).toBe(404);
  });
});
