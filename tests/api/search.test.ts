/**
 * SPEC §17: a list's `q` is cut into words (ICU boundaries in the caller's language), every word required, folded
 * (case, compatibility forms, Latin marks), one typo allowed on a Latin word of five letters or more; services
 * search their title, description, province and tour type in every language; title matches come first.
 */
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import site from '../../resources/public-site';
import { catalogPageQuery, listPath } from '../../src/core/catalog-requests';
import { call, describeEachEngine, suiteServer } from './harness';

interface Service {
  id: number;
  title: Record<string, string>;
  provinceId: number;
}

const listUrl = (resource: string, filter: Record<string, unknown>, extra = '') =>
  `/api/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent('[0,99]')}${extra}`;

describeEachEngine('search as travellers type', (engine) => {
  // The small demo: four public services, all approved: City tour in Vientiane Capital (Sunrise), River cruise in
  // Luang Prabang (Half-day), Trekking in Luang Prabang (Sunrise), Cycling in Champasak (Small group).
  const server = suiteServer({
    engine,
    seed: 'small',
    // A record found only by its description, updated last, so its place after the title matches is the rank's.
    setup: async (db) => {
      await sql`update services set description = jsonb_set(description, '{en}', to_jsonb(description->>'en' || ' Starts at sunrise by the Mekong.')), "updatedAt" = now() + interval '1 day'
        where title->>'en' like 'Cycling in Champasak%'`.execute(db);
    },
  });
  let publicIds: Record<string, number>;

  const search = async (q: string, language = 'en', extra = '', cookie?: string, resource = 'services') => {
    const answer = await call(server, 'GET', listUrl(resource, { q }, extra), {
      cookie,
      headers: { 'accept-language': language },
    });
    expect(answer.status, `${q}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body as Service[];
  };
  const titles = async (q: string, language = 'en', extra = '') =>
    (await search(q, language, extra)).map((s) => s.title.en).sort();

  beforeAll(async () => {
    const all = (await call(server, 'GET', listUrl('services', {}))).body as Service[];
    expect(all).toHaveLength(4);
    publicIds = Object.fromEntries(all.map((s) => [s.title.en.split(' (')[0], s.id]));
  });

  it('requires every word, in any order, whatever spaces, hyphens and punctuation separate them', async () => {
    const luang = ['River cruise in Luang Prabang (Half-day)', 'Trekking in Luang Prabang (Sunrise)'];
    expect(await titles('luang prabang')).toEqual(luang);
    expect(await titles('Luang  Prabang')).toEqual(luang);
    expect(await titles('prabang, luang!')).toEqual(luang);
    expect(await titles('river cruise luang prabang')).toEqual([luang[0]]);
    expect(await titles('cruise-prabang')).toEqual([luang[0]]);
    expect(await titles('vientiane tour')).toEqual(['City tour in Vientiane Capital (Sunrise)']);
    expect(await titles('river cruise vientiane')).toEqual([]);
    expect(await titles('luang champasak')).toEqual([]);
  });

  it('a query with no word filters nothing; no query breaks the list', async () => {
    for (const q of ['!!!', ' - ', '。', '%', '_'])
      expect((await search(q)).map((s) => s.id).sort(), q).toEqual(Object.values(publicIds).sort());
    for (const q of ['a\'b"c\\', '%_%', '\u0000', 'x'.repeat(200), '😀 ລາວ', 'null']) {
      const answer = await call(server, 'GET', listUrl('services', { q }));
      expect(answer.status, q).toBe(200);
    }
  });

  it('folds case, compatibility forms and Latin marks: "luong" finds "Luông", "d" finds "đ"', async () => {
    const luang = ['River cruise in Luang Prabang (Half-day)', 'Trekking in Luang Prabang (Sunrise)'];
    expect(await titles('luông pha băng', 'vi')).toEqual(luang);
    expect(await titles('luong pha bang', 'vi')).toEqual(luang);
    expect(await titles('LUONG PHA BANG', 'vi')).toEqual(luang);
    expect(await titles('ＬＵＡＮＧ　ＰＲＡＢＡＮＧ')).toEqual(luang);
    expect(await titles('Viêng Chăn', 'vi')).toEqual(await titles('vieng chan', 'vi'));
    expect(await titles('vieng chan', 'vi')).toEqual(['City tour in Vientiane Capital (Sunrise)']);
    // "Đạp xe tại Chăm Pa Xắc": đ folds to d.
    expect(await titles('dap xe cham pa xac', 'vi')).toEqual(['Cycling in Champasak (Small group)']);
    expect(await titles('ĐẠP XE', 'vi')).toEqual(['Cycling in Champasak (Small group)']);
  });

  it('forgives one typo in a Latin word of five letters or more, never two, never in a shorter word', async () => {
    const vientiane = ['City tour in Vientiane Capital (Sunrise)'];
    expect(await titles('vientaine')).toEqual(vientiane); // two neighbours swapped
    expect(await titles('vientine')).toEqual(vientiane); // a letter missing
    expect(await titles('vientiiane')).toEqual(vientiane); // a letter extra
    expect(await titles('vientiame')).toEqual(vientiane); // a letter wrong
    expect(await titles('trekkng luang')).toEqual(['Trekking in Luang Prabang (Sunrise)']);
    expect(await titles('champasuk')).toEqual(['Cycling in Champasak (Small group)']);
    expect(await titles('luong pha bnag', 'vi')).toEqual([]); // "bnag": four letters, no typo
    expect(await titles('veintaine')).toEqual([]); // two edits
    expect(await titles('tuor vientiane')).toEqual([]);
  });

  it('cuts Lao, Thai and Chinese written without spaces, in every language of the record', async () => {
    const cruise = ['River cruise in Luang Prabang (Half-day)'];
    expect(await titles('ລ່ອງເຮືອຫຼວງພະບາງ', 'lo')).toEqual(cruise);
    expect(await titles('ລ່ອງເຮືອ ຫຼວງພະບາງ', 'lo')).toEqual(cruise);
    expect(await titles('ล่องเรือหลวงพระบาง', 'th')).toEqual(cruise);
    expect(await titles('หลวงพระบาง เดินป่า', 'th')).toEqual(['Trekking in Luang Prabang (Sunrise)']);
    expect(await titles('琅勃拉邦游船', 'zh')).toEqual(cruise);
    expect(await titles('琅勃拉邦 游船', 'zh')).toEqual(cruise);
    expect(await titles('万象', 'zh')).toEqual(['City tour in Vientiane Capital (Sunrise)']);
    expect(await titles('du thuyền luông pha băng', 'vi')).toEqual(cruise);
    // Words of two languages in one query: each is found in some language of the record.
    expect(await titles('cruise ຫຼວງພະບາງ', 'en')).toEqual(cruise);
  });

  it('searches the description, the province and the tour type, and a renamed province reaches its services', async () => {
    // "Pick-up" is in every description; "Mekong" only in the one set up above.
    expect(await titles('mekong')).toEqual(['Cycling in Champasak (Small group)']);
    // The province's name in a language the title does not carry: "Vientiane Capital" is 万象市.
    expect(await titles('万象市 sunrise', 'zh')).toEqual(['City tour in Vientiane Capital (Sunrise)']);
    expect(await titles('thủ đô', 'vi')).toEqual(['City tour in Vientiane Capital (Sunrise)']);
    // The tour type "City tour" is 城市观光.
    expect(await titles('城市观光', 'zh')).toEqual(['City tour in Vientiane Capital (Sunrise)']);

    const [{ provinceId }] = await search('champasak');
    await sql`update provinces set name = jsonb_set(name, '{en}', '"Pakse Plateau"') where id = ${provinceId}`.execute(
      server.db,
    );
    expect(await titles('pakse plateau')).toEqual(['Cycling in Champasak (Small group)']);
    await sql`update provinces set name = jsonb_set(name, '{en}', '"Champasak"') where id = ${provinceId}`.execute(
      server.db,
    );
    expect(await titles('pakse plateau')).toEqual([]);
  });

  it('puts records whose title holds every word first, then the others, each in the list’s order', async () => {
    // The admin's list runs latest change first: the description's match, changed last, would lead it.
    const moderator = await server.login('moderator@example.com', 'Admin#2026');
    const found = await search('sunrise', 'en', '', moderator);
    const inTitle = found.filter((s) => /Sunrise/.test(s.title.en));
    expect(inTitle.length).toBeGreaterThan(1);
    expect(found.map((s) => s.title.en)).toEqual([
      ...inTitle.map((s) => s.title.en),
      'Cycling in Champasak (Small group)',
    ]);
    const sorted = await search('sunrise', 'en', `&sort=${encodeURIComponent('["updatedAt","DESC"]')}`, moderator);
    expect(sorted[0].title.en).toBe('Cycling in Champasak (Small group)');
    expect(sorted).toHaveLength(found.length);
    // Each group keeps the list's order (latest change first).
    expect(sorted.slice(1).map((s) => s.id)).toEqual(inTitle.map((s) => s.id));
  });

  it('the home’s search box asks its page as the API ranks it: titles holding every word first', async () => {
    // The request the home sends (src/client/home/catalog.ts), as a visitor: the catalog's own order (newest first)
    // would put the description's match, the newest service, before the titles.
    const home = async (q: string, language: string) => {
      const answer = await call(
        server,
        'GET',
        `/api/${listPath(site.catalog.resource, catalogPageQuery(site.catalog, { q }, 0))}`,
        {
          headers: { 'accept-language': language },
        },
      );
      expect(answer.status).toBe(200);
      return (answer.body as Service[]).map((s) => s.title.en);
    };
    expect(publicIds['Cycling in Champasak']).toBe(Math.max(...Object.values(publicIds)));
    const found = await home('sunrise', 'en-US');
    expect(found).toHaveLength(3);
    expect(found.slice(0, 2).every((title) => /Sunrise/.test(title))).toBe(true);
    expect(found[2]).toBe('Cycling in Champasak (Small group)');
    // No word (punctuation alone): the catalog's own order, every service.
    const all = await home('!!!', 'en-US');
    expect(all).toHaveLength(4);
    expect(all[0]).toBe('Cycling in Champasak (Small group)');
  });

  it('the admin’s and the partner’s lists search alike (services and other resources)', async () => {
    const moderator = await server.login('moderator@example.com', 'Admin#2026');
    const admin = await server.login('admin@example.com', 'Admin#2026');
    const partner = await server.login('partner@example.com', 'Partner#2026');
    const byModerator = await search('vieng chan', 'vi', '', moderator);
    expect(byModerator.length).toBeGreaterThanOrEqual(1);
    expect(byModerator.every((s) => /Vientiane/.test(s.title.en) || /Vientiane/.test(JSON.stringify(s)))).toBe(true);
    const own = (await call(server, 'GET', listUrl('services', {}), { cookie: partner })).body as Service[];
    expect(own.length).toBeGreaterThan(0);
    const [first] = own;
    const words = first.title.vi
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[()]/g, '');
    const mine = await search(words, 'vi', '', partner);
    expect(mine.map((s) => s.id)).toContain(first.id);
    expect(mine.every((s) => own.some((o) => o.id === s.id))).toBe(true);
    // Partners by company and contact: every word, marks and case folded.
    const partners = (await search('HORIZON mekong', 'en', '', admin, 'partners')) as unknown as {
      companyName: string;
    }[];
    expect(partners.map((p) => p.companyName)).toEqual(['Mekong Horizon Travel Co., Ltd.']);
    expect(((await search('horizn mekong', 'en', '', admin, 'partners')) as unknown[]).length).toBe(1);
  });
});
