import { hashKey, QueryCache } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../src/client/generated/query-client';

/** A client whose cache holds what a few list pages leave behind: one query per record, and some lists. */
function filledClient() {
  const client = createQueryClient();
  for (let id = 1; id <= 500; id++)
    client.setQueryData(['orders', 'getOne', { id: String(id), meta: undefined }], { id });
  for (let page = 1; page <= 5; page++) client.setQueryData(['orders', 'getList', { page }], { page });
  client.setQueryData(['partners', 'getMany', { ids: ['3'] }], [{ id: 3 }]);
  return client;
}

describe('the generated apps’ query cache', () => {
  it('finds a query by its exact key without copying the whole cache, the same query a scan finds', () => {
    const cache = filledClient().getQueryCache();
    const scan = vi.spyOn(cache, 'getAll');
    for (const key of [
      ['orders', 'getOne', { id: '250', meta: undefined }],
      ['partners', 'getMany', { ids: ['3'] }],
      // The key's object in another order of its properties hashes the same.
      ['orders', 'getList', { page: 4 }],
    ]) {
      const found = cache.find({ queryKey: key, exact: true });
      expect(found?.queryHash).toBe(hashKey(key));
    }
    expect(scan).not.toHaveBeenCalled();
    scan.mockRestore();
    const key = ['orders', 'getOne', { id: '250', meta: undefined }];
    expect(cache.find({ queryKey: key })).toBe(QueryCache.prototype.find.call(cache, { queryKey: key }));
  });

  it('answers as react-query’s own lookup for a missing key, a prefix and other filters', () => {
    const cache = filledClient().getQueryCache();
    const original = (filters: Parameters<QueryCache['find']>[0]) => QueryCache.prototype.find.call(cache, filters);
    const cases: Parameters<QueryCache['find']>[0][] = [
      { queryKey: ['orders', 'getOne', { id: '9999' }] },
      { queryKey: ['orders', 'getList'], exact: false },
      { queryKey: ['orders', 'getOne', { id: '7', meta: undefined }], type: 'active' },
      { queryKey: ['orders', 'getOne', { id: '7', meta: undefined }], type: 'inactive' },
      { queryKey: ['partners', 'getMany', { ids: ['3'] }], predicate: () => false },
    ];
    for (const filters of cases) expect(cache.find(filters), JSON.stringify(filters)).toBe(original(filters));
    expect(cache.find(cases[1])?.queryKey[1]).toBe('getList');
    expect(cache.find(cases[3])).toBeDefined();
  });

  it('counts the fetching queries as a scan does, through starts, ends, failures and removals', async () => {
    const client = filledClient();
    const cache = client.getQueryCache();
    const scanned = () => QueryCache.prototype.findAll.call(cache, { fetchStatus: 'fetching' }).length;
    const pending: Record<string, { resolve: (v: unknown) => void; reject: (e: Error) => void }> = {};
    const start = (name: string) =>
      client
        .fetchQuery({
          queryKey: ['slow', name],
          queryFn: () => new Promise((resolve, reject) => (pending[name] = { resolve, reject })),
          retry: false,
        })
        .catch(() => undefined);
    const counts: [number, number][] = [];
    const record = () => counts.push([client.isFetching(), scanned()]);
    record();
    const a = start('a');
    const b = start('b');
    const c = start('c');
    record();
    pending.a.resolve(1);
    await a;
    record();
    pending.b.reject(new Error('down'));
    await b;
    record();
    client.removeQueries({ queryKey: ['slow', 'c'] });
    record();
    pending.c.resolve(3);
    await c;
    record();
    expect(counts).toEqual([
      [0, 0],
      [3, 3],
      [2, 2],
      [1, 1],
      [0, 0],
      [0, 0],
    ]);
  });
});
