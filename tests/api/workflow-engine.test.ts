import { beforeAll, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';
import { TEST_RESOURCES } from './rest-fixtures';
import { PASSWORD, seedAccounts } from './rest-setup';

describeEachEngine('workflow engine (test-only config)', (engine) => {
  const server = suiteServer({ engine, resources: TEST_RESOURCES, setup: seedAccounts });
  let moderator: string;
  let support: string;
  let vendorA: string;
  let vendorB: string;

  const create = async (code: string, cookie = vendorA) =>
    (await call(server, 'POST', '/api/gadgets', { cookie, body: { vendorId: 1, code, title: code, price: 1 } })).body;
  const act = (id: number, action: string, cookie: string, body: unknown = {}) =>
    call(server, 'POST', `/api/gadgets/${id}/actions/${action}`, { cookie, body });
  const trail = async (id: number) =>
    (
      await call(
        server,
        'GET',
        `/api/trail?filter=${encodeURIComponent(JSON.stringify({ resource: 'gadgets', recordId: id }))}&sort=["id","ASC"]`,
        {
          cookie: moderator,
        },
      )
    ).body as Record<string, unknown>[];

  beforeAll(async () => {
    [moderator, support, vendorA, vendorB] = await Promise.all([
      server.login('moderator@test.example', PASSWORD),
      server.login('support@test.example', PASSWORD),
      server.login('vendor-a@test.example', PASSWORD),
      server.login('vendor-b@test.example', PASSWORD),
    ]);
  });

  it('runs a transition, stores its inputs, applies the effect and writes one audit row', async () => {
    const gadget = await create('W-1');
    expect((await call(server, 'GET', `/api/gadgets/${gadget.id}/actions`, { cookie: vendorA })).body).toEqual({
      actions: ['submit'],
    });
    const submitted = await act(gadget.id, 'submit', vendorA);
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'pending', version: 2 });
    expect((await call(server, 'GET', `/api/gadgets/${gadget.id}/actions`, { cookie: moderator })).body).toEqual({
      actions: ['approve', 'reject'],
    });
    const approved = await act(gadget.id, 'approve', moderator, { note: 'Looks good' });
    expect(approved.body).toMatchObject({ status: 'approved', reviewNote: 'Looks good', approvals: 1, version: 3 });
    const rows = await trail(gadget.id);
    expect(rows.map((r) => [r.action, r.from, r.to])).toEqual([
      ['create', null, 'draft'],
      ['submit', 'draft', 'pending'],
      ['approve', 'pending', 'approved'],
    ]);
    expect(rows[2]).toMatchObject({
      actorKind: 'admin',
      diff: { status: ['pending', 'approved'], approvals: [0, 1], reviewNote: [null, 'Looks good'] },
    });
  });

  it('checks the role (403), then the status (409), then the inputs (400)', async () => {
    const gadget = await create('W-2');
    expect((await act(gadget.id, 'approve', support)).status).toBe(403);
    expect((await act(gadget.id, 'approve', vendorA)).status).toBe(403);
    const early = await act(gadget.id, 'approve', moderator);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/not allowed from status draft/);
    await act(gadget.id, 'submit', vendorA);
    const noReason = await act(gadget.id, 'reject', moderator, { reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual({ reason: 'This field is required' });
    const rejected = await act(gadget.id, 'reject', moderator, { reason: 'Blurry photos' });
    expect(rejected.body).toMatchObject({ status: 'rejected', reviewNote: 'Blurry photos' });
    expect((await trail(gadget.id)).at(-1)).toMatchObject({ action: 'reject', reason: 'Blurry photos' });
    const again = await act(gadget.id, 'reject', moderator, { reason: 'twice' });
    expect(again.status).toBe(409);
    const record = await call(server, 'GET', `/api/gadgets/${gadget.id}`, { cookie: moderator });
    expect(record.body).toMatchObject({ status: 'rejected', version: 3, reviewNote: 'Blurry photos' });
  });

  it('a guard refuses and nothing changes; unknown actions and invisible rows are 404; signed out is 401', async () => {
    const gadget = await create('W-3');
    const refused = await act(gadget.id, 'explode', moderator);
    expect(refused).toMatchObject({ status: 409, body: { message: 'Guard refused' } });
    expect((await call(server, 'GET', `/api/gadgets/${gadget.id}`, { cookie: moderator })).body).toMatchObject({
      status: 'draft',
      version: 1,
    });
    expect((await act(gadget.id, 'teleport', moderator)).status).toBe(404);
    expect((await act(gadget.id, 'submit', vendorB)).status).toBe(404);
    expect((await call(server, 'GET', `/api/gadgets/${gadget.id}/actions`, { cookie: vendorB })).status).toBe(404);
    expect((await act(gadget.id, 'submit', '')).status).toBe(401);
  });

  it('an edit by the partner of an approved record sends it back to review (onEdit)', async () => {
    const gadget = await create('W-4');
    await act(gadget.id, 'submit', vendorA);
    const approved = await act(gadget.id, 'approve', moderator);
    const edited = await call(server, 'PUT', `/api/gadgets/${gadget.id}`, {
      cookie: vendorA,
      body: { ...approved.body, title: 'New title' },
    });
    expect(edited.body).toMatchObject({ title: 'New title', status: 'pending' });
    const audit = (await trail(gadget.id)).at(-1)!;
    expect(audit).toMatchObject({ action: 'update', from: 'approved', to: 'pending' });
    // A moderator's edit does not move it.
    const byAdmin = await call(server, 'PUT', `/api/gadgets/${gadget.id}`, {
      cookie: moderator,
      body: { title: 'Admin title' },
    });
    expect(byAdmin.body).toMatchObject({ title: 'Admin title', status: 'pending' });
  });

  it('N parallel approvals of one record: exactly one succeeds, the others get 409', async () => {
    const gadget = await create('W-5');
    await act(gadget.id, 'submit', vendorA);
    const results = await Promise.all(Array.from({ length: 20 }, () => act(gadget.id, 'approve', moderator)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const record = await call(server, 'GET', `/api/gadgets/${gadget.id}`, { cookie: moderator });
    expect(record.body).toMatchObject({ status: 'approved', approvals: 1, version: 3 });
    expect((await trail(gadget.id)).filter((r) => r.action === 'approve')).toHaveLength(1);
  });

  it('the status field cannot be written directly', async () => {
    const gadget = await create('W-6');
    const forged = await call(server, 'PUT', `/api/gadgets/${gadget.id}`, {
      cookie: moderator,
      body: { status: 'approved' },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.errors).toEqual({ status: 'This field cannot be changed' });
  });
});
