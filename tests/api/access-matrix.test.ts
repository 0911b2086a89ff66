/**
 * The access matrix, generated: every resource × verb × caller (signed out, the four admin
 * sub-roles, partner A, partner B, the customer) on the demo seed. The expected answer of each cell comes from
 * the resource config through `src/core/access.ts` and `grants`; the test asserts it over HTTP. Owners never
 * learn that someone else's row exists: those rows answer 404 on every verb, and never appear in lists,
 * reference lookups, counts or exports.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import resources from '../../resources/index';
import { dayIn } from '../../resources/shared/departure';
import { can, ownerRule } from '../../src/core/access';
import type { AnyResource, PublicWhere } from '../../src/core/resource';
import { grants, type Principal } from '../../src/core/roles';
import { checkTransition } from '../../src/core/workflow';
import { CALLERS, loginAll, type Caller, type Cookies } from './hardening-fixture';
import { call, describeEachEngine, startTestServer, type TestServer } from './harness';

type Row = Record<string, unknown> & { id: number };
type Mode =
  { kind: 'all' } | { kind: 'owner'; field: string } | { kind: 'public'; where: PublicWhere } | { kind: 'denied' };

const denied = (principal: Principal) => (principal.kind === 'public' ? 401 : 403);
/** An endpoint whose body is a form's (the form's own, or its preview's): checked before anything runs. */
const takesForm = (resource: AnyResource, name: string) =>
  Object.entries(resource.endpoints ?? {}).some(
    ([other, endpoint]) => endpoint.form && (other === name || endpoint.form.preview?.endpoint === name),
  );

/**
 * How the config says a principal reads a resource (SPEC §6: owners are scoped; visitors, customers and partners
 * without a rule may read the public view; an admin role the rules leave out is refused).
 */
function readMode(resource: AnyResource, principal: Principal): Mode {
  if (principal.kind !== 'public' && can(resource, principal, 'list')) {
    const rule = ownerRule(resource, principal);
    return rule && principal.kind !== 'admin' ? { kind: 'owner', field: rule.scope } : { kind: 'all' };
  }
  if (resource.access.public && principal.kind !== 'admin')
    return { kind: 'public', where: resource.access.public.where };
  return { kind: 'denied' };
}

