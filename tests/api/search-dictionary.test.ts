/**
 * SPEC §17 at scale: a word's typos are looked up in the dictionary of the words the search texts hold (kept by the
 * search triggers), and a ranked page reads each group (titles first) from the list's first rows or from the index.
 * What a traveller sees is what search.test.ts states; here, that it stays so as records change and pages turn.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';

interface Service {
  id: number;
  title: Record<string, string>;
}

const listUrl = (filter: Record<string, unknown>, range: [number, number]) =>
  `/api/services?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent(JSON.stringify(range))}`;

describeEachEngine('search: the words dictionary and the ranked page', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });

  const found = async (q: string, range: [number, number] = [0, 99], cookie?: string) => {
    const answer = await call(server, 'GET', listUrl({ q }, range), { cookie });
    expect(answer.status, `${q}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body as Service[];
  };
  const titles = async (q: string) => (await found(q)).map((s) => s.title.en);
  const inDictionary = async (word: string) => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from search_words
      where "tableName" = 'services' and word = ${word}`.execute(server.db);
    return rows[0].n === 1;
  };

  it('holds the words of the texts already written, a referenced record’s included', async () => {
    expect(await inDictionary('vientiane')).toBe(true);
    expect(await inDictionary('prabang')).toBe(true);
    // The province's and tour type's names in every language reach the services' dictionary too.
    expect(await inDictionary('champasak')).toBe(true);
  });

  it('follows an edit: a renamed service’s new word is found by a typo, a word no record holds is not', async () => {
    const [cruise] = await found('river cruise prabang');
    const before = cruise.title.en;
    await sql`update services set title = jsonb_set(title, '{en}', to_jsonb('Kuangsi waterfall ' || (title->>'en')))
      where id = ${cruise.id}`.execute(server.db);
    expect(await inDictionary('kuangsi')).toBe(true);
    expect(await titles('kuangsy waterfal')).toEqual([`Kuangsi waterfall ${before}`]);
    expect(await titles('kaungsi')).toEqual([`Kuangsi waterfall ${before}`]);

    await sql`update services set title = jsonb_set(title, '{en}', to_jsonb(${before}::text)) where id = ${cruise.id}`.execute(
      server.db,
    );
    expect(await titles('kuangsy')).toEqual([]);
    expect(await titles('kuangsi')).toEqual([]);
    expect(await titles('river cruise prabang')).toEqual([before]);
  });

  it('a new record’s words are found by a typo at once, a province renamed reaches its services’ dictionary', async () => {
    const [trek] = await found('trekking prabang');
    await sql`insert into services ("partnerId", title, description, "tourTypeId", "provinceId", "durationDays",
        price, "ticketTypes", currency, capacity, "meetingPoint", "cancellationPolicy", images, rating, status,
        "submittedAt", "approvedAt")
      select "partnerId", jsonb_build_object('en', 'Nongkhiaw viewpoint hike'), description, "tourTypeId",
        "provinceId", "durationDays", price, "ticketTypes", currency, capacity, "meetingPoint", "cancellationPolicy",
        images, rating, status, "submittedAt", "approvedAt"
      from services where id = ${trek.id}`.execute(server.db);
    expect(await titles('nongkiaw viewpoint')).toEqual(['Nongkhiaw viewpoint hike']);

    const { rows } = await sql<{ provinceId: number }>`select "provinceId" from services where id = ${trek.id}`.execute(
      server.db,
    );
    const { provinceId } = rows[0];
    await sql`update provinces set name = jsonb_set(name, '{en}', '"Phongsaly Highlands"') where id = ${provinceId}`.execute(
      server.db,
    );
    expect(await inDictionary('phongsaly')).toBe(true);
    expect((await titles('phongsali highlands')).length).toBeGreaterThanOrEqual(2);
  });

  it('finds a two-character Chinese word through the text’s character pairs, and follows an edit', async () => {
    const [cycling] = await found('cycling champasak');
    const { rows } = await sql<{
      pairs: string[];
    }>`select search_pairs as pairs from services where id = ${cycling.id}`.execute(server.db);
    expect(rows[0].pairs).toContain('骑行');
    await sql`update services set title = jsonb_set(title, '{zh}', to_jsonb('瀑布' || (title->>'zh'))) where id = ${cycling.id}`.execute(
      server.db,
    );
    expect((await found('瀑布')).map((s) => s.id)).toEqual([cycling.id]);
    expect((await found('瀑布 骑行')).map((s) => s.id)).toEqual([cycling.id]);
    await sql`update services set title = jsonb_set(title, '{zh}', to_jsonb(substr(title->>'zh', 3))) where id = ${cycling.id}`.execute(
      server.db,
    );
    expect(await found('瀑布')).toEqual([]);
  });

  it('pages of a ranked search, one row at a time or all at once, agree: titles first, each group in order', async () => {
    // "Sunrise" is in two titles, and now in a third service's description; every description speaks of a pick-up.
    await sql`update services set description = jsonb_set(description, '{en}', to_jsonb(description->>'en' || ' Starts at sunrise.'))
      where title->>'en' like 'Cycling in Champasak%'`.execute(server.db);
    const moderator = await server.login('moderator@example.com', 'Admin#2026');
    for (const q of ['sunrise', 'pick', 'sunrse']) {
      const all = (await found(q, [0, 99], moderator)).map((s) => s.id);
      expect(all.length, q).toBeGreaterThan(0);
      const oneByOne: number[] = [];
      for (let i = 0; i < all.length + 1; i++) oneByOne.push(...(await found(q, [i, i], moderator)).map((s) => s.id));
      expect(oneByOne, q).toEqual(all);
      const pairs: number[] = [];
      for (let i = 0; i < all.length; i += 2) pairs.push(...(await found(q, [i, i + 1], moderator)).map((s) => s.id));
      expect(pairs, q).toEqual(all);
    }
    const sunrise = await found('sunrise', [0, 99], moderator);
    const firstOthers = sunrise.findIndex((s) => !/sunrise/i.test(s.title.en));
    expect(firstOthers).toBeGreaterThan(0);
    expect(sunrise.slice(firstOthers).every((s) => !/sunrise/i.test(s.title.en))).toBe(true);
  });
});
