/**
 * The read plans (src/server/engine/read-plan.ts) are compiled once from the resource configs: for every resource and
 * every kind of reader they must answer what the config answers when read on each request (scope.ts, access.ts):
 * the same columns, access, readable fields, row scope, record, and JSON.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import resources from '../../resources/index';
import { seedDemo } from '../../resources/demo/demo';
import { ADMIN_ROLES, type Principal } from '../../src/core/roles';
import { createDatabase, type Database } from '../../src/server/db/db';
import { migrate } from '../../src/server/db/migrate';
import { HttpError } from '../../src/server/edge/errors';
import { ReadPlans } from '../../src/server/engine/read-plan';
import { Registry, toRecord } from '../../src/server/engine/registry';
import { loadScoped, present } from '../../src/server/engine/resource-routes';
import { readable, readAccess, scopeSql, type ReadAccess } from '../../src/server/engine/scope';

let database: Database;
let db: Kysely<any>;
const registry = new Registry(resources);
let plans: ReadPlans;
const readers: Principal[] = [];

beforeAll(async () => {
  database = await createDatabase({ dataDir: 'memory://' });
  db = database.db;
  await migrate(db);
  await seedDemo(db, { size: 'small', now: new Date('2026-06-15T10:00:00Z') });
  plans = new ReadPlans(registry, db);
  const firstId = async (kind: 'partner' | 'user') => {
    const table = registry.table(registry.accountResource(kind)!);
    const { rows } = await sql<{ id: number }>`select id from ${sql.table(table)} order by id limit 1`.execute(db);
    return Number(rows[0].id);
  };
  readers.push(
    ...ADMIN_ROLES.map((role): Principal => ({ kind: 'admin', id: 1, role })),
    { kind: 'partner', id: await firstId('partner') } as Principal,
    { kind: 'user', id: await firstId('user') } as Principal,
    { kind: 'public' },
  );
}, 120_000);

afterAll(async () => {
  await database?.close();
});

const who = (principal: Principal) => (principal.kind === 'admin' ? `admin ${principal.role}` : principal.kind);

/** The access, or the status it is refused with. */
function outcome(read: () => ReadAccess): ReadAccess | number {
  try {
    return read();
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
}

const compiled = (conditions: readonly ReturnType<typeof sql<boolean>>[]) =>
  conditions.map((condition) => condition.compile(db)).map(({ sql: text, parameters }) => ({ text, parameters }));

async function rowsOf(table: string): Promise<Record<string, unknown>[]> {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by id limit 40`.execute(
    db,
  );
  return rows;
}

describe('read plans agree with the resource configs', () => {
  it('columns: every column of a stored row but password hashes, and nothing else', async () => {
    for (const resource of resources) {
      const plan = plans.of(resource);
      const [row] = await rowsOf(plan.table);
      if (!row) continue;
      expect([...plan.columns].sort(), resource.name).toEqual(Object.keys(toRecord(resource, row)).sort());
    }
  });

  it('access, readable fields and row scope per reader', () => {
    for (const resource of resources) {
      const plan = plans.of(resource);
      for (const principal of readers) {
        const label = `${resource.name} as ${who(principal)}`;
        const expected = outcome(() => readAccess(resource, principal));
        expect(
          outcome(() => plan.access(principal)),
          label,
        ).toEqual(expected);
        if (typeof expected === 'number') continue;
        const access = plan.access(principal);
        expect(plan.reader(principal, access).fields, label).toEqual(readable(resource, principal, access));
        expect(compiled(plan.scope(access)), label).toEqual(compiled(scopeSql(registry, resource, access)));
      }
    }
  });

  it('the record statement, the readable fields by state and the JSON of records and pages', async () => {
    let checked = 0;
    for (const resource of resources) {
      const plan = plans.of(resource);
      const rows = await rowsOf(plan.table);
      for (const principal of readers) {
        const access = outcome(() => readAccess(resource, principal));
        if (typeof access === 'number') continue;
        const label = `${resource.name} as ${who(principal)}`;
        const visible: Record<string, unknown>[] = [];
        for (const row of rows) {
          const id = Number(row.id);
          const planned = (await db.executeQuery(plan.recordQuery(access, id))).rows[0];
          const loaded = await loadScoped(db, registry, resource, access, String(id)).catch(() => undefined);
          expect(planned, `${label}, id ${id}`).toEqual(loaded);
          if (!planned) continue;
          visible.push(planned);
          expect(plan.reader(principal, access, planned).fields, `${label}, id ${id}`).toEqual(
            readable(resource, principal, access, planned),
          );
          expect(plan.reader(principal, access, planned).record(planned), `${label}, id ${id}`).toBe(
            JSON.stringify(present(resource, principal, access, planned)),
          );
          checked++;
        }
        expect(plan.pageJson(principal, access, visible), label).toBe(
          JSON.stringify(visible.map((row) => present(resource, principal, access, row))),
        );
      }
    }
    expect(checked).toBeGreaterThan(500);
  }, 120_000);
});
