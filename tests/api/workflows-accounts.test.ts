/**
 * SPEC §5 account workflows over real HTTP: users (lock/unlock), admins (disable/enable), partners
 * (approve/reject/suspend/reinstate) and partner profiles (submit/approve/reject), each allowed, by the wrong
 * role (403), from the wrong status (409, nothing changed), without a required reason (400) and with its
 * side effect and audit row.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import resources from '../../resources/index';
import { statusField } from '../../src/core/resource';
import { call, describeEachEngine, suiteServer } from './harness';
import {
  act,
  create,
  expectAudited,
  expectRefused,
  getRecord,
  IDS,
  ok,
  signInAll,
  trail,
  type Sessions,
} from './workflows-helpers';

describeEachEngine('account workflows', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });
  let s: Sessions;
  let serial = 0;

  /** A fresh pending partner created by a moderator, so each test owns its record. */
  const newPartner = async () => {
    serial++;
    return create(server, 'partners', s.moderator, {
      email: `wf-partner-${serial}@example.test`,
      password: 'Partner#2026',
      companyName: `Workflow Test Co ${serial}`,
      contactName: 'Test Contact',
      phone: '+856 20 5555 0000',
    });
  };

  beforeAll(async () => {
    s = await signInAll(server);
  });

  it('no workflow resource lets PUT write its status field, not even for the super_admin', async () => {
    const withWorkflow = resources.filter((resource) => resource.workflow);
    expect(withWorkflow.length).toBeGreaterThanOrEqual(10);
    for (const resource of withWorkflow) {
      const field = statusField(resource)!;
      const [row] = (
        await call(server, 'GET', `/api/${resource.name}?range=[0,0]&sort=["id","ASC"]`, { cookie: s.admin })
      ).body;
      expect(row, resource.name).toBeDefined();
      const other = resource.workflow!.states.find((state) => state !== row[field])!;
      const forged = await call(server, 'PUT', `/api/${resource.name}/${row.id}`, {
        cookie: s.admin,
        body: { [field]: other },
      });
      // A resource only the server writes, or nobody edits (reviews: what the traveller wrote stands), refuses the
      // whole write; the others refuse the status field.
      const unwritable = resource.serverOnly || resource.access.admin?.update === false;
      expect(forged.status, `${resource.name}: ${JSON.stringify(forged.body)}`).toBe(unwritable ? 403 : 400);
      if (!unwritable) expect(forged.body.errors, resource.name).toHaveProperty(field);
      expect(await getRecord(server, resource.name, row.id, s.admin)).toEqual(row);
    }
  });

  describe('users: active ⇄ locked', () => {
    it('support locks a customer with a reason; the customer can no longer sign in; unlock restores it', async () => {
      const id = IDS.users.customer2;
      const locked = await ok(server, 'users', id, 'lock', s.support, { reason: 'Chargeback fraud' });
      expect(locked).toMatchObject({ id, status: 'locked', lockReason: 'Chargeback fraud' });
      await expectAudited(server, s.admin, 'users', id, {
        action: 'lock',
        from: 'active',
        to: 'locked',
        reason: 'Chargeback fraud',
        actorKind: 'admin',
      });
      // The customer's running session stops at once.
      expect((await call(server, 'GET', '/api/auth/me', { cookie: s.customer2 })).status).toBe(401);
      const login = await call(server, 'POST', '/api/auth/login', {
        body: { email: 'customer2@example.net', password: 'User#2026' },
      });
      // The password is right, so the answer may say why (auth plugin: 403 with the state).
      expect(login.status).toBe(403);
      expect(login.body.message).toMatch(/locked/);

      await expectRefused(server, s.admin, 'users', id, 'lock', s.moderator, 409, { reason: 'again' });
      const unlocked = await ok(server, 'users', id, 'unlock', s.moderator);
      expect(unlocked).toMatchObject({ status: 'active', version: locked.version + 1 });
      await expectAudited(server, s.admin, 'users', id, { action: 'unlock', from: 'locked', to: 'active' });
      await expect(server.login('customer2@example.net', 'User#2026')).resolves.toMatch(/^lantern_session=/);
      await expectRefused(server, s.admin, 'users', id, 'unlock', s.support, 409);
    });

    it('finance, partners and the user itself may not lock (403); signed out is 401', async () => {
      const id = IDS.users.customer3;
      await expectRefused(server, s.admin, 'users', id, 'lock', s.finance, 403);
      await expectRefused(server, s.admin, 'users', id, 'lock', s.partner, 403);
      const self = await act(server, 'users', id, 'lock', s.customer3);
      expect(self.status).toBe(403);
      expect((await act(server, 'users', id, 'lock', '')).status).toBe(401);
      // Another user's id is invisible to a user: 404, not 403.
      expect((await act(server, 'users', id, 'lock', s.customer1)).status).toBe(404);
      expect((await getRecord(server, 'users', id, s.admin)).status).toBe('active');
    });

    it('the status field cannot be written through PUT, by an admin or by the user', async () => {
      const id = IDS.users.customer1;
      const before = await getRecord(server, 'users', id, s.admin);
      for (const cookie of [s.admin, s.support, s.customer1]) {
        const forged = await call(server, 'PUT', `/api/users/${id}`, { cookie, body: { ...before, status: 'locked' } });
        expect(forged.status).toBe(400);
        expect(forged.body.errors).toHaveProperty('status');
      }
      expect(await getRecord(server, 'users', id, s.admin)).toEqual(before);
    });
  });

  describe('admins: active ⇄ disabled (super_admin)', () => {
    it('the super_admin disables and re-enables support; the disabled admin cannot sign in', async () => {
      const id = IDS.admins.support;
      const disabled = await ok(server, 'admins', id, 'disable', s.admin);
      expect(disabled).toMatchObject({ id, status: 'disabled', role: 'support' });
      await expectAudited(server, s.admin, 'admins', id, { action: 'disable', from: 'active', to: 'disabled' });
      const login = await call(server, 'POST', '/api/auth/login', {
        body: { email: 'support@example.com', password: 'Admin#2026' },
      });
      expect(login.status).toBe(403);
      expect(login.body.message).toMatch(/disabled/);
      // The running session of the disabled admin stops working at once.
      expect((await call(server, 'GET', '/api/auth/me', { cookie: s.support })).status).toBe(401);
      await expectRefused(server, s.admin, 'admins', id, 'disable', s.admin, 409);
      const enabled = await ok(server, 'admins', id, 'enable', s.admin);
      expect(enabled.status).toBe('active');
      await expectAudited(server, s.admin, 'admins', id, { action: 'enable', from: 'disabled', to: 'active' });
      expect((await call(server, 'GET', '/api/auth/me', { cookie: s.support })).status).toBe(200);
      await expectRefused(server, s.admin, 'admins', id, 'enable', s.admin, 409);
    });

    it('no other role may disable an admin (403)', async () => {
      for (const cookie of [s.moderator, s.support])
        await expectRefused(server, s.admin, 'admins', IDS.admins.finance, 'disable', cookie, 403);
      // finance and partners do not even read admins.
      expect((await act(server, 'admins', IDS.admins.finance, 'disable', s.finance)).status).toBe(403);
      expect((await act(server, 'admins', IDS.admins.finance, 'disable', s.partner)).status).toBe(403);
    });

    it('nobody disables their own account, and the last active super_admin stays', async () => {
      const self = await expectRefused(server, s.admin, 'admins', IDS.admins.admin, 'disable', s.admin, 409);
      expect(self.message).toMatch(/own account/);
      const second = await create(server, 'admins', s.admin, {
        email: 'second.super@example.test',
        password: 'Admin#2026',
        fullName: 'Second Super',
        role: 'super_admin',
      });
      const other = await server.login('second.super@example.test', 'Admin#2026');
      // With two of them, one may disable the other …
      await ok(server, 'admins', IDS.admins.admin, 'disable', other);
      // … but then the survivor is the last one and is kept (by the rule of "not yourself" too).
      await expectRefused(server, other, 'admins', second.id, 'disable', other, 409);
      await ok(server, 'admins', IDS.admins.admin, 'enable', other);
      s.admin = await server.login('admin@example.com', 'Admin#2026');
      await ok(server, 'admins', second.id, 'disable', s.admin);
    });
  });

  describe('partners: pending → approved / rejected; approved ⇄ suspended', () => {
    it('a moderator approves a pending partner: approvedAt is stamped and the audit row written', async () => {
      const partner = await newPartner();
      expect(partner.status).toBe('pending');
      const actions = await call(server, 'GET', `/api/partners/${partner.id}/actions`, { cookie: s.moderator });
      expect(actions.body.actions.sort()).toEqual(['approve', 'reject']);
      const approved = await ok(server, 'partners', partner.id, 'approve', s.moderator);
      expect(approved).toMatchObject({ status: 'approved', reason: null, version: partner.version + 1 });
      expect(Date.parse(approved.approvedAt)).toBeGreaterThan(Date.now() - 60_000);
      const audit = await expectAudited(server, s.admin, 'partners', partner.id, {
        action: 'approve',
        from: 'pending',
        to: 'approved',
        actorKind: 'admin',
      });
      expect(audit.actorId).toBe(IDS.admins.moderator);
      expect(audit.diff.status).toEqual(['pending', 'approved']);
      await expectRefused(server, s.admin, 'partners', partner.id, 'approve', s.moderator, 409);
      await expectRefused(server, s.admin, 'partners', partner.id, 'reject', s.moderator, 409, { reason: 'late' });
    });

    it('reject needs a reason (400 with errors.reason), then stores it', async () => {
      const partner = await newPartner();
      const missing = await expectRefused(server, s.admin, 'partners', partner.id, 'reject', s.moderator, 400);
      expect(missing.errors).toEqual({ reason: 'This field is required' });
      const blank = await expectRefused(server, s.admin, 'partners', partner.id, 'reject', s.moderator, 400, {
        reason: '   ',
      });
      expect(blank.errors).toHaveProperty('reason');
      const rejected = await ok(server, 'partners', partner.id, 'reject', s.moderator, { reason: 'No licence' });
      expect(rejected).toMatchObject({ status: 'rejected', reason: 'No licence' });
      await expectAudited(server, s.admin, 'partners', partner.id, {
        action: 'reject',
        from: 'pending',
        to: 'rejected',
        reason: 'No licence',
      });
      for (const action of ['approve', 'suspend', 'reinstate'])
        await expectRefused(server, s.admin, 'partners', partner.id, action, s.moderator, 409, { reason: 'x' });
    });

    it('a transition input is validated like its field: too long or not text is a 400, never a 500', async () => {
      const partner = await newPartner();
      for (const reason of ['x'.repeat(501), { text: 'nested' }, ['a']]) {
        const refused = await expectRefused(server, s.admin, 'partners', partner.id, 'reject', s.moderator, 400, {
          reason,
        });
        expect(refused.errors, JSON.stringify(reason)).toHaveProperty('reason');
      }
      // The lock reason lands in `lockReason`; its error is still reported under the input's name.
      const lock = await expectRefused(server, s.admin, 'users', IDS.users.customer3, 'lock', s.support, 400, {
        reason: 'y'.repeat(501),
      });
      expect(lock.errors).toHaveProperty('reason');
      const malformed = await call(server, 'POST', `/api/partners/${partner.id}/actions/reject`, {
        cookie: s.moderator,
        raw: '{"reason": ',
      });
      expect(malformed.status).toBe(400);
      const notObject = await call(server, 'POST', `/api/partners/${partner.id}/actions/reject`, {
        cookie: s.moderator,
        body: ['reason'],
      });
      expect(notObject.status).toBe(400);
      expect((await getRecord(server, 'partners', partner.id, s.admin)).status).toBe('pending');
    });

    it('suspend (reason) and reinstate', async () => {
      const partner = await newPartner();
      await expectRefused(server, s.admin, 'partners', partner.id, 'suspend', s.moderator, 409, { reason: 'x' });
      await ok(server, 'partners', partner.id, 'approve', s.moderator);
      const missing = await expectRefused(server, s.admin, 'partners', partner.id, 'suspend', s.moderator, 400);
      expect(missing.errors).toEqual({ reason: 'This field is required' });
      const suspended = await ok(server, 'partners', partner.id, 'suspend', s.moderator, { reason: 'Complaints' });
      expect(suspended).toMatchObject({ status: 'suspended', reason: 'Complaints' });
      await expectAudited(server, s.admin, 'partners', partner.id, {
        action: 'suspend',
        from: 'approved',
        to: 'suspended',
        reason: 'Complaints',
      });
      const reinstated = await ok(server, 'partners', partner.id, 'reinstate', s.moderator);
      expect(reinstated).toMatchObject({ status: 'approved', reason: null });
      await expectAudited(server, s.admin, 'partners', partner.id, {
        action: 'reinstate',
        from: 'suspended',
        to: 'approved',
      });
      await expectRefused(server, s.admin, 'partners', partner.id, 'reinstate', s.moderator, 409);
    });

    it('finance, support and partners may not moderate partners (403)', async () => {
      const id = IDS.partners.pendingPartner;
      for (const cookie of [s.finance, s.support])
        await expectRefused(server, s.admin, 'partners', id, 'approve', cookie, 403);
      // A partner reads only its own row: its own approval is 403, another's is 404.
      expect((await act(server, 'partners', id, 'approve', s.pendingPartner)).status).toBe(403);
      expect((await act(server, 'partners', id, 'approve', s.partner)).status).toBe(404);
      // A customer reads partners like a visitor: a pending one does not exist for them, an approved one is 403.
      expect((await act(server, 'partners', id, 'approve', s.user)).status).toBe(404);
      expect((await act(server, 'partners', IDS.partners.partner, 'suspend', s.user, { reason: 'x' })).status).toBe(
        403,
      );
      expect((await getRecord(server, 'partners', id, s.admin)).status).toBe('pending');
    });

    it('PUT cannot change a partner status, for the moderator or the partner', async () => {
      const partner = await newPartner();
      const forged = await call(server, 'PUT', `/api/partners/${partner.id}`, {
        cookie: s.moderator,
        body: { status: 'approved' },
      });
      expect(forged.status).toBe(400);
      expect(forged.body.errors).toHaveProperty('status');
      const own = await call(server, 'PUT', `/api/partners/${IDS.partners.pendingPartner}`, {
        cookie: s.pendingPartner,
        body: { status: 'approved' },
      });
      expect(own.status).toBe(400);
      expect((await getRecord(server, 'partners', partner.id, s.admin)).status).toBe('pending');
      expect((await getRecord(server, 'partners', IDS.partners.pendingPartner, s.admin)).status).toBe('pending');
    });
  });

  describe('partner-profiles: draft → pending (partner) → approved (copied live) / rejected', () => {
    it('approve copies the proposal into the live partner profile, with an audit row on both', async () => {
      // The small seed's partner2 has a pending proposal "Champa Trails Laos".
      const [proposal] = (
        await call(server, 'GET', `/api/partner-profiles?filter=${encodeURIComponent('{"partnerId":2}')}`, {
          cookie: s.moderator,
        })
      ).body;
      expect(proposal.status).toBe('pending');
      const liveBefore = await getRecord(server, 'partners', IDS.partners.partner2, s.admin);
      expect(liveBefore.displayName).not.toBe(proposal.displayName);
      await expectRefused(server, s.admin, 'partner-profiles', proposal.id, 'approve', s.partner2, 403);
      await expectRefused(server, s.admin, 'partner-profiles', proposal.id, 'approve', s.finance, 403);
      const approved = await ok(server, 'partner-profiles', proposal.id, 'approve', s.moderator);
      expect(approved).toMatchObject({ status: 'approved', reason: null });
      expect(approved.reviewedAt).toBeTruthy();
      const live = await getRecord(server, 'partners', IDS.partners.partner2, s.admin);
      expect(live).toMatchObject({
        displayName: proposal.displayName,
        description: proposal.description,
        address: proposal.address ?? null,
      });
      expect(live.version).toBe(liveBefore.version + 1);
      await expectAudited(server, s.admin, 'partner-profiles', proposal.id, {
        action: 'approve',
        from: 'pending',
        to: 'approved',
      });
      const partnerAudit = await expectAudited(server, s.admin, 'partners', IDS.partners.partner2, {
        action: 'update',
      });
      expect(partnerAudit.diff.displayName).toEqual([liveBefore.displayName ?? null, proposal.displayName]);
      await expectRefused(server, s.admin, 'partner-profiles', proposal.id, 'approve', s.moderator, 409);
      await expectRefused(server, s.admin, 'partner-profiles', proposal.id, 'reject', s.moderator, 409, {
        reason: 'late',
      });
    });

    it('a partner creates and submits a proposal; reject needs a reason and keeps the live profile', async () => {
      const proposal = await create(server, 'partner-profiles', s.pendingPartner, {
        displayName: 'Nong Khiaw Adventures',
        description: { en: 'Boats and caves', lo: 'ເຮືອ ແລະ ຖ້ຳ' },
        address: 'Nong Khiaw',
      });
      expect(proposal).toMatchObject({ partnerId: IDS.partners.pendingPartner, status: 'draft' });
      // Only the owner submits; another partner does not even see it.
      expect((await act(server, 'partner-profiles', proposal.id, 'submit', s.partner)).status).toBe(404);
      await expectRefused(server, s.admin, 'partner-profiles', proposal.id, 'submit', s.moderator, 403);
      await expectRefused(server, s.admin, 'partner-profiles', proposal.id, 'approve', s.moderator, 409);
      const submitted = await ok(server, 'partner-profiles', proposal.id, 'submit', s.pendingPartner);
      expect(submitted.status).toBe('pending');
      expect(submitted.submittedAt).toBeTruthy();
      await expectAudited(server, s.admin, 'partner-profiles', proposal.id, {
        action: 'submit',
        from: 'draft',
        to: 'pending',
        actorKind: 'partner',
      });
      await expectRefused(server, s.admin, 'partner-profiles', proposal.id, 'submit', s.pendingPartner, 409);

      const liveBefore = await getRecord(server, 'partners', IDS.partners.pendingPartner, s.admin);
      const missing = await expectRefused(server, s.admin, 'partner-profiles', proposal.id, 'reject', s.moderator, 400);
      expect(missing.errors).toEqual({ reason: 'This field is required' });
      const rejected = await ok(server, 'partner-profiles', proposal.id, 'reject', s.moderator, {
        reason: 'Add a logo',
      });
      expect(rejected).toMatchObject({ status: 'rejected', reason: 'Add a logo' });
      expect(await getRecord(server, 'partners', IDS.partners.pendingPartner, s.admin)).toEqual(liveBefore);
      await expectAudited(server, s.admin, 'partner-profiles', proposal.id, {
        action: 'reject',
        from: 'pending',
        to: 'rejected',
        reason: 'Add a logo',
      });

      // The partner may submit again after a rejection; the reason is cleared.
      const again = await ok(server, 'partner-profiles', proposal.id, 'submit', s.pendingPartner);
      expect(again).toMatchObject({ status: 'pending', reason: null });
    });

    it('an edit of the approved proposal makes it a draft again; the live profile waits for the next approval', async () => {
      const [proposal] = (
        await call(server, 'GET', '/api/partner-profiles', {
          cookie: s.partner,
        })
      ).body;
      expect(proposal.status).toBe('approved');
      const live = await getRecord(server, 'partners', IDS.partners.partner, s.admin);
      const edited = await call(server, 'PUT', `/api/partner-profiles/${proposal.id}`, {
        cookie: s.partner,
        body: { ...proposal, displayName: 'Mekong Horizon Travel & Tours' },
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ status: 'draft', displayName: 'Mekong Horizon Travel & Tours' });
      expect((await getRecord(server, 'partners', IDS.partners.partner, s.admin)).displayName).toBe(live.displayName);
      await ok(server, 'partner-profiles', proposal.id, 'submit', s.partner);
      await ok(server, 'partner-profiles', proposal.id, 'approve', s.moderator);
      expect((await getRecord(server, 'partners', IDS.partners.partner, s.admin)).displayName).toBe(
        'Mekong Horizon Travel & Tours',
      );
      const rows = await trail(server, s.admin, 'partner-profiles', proposal.id);
      expect(rows.slice(-3).map((r) => [r.action, r.from, r.to])).toEqual([
        ['update', 'approved', 'draft'],
        ['submit', 'draft', 'pending'],
        ['approve', 'pending', 'approved'],
      ]);
      const forged = await call(server, 'PUT', `/api/partner-profiles/${proposal.id}`, {
        cookie: s.partner,
        body: { status: 'pending' },
      });
      expect(forged.status).toBe(400);
    });
  });
});
