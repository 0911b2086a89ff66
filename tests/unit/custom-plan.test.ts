/**
 * Custom plans where a generic plan is wrong, and only there: text searches and capped counts run unnamed (planned for
 * their values on every run), every other statement is named and keeps the plan PostgreSQL caches for it.
 */
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import resources from '../../resources/index';
import { tableName } from '../../src/core/resource';
import type { Principal } from '../../src/core/roles';
import { searchFields } from '../../src/core/search';
import { CUSTOM_PLAN_MARK } from '../../src/server/db/custom-plan';
import { StatementNames } from '../../src/server/db/prepared';
import { cappedCountQuery } from '../../src/server/engine/list-count';
import { pageQuery } from '../../src/server/engine/list-keyset';
import { parseListQuery } from '../../src/server/engine/query';
import { readable } from '../../src/server/engine/scope';

const db = new Kysely<any>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const admin: Principal = { kind: 'admin', id: 1, role: 'super_admin' };
const searched = resources.find((resource) => searchFields(resource).length > 0)!;
const table = tableName(searched);

function listStatements(filter: Record<string, unknown>) {
  const fields = readable(searched, admin, { mode: 'all' });
  const params = parseListQuery(searched, table, { filter: JSON.stringify(filter), range: '[0,24]' }, fields);
  const where = sql<boolean>`${params.conditions.length ? sql.join(params.conditions, sql` and `) : sql`true`}`;
  return {
    page: pageQuery(searched, table, where, params, 1_000).compile(db).sql,
    count: cappedCountQuery(table, where, 1_000).compile(db).sql,
  };
}

describe('plans per statement', () => {
  it('runs a text search and a capped count unnamed, so each run is planned for its values', () => {
    const names = new StatementNames();
    const search = listStatements({ q: 'lantern' });
    expect(search.page).toContain(CUSTOM_PLAN_MARK);
    expect(names.nameOf(search.page)).toBeUndefined();
    expect(names.nameOf(search.count)).toBeUndefined();
    expect(names.nameOf(listStatements({}).count)).toBeUndefined();
  });

  it('names a page without a search and a primary-key read, whose cached plans serve every value', () => {
    const names = new StatementNames();
    const page = listStatements({}).page;
    expect(page).not.toContain(CUSTOM_PLAN_MARK);
    expect(names.nameOf(page)).toMatch(/^l_/);
    expect(names.nameOf(`select * from "${table}" where "id" = $1`)).toMatch(/^l_/);
  });
});
