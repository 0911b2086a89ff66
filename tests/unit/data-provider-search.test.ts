/**
 * SPEC §17: with `q` and no sort asked, records whose title holds every word come first. react-admin always asks a
 * sort, so a generated list's search in its own order (the config's `list.sort`) is sent without it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider, listMeta } from '../../src/client/generated/data-provider';
import services from '../../resources/services';

describe('a generated list’s search asks the API’s ranked order', () => {
  const asked: URL[] = [];
  afterEach(() => vi.unstubAllGlobals());
  const read = async (params: { q?: string; sort: [string, 'ASC' | 'DESC']; meta?: boolean }) => {
    asked.length = 0;
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(new URL(url, 'http://lantern.test'));
      return new Response('[{"id":7}]', { status: 200, headers: { 'Content-Range': 'services 0-0/1' } });
    });
    const provider = createDataProvider({ getLocale: () => 'vi', toApi: () => 'services' });
    const answer = await provider.getList('services/travel', {
      filter: params.q === undefined ? {} : { q: params.q },
      sort: { field: params.sort[0], order: params.sort[1] },
      pagination: { page: 2, perPage: 25 },
      meta: params.meta === false ? undefined : listMeta(services),
    });
    expect(answer).toMatchObject({ data: [{ id: 7 }], total: 1 });
    expect(asked).toHaveLength(1);
    const [url] = asked;
    expect(url.pathname).toBe('/api/services');
    expect(url.searchParams.get('range')).toBe('[25,49]');
    return { sort: url.searchParams.get('sort'), filter: url.searchParams.get('filter') };
  };
  const own = [...services.list.sort] as [string, 'ASC' | 'DESC'];

  it('a search in the list’s own order goes without its sort; its words as typed', async () => {
    expect(await read({ q: 'du thuyền  viêng chăn', sort: own })).toEqual({
      sort: null,
      filter: '{"q":"du thuyền  viêng chăn"}',
    });
    expect((await read({ q: 'ລ່ອງເຮືອວຽງຈັນ', sort: own })).sort).toBeNull();
  });

  it('a sort the user chose, no word, no search or a read without the list’s meta keep the sort', async () => {
    expect((await read({ q: 'vieng chan', sort: ['title', 'ASC'] })).sort).toBe('["title","ASC"]');
    expect((await read({ q: 'vieng chan', sort: [own[0], own[1] === 'ASC' ? 'DESC' : 'ASC'] })).sort).not.toBeNull();
    expect((await read({ q: '!!! ', sort: own })).sort).toBe(JSON.stringify(own));
    expect((await read({ sort: own })).sort).toBe(JSON.stringify(own));
    expect((await read({ q: 'vieng chan', sort: own, meta: false })).sort).toBe(JSON.stringify(own));
  });
});
