/**
 * A list page and its total (engine/list-count.ts `pageAndTotal`): a first page is counted beside its rows, not
 * after them, so a search's answer waits for the longer statement only; the totals are the ones the count alone gives.
 */
import { sql, type Kysely, type KyselyPlugin, type PluginTransformResultArgs, type QueryResult } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/server/db/db';
import { pageAndTotal } from '../../src/server/engine/list-count';
import { OverLimitTotals } from '../../src/server/engine/over-limit-totals';

/** Hears each statement's answer as it comes back. */
class Answers implements KyselyPlugin {
  readonly heard: string[] = [];
  transformQuery(args: Parameters<KyselyPlugin['transformQuery']>[0]) {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<any>> {
    const first = args.result.rows[0] as Record<string, unknown> | undefined;
    this.heard.push(first && 'n' in first && Object.keys(first).length === 1 ? 'count' : 'other');
    return args.result;
  }
}

let database: Database;
let db: Kysely<any>;
let answers: Answers;
const LIMIT = 50;

beforeAll(async () => {
  database = await createDatabase({ dataDir: 'memory://' });
  await sql`create table things (id serial primary key, kind text not null)`.execute(database.db);
  await sql`insert into things (kind) select case when i <= 120 then 'many' when i <= 125 then 'few' else 'other' end
    from generate_series(1, 200) i`.execute(database.db);
  answers = new Answers();
  db = database.db.withPlugin(answers);
});
afterAll(() => database.close());

const page = (kind: string, offset = 0, limit = 10) => ({
  offset,
  limit,
  filter: sql<boolean>`kind = ${kind}`,
  totalKey: `things|${kind}`,
});
const rows =
  (kind: string, offset = 0, limit = 10) =>
  async () =>
    (
      await sql<{
        id: number;
      }>`select id from things where kind = ${kind} order by id limit ${limit} offset ${offset}`.execute(db)
    ).rows;

describe('pageAndTotal', () => {
  it('counts a first page beside its rows: the count answers while the rows are still being read', async () => {
    answers.heard.length = 0;
    let countedFirst = false;
    const slowRows = async () => {
      // The rows wait for the count: were the count started only after them, this would never end.
      for (let i = 0; i < 200 && !answers.heard.includes('count'); i++) await new Promise((r) => setTimeout(r, 5));
      countedFirst = answers.heard.includes('count');
      return rows('many')();
    };
    const answer = await pageAndTotal(db, 'things', slowRows, page('many'), LIMIT, new OverLimitTotals());
    expect(countedFirst).toBe(true);
    expect(answer.rows).toHaveLength(10);
    expect(answer.total).toEqual({ total: 51, kind: 'capped' });
  });

  it('answers the exact total under the limit, and a short first page by its own rows', async () => {
    const under = await pageAndTotal(db, 'things', rows('other', 0, 10), page('other'), 100, new OverLimitTotals());
    expect(under.total).toEqual({ total: 75, kind: 'exact' });
    const short = await pageAndTotal(db, 'things', rows('few'), page('few'), LIMIT, new OverLimitTotals());
    expect(short.rows).toHaveLength(5);
    expect(short.total).toEqual({ total: 5, kind: 'exact' });
  });

  it('a short first page answers its own total even when the count beside it fails', async () => {
    const failing = { ...page('few'), filter: sql<boolean>`1 / (id - id) = 1`, totalKey: 'things|failing' };
    const short = await pageAndTotal(db, 'things', rows('few'), failing, LIMIT, new OverLimitTotals());
    expect(short.total).toEqual({ total: 5, kind: 'exact' });
    await expect(
      pageAndTotal(
        db,
        'things',
        rows('many'),
        { ...failing, totalKey: 'things|failing-full' },
        LIMIT,
        new OverLimitTotals(),
      ),
    ).rejects.toThrow(/division by zero/);
  });

  it('a deeper page counts only when full, and a total over the limit counted moments ago is not counted again', async () => {
    const remembered = new OverLimitTotals();
    await pageAndTotal(db, 'things', rows('many'), page('many'), LIMIT, remembered);
    answers.heard.length = 0;
    const again = await pageAndTotal(db, 'things', rows('many'), page('many'), LIMIT, remembered);
    expect(again.total).toEqual({ total: 51, kind: 'capped' });
    expect(answers.heard).toEqual(['other']);
    answers.heard.length = 0;
    const last = await pageAndTotal(db, 'things', rows('other', 70), page('other', 70), 100, new OverLimitTotals());
    expect(last.total).toEqual({ total: 75, kind: 'exact' });
    expect(answers.heard).toEqual(['other']);
  });
});