describeEachEngine('Access matrix generated from the configs', (engine) => {
  let server: TestServer;
  let cookies: Cookies;
  const principals = {} as Record<Caller, Principal>;
  /** Every row of every resource, as super_admin reads it. */
  const all: Record<string, Row[]> = {};
  const cells: { caller: Caller; what: string; expected: number | number[]; got: number }[] = [];

  const byName = new Map(resources.map((r) => [r.name, r]));
  /** The platform's today (`settings.general.timezone`), read once the server is up. */
  let platformToday = '';

  /** Whether a row matches a public `where`, following references like the server does. */
  function matches(resource: AnyResource, row: Row, where: PublicWhere): boolean {
    return Object.entries(where).every(([name, wanted]) => {
      const field = resource.fields[name];
      const value = row[name];
      if (wanted && typeof wanted === 'object' && !Array.isArray(wanted) && field?.kind === 'ref') {
        const target = byName.get(field.reference)!;
        const referenced = all[target.name].find((r) => r.id === Number(value));
        return Boolean(referenced && matches(target, referenced, wanted as PublicWhere));
      }
      // A day bound: the platform's today, in its time zone.
      if (wanted && typeof wanted === 'object' && !Array.isArray(wanted)) {
        const { after, from } = wanted as { after?: string; from?: string };
        const day = String(value).slice(0, 10);
        if (after === 'today') return day > platformToday;
        if (from === 'today') return day >= platformToday;
      }
      if (Array.isArray(wanted)) return wanted.includes(value);
      return value === wanted;
    });
  }

  function visible(resource: AnyResource, principal: Principal, mode: Mode, row: Row): boolean {
    if (mode.kind === 'all') return true;
    if (mode.kind === 'owner') return 'id' in principal && Number(row[mode.field]) === principal.id;
    if (mode.kind === 'public') return matches(resource, row, mode.where);
    return false;
  }

  /**
   * The ids of `resource` that the principal's own records of other resources reference (a customer's orders'
   * services): a public resource answers these by id too, with its public fields.
   */
  function ownReferences(resource: AnyResource, principal: Principal): Set<number> {
    const ids = new Set<number>();
    if (principal.kind !== 'user' && principal.kind !== 'partner') return ids;
    for (const owner of resources) {
      const rule = ownerRule(owner, principal);
      if (!rule?.read || owner === resource) continue;
      for (const [name, field] of Object.entries(owner.fields)) {
        if (field.kind !== 'ref' || field.reference !== resource.name || field.hidden || rule.hidden?.includes(name))
          continue;
        for (const row of all[owner.name] ?? [])
          if (Number(row[rule.scope]) === principal.id && row[name] != null) ids.add(Number(row[name]));
      }
    }
    return ids;
  }

  /** Whether a row is answered when asked by id (a record, or getMany's ids). */
  function visibleById(resource: AnyResource, principal: Principal, mode: Mode, row: Row): boolean {
    return (
      visible(resource, principal, mode, row) ||
      (mode.kind === 'public' && ownReferences(resource, principal).has(row.id))
    );
  }

  /** A few rows per resource: some of partner A / the customer, some of partner B / other customers. */
  function targets(resource: AnyResource): Row[] {
    return targetsAmong(resource, all[resource.name]);
  }

  function targetsAmong(resource: AnyResource, rows: Row[]): Row[] {
    const picks = new Map<number, Row>();
    const add = (row: Row | undefined) => row && picks.set(row.id, row);
    for (const scope of new Set([resource.access.partner?.scope, resource.access.user?.scope])) {
      if (!scope) continue;
      add(rows.find((r) => Number(r[scope]) === 1));
      add(rows.find((r) => r[scope] != null && Number(r[scope]) !== 1));
    }
    if (resource.access.public) {
      add(rows.find((r) => matches(resource, r, resource.access.public!.where)));
      add(rows.find((r) => !matches(resource, r, resource.access.public!.where)));
    }
    add(rows[0]);
    return [...picks.values()];
  }

  async function check(
    caller: Caller,
    what: string,
    method: string,
    url: string,
    expected: number | number[],
    body?: unknown,
  ) {
    const answer = await call(server, method, url, { cookie: cookies[caller], body });
    cells.push({ caller, what, expected, got: answer.status });
    const allowed = Array.isArray(expected) ? expected : [expected];
    expect(
      allowed,
      `${caller} ${method} ${url} → ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 200)}`,
    ).toContain(answer.status);
    if (answer.status >= 400) expect(answer.body).toHaveProperty('message');
    return answer;
  }

  beforeAll(async () => {
    server = await startTestServer({ engine, seed: 'small' });
    cookies = await loginAll(server);
    principals.signedOut = { kind: 'public' };
    for (const caller of CALLERS) {
      if (caller === 'signedOut') continue;
      const me = (await call(server, 'GET', '/api/auth/me', { cookie: cookies[caller] })).body;
      principals[caller] =
        me.kind === 'admin' ? { kind: 'admin', id: me.id, role: me.role } : { kind: me.kind, id: me.id };
    }
    const general = await call(server, 'GET', '/api/settings/general', { cookie: cookies.super_admin });
    platformToday = dayIn(new Date(), String(general.body.values?.timezone ?? '') || 'UTC');
    for (const resource of resources) {
      const list = await call(server, 'GET', `/api/${resource.name}?range=[0,999]&sort=["id","ASC"]`, {
        cookie: cookies.super_admin,
      });
      expect(list.status).toBe(200);
      all[resource.name] = list.body;
    }
  });

  afterAll(async () => {
    await server?.close();
    const byVerb = new Map<string, number>();
    for (const cell of cells) byVerb.set(cell.what, (byVerb.get(cell.what) ?? 0) + 1);
    console.log(
      `[access-matrix ${engine}] cells checked: ${cells.length} ${JSON.stringify(Object.fromEntries(byVerb))}`,
    );
  });

  for (const resource of resources) {
    it(`${resource.name}: list, reference lookups, counts, totals and export per caller`, async () => {
      // The audit trail grows as earlier cells write (an API client's key rotated, SPEC §19): read it as it is now.
      if (resource.auditLog)
        all[resource.name] = (
          await call(server, 'GET', `/api/${resource.name}?range=[0,999]&sort=["id","ASC"]`, {
            cookie: cookies.super_admin,
          })
        ).body;
      const rows = all[resource.name];
      const ids = rows.slice(0, 50).map((r) => r.id);
      for (const caller of CALLERS) {
        const principal = principals[caller];
        const mode = readMode(resource, principal);
        const expected = mode.kind === 'denied' ? denied(principal) : 200;
        const list = await check(caller, 'list', 'GET', `/api/${resource.name}?range=[0,999]`, expected);
        const visibleIds = rows.filter((r) => visible(resource, principal, mode, r)).map((r) => r.id);
        if (expected === 200) {
          expect(list.body.map((r: Row) => r.id).sort(), `${caller} list ${resource.name}`).toEqual(
            [...visibleIds].sort(),
          );
          expect(list.headers.get('content-range')).toMatch(new RegExp(`/${visibleIds.length}$`));
        }
        // react-admin's getMany (reference fields): only visible rows come back, whatever ids are asked for (and the
        // rows the caller's own records reference, public or not any more).
        const many = await check(
          caller,
          'getMany',
          'GET',
          `/api/${resource.name}?filter=${encodeURIComponent(JSON.stringify({ id: ids }))}`,
          expected,
        );
        if (expected === 200)
          expect(many.body.map((r: Row) => r.id).sort()).toEqual(
            rows
              .filter((r) => ids.includes(r.id) && visibleById(resource, principal, mode, r))
              .map((r) => r.id)
              .sort(),
          );

        const status = resource.workflow ? (resource.workflow.field ?? 'status') : undefined;
        if (status) {
          const counts = await check(caller, 'counts', 'GET', `/api/${resource.name}/-/counts?field=${status}`, [
            expected,
            ...(mode.kind === 'public' ? [400] : []),
          ]);
          if (counts.status === 200) {
            const total = (counts.body.counts as { total: number }[]).reduce((a, c) => a + Number(c.total), 0);
            expect(total, `${caller} counts ${resource.name}`).toBe(visibleIds.length);
          }
        }
        if (resource.list.totals?.length) {
          const totals = await check(caller, 'totals', 'GET', `/api/${resource.name}/-/totals`, expected);
          if (totals.status === 200) {
            const count = (totals.body.rows as { count: number }[]).reduce((a, r) => a + r.count, 0);
            if (totals.body.rows.length) expect(count, `${caller} totals ${resource.name}`).toBe(visibleIds.length);
          }
        }
        const csv = await call(server, 'GET', `/api/${resource.name}/-/export.csv`, { cookie: cookies[caller] });
        cells.push({ caller, what: 'export', expected, got: csv.status });
        expect(csv.status, `${caller} export ${resource.name}`).toBe(expected);
        if (expected === 200) {
          const text = String(csv.body ?? '');
          // Another owner's rows are not in the file: their ids never appear as a first column.
          const foreign = rows.filter((r) => !visible(resource, principal, mode, r));
          const firstColumn = new Set(
            text
              .split('\n')
              .slice(1)
              .map((line) => line.split(',')[0]),
          );
          if (text.split('\n')[0].split(',')[0].replace(/"/g, '').toLowerCase() === 'id')
            for (const row of foreign)
              expect(firstColumn.has(String(row.id)), `${caller} export leaks ${row.id}`).toBe(false);
        }
      }
    });

    it(`${resource.name}: show, create, update and delete per caller and row`, async () => {
      for (const caller of CALLERS) {
        const principal = principals[caller];
        const mode = readMode(resource, principal);
        for (const row of targets(resource)) {
          const seen = visibleById(resource, principal, mode, row);
          await check(
            caller,
            'show',
            'GET',
            `/api/${resource.name}/${row.id}`,
            mode.kind === 'denied' ? denied(principal) : seen ? 200 : 404,
          );
          // A body the validator always refuses: an allowed update stops at 400, so nothing is written.
          const mayUpdate = can(resource, principal, 'update');
          const owner = mayUpdate && principal.kind !== 'admin' ? ownerRule(resource, principal) : undefined;
          const reachable = owner ? 'id' in principal && Number(row[owner.scope]) === principal.id : true;
          await check(
            caller,
            'update',
            'PUT',
            `/api/${resource.name}/${row.id}`,
            !mayUpdate ? denied(principal) : reachable ? 400 : 404,
            { __matrix_probe__: 1 },
          );
          const mayDelete = can(resource, principal, 'delete');
          const deleteOwner = mayDelete && principal.kind !== 'admin' ? ownerRule(resource, principal) : undefined;
          if (!mayDelete || (deleteOwner && !('id' in principal && Number(row[deleteOwner.scope]) === principal.id)))
            await check(
              caller,
              'delete',
              'DELETE',
              `/api/${resource.name}/${row.id}`,
              mayDelete ? 404 : denied(principal),
            );
        }
        // Allowed deletes are asserted on a missing row, so the seed stays intact: 404 past the access check.
        if (can(resource, principal, 'delete'))
          await check(caller, 'delete', 'DELETE', `/api/${resource.name}/987654321`, 404);
        await check(
          caller,
          'create',
          'POST',
          `/api/${resource.name}`,
          can(resource, principal, 'create') ? 400 : denied(principal),
          { __matrix_probe__: 1 },
        );
      }
    });

    const transitions = Object.entries(resource.workflow?.transitions ?? {});
    if (transitions.length)
      it(`${resource.name}: every workflow action per caller (on rows in a state it does not start from)`, async () => {
        const status = resource.workflow!.field ?? 'status';
        for (const [action, transition] of transitions) {
          const from = typeof transition.from === 'string' ? [transition.from] : transition.from;
          const outside = all[resource.name].filter((r) => !from.includes(String(r[status])));
          // When every seeded row could run the action, those rows only serve the cells that must be refused.
          const mutable = outside.length === 0;
          const candidates = targetsAmong(resource, mutable ? all[resource.name] : outside);
          expect(candidates.length, `${resource.name}.${action}: rows`).toBeGreaterThan(0);
          for (const caller of CALLERS) {
            const principal = principals[caller];
            let mode = readMode(resource, principal);
            const anyGrant = Object.values(resource.workflow!.transitions).some((t) => grants(t.by, principal));
            if (mode.kind === 'denied' && anyGrant && principal.kind === 'admin') mode = { kind: 'all' };
            for (const row of candidates) {
              let expected: number | number[];
              if (principal.kind === 'public' && !grants(transition.by, principal)) expected = 401;
              else if (mode.kind === 'denied') expected = denied(principal);
              else if (!visible(resource, principal, mode, row)) expected = 404;
              else expected = grants(transition.by, principal) ? 409 : 403;
              if (mutable && expected === 409) {
                await check(caller, 'action', 'POST', `/api/${resource.name}/987654321/actions/${action}`, 404, {});
                continue;
              }
              await check(caller, 'action', 'POST', `/api/${resource.name}/${row.id}/actions/${action}`, expected, {
                reason: 'matrix',
              });
            }
          }
        }
      });

    const endpoints = Object.entries(resource.endpoints ?? {});
    if (endpoints.length)
      it(`${resource.name}: custom endpoints per caller`, async () => {
        for (const [name, endpoint] of endpoints) {
          for (const caller of CALLERS) {
            const principal = principals[caller];
            for (const row of endpoint.record ? targets(resource) : [undefined]) {
              const url = row
                ? `/api/${resource.name}/${row.id}/${endpoint.action ? 'actions/' : ''}${name}`
                : `/api/${resource.name}/-/${name}`;
              let expected: number | number[];
              // An endpoint that needs settings of the environment is not there without them, for anyone.
              if (endpoint.requiresEnv?.some((name) => !process.env[name])) expected = 404;
              else if (!grants(endpoint.by, principal)) expected = denied(principal);
              // A collection endpoint past its grant: GET answers, and so does a POST without input; a POST with
              // declared input, a file, a raw (signed) body or a form (and the form's preview) refuses the empty body.
              else if (!row)
                expected =
                  endpoint.method === 'GET' || !(endpoint.input || endpoint.body || takesForm(resource, name))
                    ? 200
                    : 400;
              else {
                let mode = readMode(resource, principal);
                if (mode.kind === 'denied' && principal.kind === 'admin') mode = { kind: 'all' };
                // On an account resource a partner reaches its own row alone; elsewhere its scope decides.
                const own =
                  principal.kind !== 'partner' || !resource.account || ('id' in principal && principal.id === row.id);
                expected = mode.kind !== 'denied' && visible(resource, principal, mode, row) && own ? 200 : 404;
                // A transition's preview refuses what the transition would from the row's state (SPEC §21).
                const previewed = Object.entries(resource.workflow?.transitions ?? {}).find(
                  ([, transition]) => transition.preview?.endpoint === name,
                );
                if (expected === 200 && previewed) {
                  const refusal = checkTransition(resource, previewed[0], row, principal, {});
                  // Its guard's own refusals (a departure that has left, a trip begun) are 409 too.
                  expected = !refusal.ok && refusal.status !== 400 ? refusal.status! : [200, 409];
                }
              }
              // A dry run of a write answers the write's refusal as its content (200), never as a 409.
              await check(caller, `endpoint:${name}`, endpoint.method, url, expected);
            }
          }
        }
      });
  }

  it('uploads: only accounts that may write an images field upload', async () => {
    const withImages = resources.filter((r) => Object.values(r.fields).some((f) => f.kind === 'images'));
    // A real 1×1 PNG: uploads are decoded, so a signature alone would be refused (400) rather than stored.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    for (const caller of CALLERS) {
      const principal = principals[caller];
      const allowed = withImages.some((r) => can(r, principal, 'create') || can(r, principal, 'update'));
      const form = new FormData();
      form.append('file', new Blob([png], { type: 'image/png' }), 'probe.png');
      const cookie = cookies[caller];
      const response = await fetch(`${server.baseUrl}/api/uploads`, {
        method: 'POST',
        headers: cookie ? { cookie } : {},
        body: form,
      });
      const expected = principal.kind === 'public' ? 401 : allowed ? 201 : 403;
      cells.push({ caller, what: 'upload', expected, got: response.status });
      expect(response.status, `${caller} upload`).toBe(expected);
    }
  });
});
