/**
 * Money as a ledger over real HTTP: `payments` is append-only for everyone, the partner balance of
 * SPEC §5 is computed from the ledger and the holds (own only, never negative), and withdrawals hold, pay out
 * and release exactly what they should.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';
import {
  create,
  expectAudited,
  expectRefused,
  getRecord,
  IDS,
  list,
  ok,
  signInAll,
  type Sessions,
} from './workflows-helpers';

interface Balance {
  partnerId: number;
  currency: string;
  completed: number;
  payouts: number;
  held: number;
  available: number;
}

describeEachEngine('ledger and balances', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });
  let s: Sessions;

  const balance = async (partnerId: number, cookie: string): Promise<Balance> => {
    const response = await call(server, 'GET', `/api/partners/${partnerId}/balance`, { cookie });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };

  /** SPEC §5's formula straight from the tables, to check the endpoint against. */
  const ledgerBalance = async (partnerId: number) => {
    const { rows } = await sql<{ completed: string; payouts: string; held: string }>`
      select
        (select coalesce(sum(total - commission), 0) from orders where "partnerId" = ${partnerId} and status = 'completed') as completed,
        (select coalesce(sum(amount), 0) from payments where "partnerId" = ${partnerId} and kind = 'payout' and status = 'completed') as payouts,
        (select coalesce(sum(amount), 0) from withdrawals where "partnerId" = ${partnerId} and status in ('pending', 'approved')) as held`.execute(
      server.db,
    );
    const completed = Number(rows[0].completed);
    const payouts = Number(rows[0].payouts);
    const held = Number(rows[0].held);
    return { completed, payouts, held, available: completed - payouts - held };
  };

  const withdraw = (cookie: string, amount: number, extra: Record<string, unknown> = {}) =>
    call(server, 'POST', '/api/withdrawals', { cookie, body: { amount, ...extra } });

  beforeAll(async () => {
    s = await signInAll(server);
  });

  describe('payments are append-only', () => {
    it('nobody updates, deletes or creates a payment through the API', async () => {
      const before = await list(server, 'payments', s.admin);
      expect(before.length).toBeGreaterThan(0);
      const [first] = before;
      for (const cookie of [s.admin, s.finance, s.support, s.partner, s.user, '']) {
        const put = await call(server, 'PUT', `/api/payments/${first.id}`, {
          cookie,
          body: { ...first, amount: 1 },
        });
        expect([401, 403, 405], `PUT as ${cookie.slice(0, 24)}`).toContain(put.status);
        const patch = await call(server, 'PATCH', `/api/payments/${first.id}`, { cookie, body: { amount: 1 } });
        expect([401, 403, 405]).toContain(patch.status);
        const del = await call(server, 'DELETE', `/api/payments/${first.id}`, { cookie });
        expect([401, 403, 405]).toContain(del.status);
        const post = await call(server, 'POST', '/api/payments', {
          cookie,
          body: { kind: 'payout', amount: 1, method: 'bank_transfer', partnerId: 1 },
        });
        expect([401, 403, 405]).toContain(post.status);
        expect(put.body.message).toEqual(expect.any(String));
      }
      expect(await list(server, 'payments', s.admin)).toEqual(before);
    });

    it('the audit log is append-only too', async () => {
      const [row] = await list(server, 'audit-log', s.admin, {}, ['id', 'ASC']);
      for (const method of ['PUT', 'DELETE']) {
        const response = await call(server, method, `/api/audit-log/${row.id}`, {
          cookie: s.admin,
          body: method === 'PUT' ? { action: 'forged' } : undefined,
        });
        expect([403, 405]).toContain(response.status);
      }
      expect(await getRecord(server, 'audit-log', row.id, s.admin)).toEqual(row);
    });

    it('partners and users read only their own ledger rows', async () => {
      const mine = await list(server, 'payments', s.partner);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((p) => p.partnerId === IDS.partners.partner)).toBe(true);
      const theirs = await list(server, 'payments', s.partner2);
      expect(theirs.every((p) => p.partnerId === IDS.partners.partner2)).toBe(true);
      expect((await call(server, 'GET', `/api/payments/${mine[0].id}`, { cookie: s.partner2 })).status).toBe(404);
      const user = await list(server, 'payments', s.user);
      expect(user.every((p) => p.userId === IDS.users.user)).toBe(true);
    });
  });

  describe('GET /api/partners/{id}/balance', () => {
    it('matches SPEC §5 computed from the ledger and the holds', async () => {
      for (const partnerId of [IDS.partners.partner, IDS.partners.partner2]) {
        const expected = await ledgerBalance(partnerId);
        const got = await balance(partnerId, s.finance);
        expect(got).toMatchObject({ partnerId, currency: 'LAK', ...expected });
        expect(got.available).toBeGreaterThan(0);
      }
    });

    it('a partner reads only its own (another’s is 404); others by role', async () => {
      const own = await balance(IDS.partners.partner, s.partner);
      expect(own.partnerId).toBe(IDS.partners.partner);
      expect((await call(server, 'GET', '/api/partners/2/balance', { cookie: s.partner })).status).toBe(404);
      expect((await call(server, 'GET', '/api/partners/1/balance', { cookie: s.partner2 })).status).toBe(404);
      expect((await call(server, 'GET', '/api/partners/999/balance', { cookie: s.finance })).status).toBe(404);
      expect(await balance(IDS.partners.partner, s.admin)).toEqual(own);
      for (const cookie of [s.moderator, s.support, s.user])
        expect((await call(server, 'GET', '/api/partners/1/balance', { cookie })).status).toBe(403);
      expect((await call(server, 'GET', '/api/partners/1/balance')).status).toBe(401);
    });

    it('is never negative, even when the ledger pays out more than was earned', async () => {
      // A correction written straight into the ledger: more paid out than the pending partner ever earned.
      await server.db
        .insertInto('payments')
        .values({
          partnerId: IDS.partners.pendingPartner,
          kind: 'payout',
          amount: 500_000,
          currency: 'LAK',
          method: 'bank_transfer',
          reference: 'CORRECTION-1',
          status: 'completed',
        })
        .execute();
      const got = await balance(IDS.partners.pendingPartner, s.pendingPartner);
      expect(got).toMatchObject({ completed: 0, payouts: 500_000, available: 0 });
      // And nothing can be withdrawn from it.
      expect((await withdraw(s.pendingPartner, 100_000)).status).toBeGreaterThanOrEqual(400);
    });
  });

  describe('withdrawals', () => {
    it('a request holds its amount at once; more than available or below the minimum is refused', async () => {
      const start = await balance(IDS.partners.partner2, s.partner2);
      const over = await withdraw(s.partner2, start.available + 1);
      expect(over.status).toBe(400);
      expect(over.body.errors.amount).toMatch(String(start.available));
      const small = await withdraw(s.partner2, 99_999);
      expect(small.status).toBe(400);
      expect(small.body.errors).toHaveProperty('amount');
      expect(await balance(IDS.partners.partner2, s.partner2)).toEqual(start);

      // A forged partnerId is refused as read-only: the scope decides whose money it is.
      const forged = await withdraw(s.partner2, 200_000, { partnerId: IDS.partners.partner });
      expect(forged.status).toBe(400);
      expect(forged.body.errors).toHaveProperty('partnerId');
      expect(await balance(IDS.partners.partner2, s.partner2)).toEqual(start);
      const created = await withdraw(s.partner2, 200_000);
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ status: 'pending', amount: 200_000, partnerId: IDS.partners.partner2 });
      // Bank details default to the partner's own.
      const partner = await getRecord(server, 'partners', IDS.partners.partner2, s.admin);
      expect(created.body.bankAccountNumber).toBe(partner.bankAccountNumber);
      const held = await balance(IDS.partners.partner2, s.partner2);
      expect(held).toMatchObject({ held: start.held + 200_000, available: start.available - 200_000 });
      expect(
        (await list(server, 'audit-log', s.admin, { resource: 'withdrawals', recordId: created.body.id }))[0],
      ).toMatchObject({ action: 'create', to: 'pending', actorKind: 'partner' });
    });

    it('only approved partners request, and only partners', async () => {
      for (const cookie of [s.admin, s.finance, s.user]) expect((await withdraw(cookie, 100_000)).status).toBe(403);
      const pending = await withdraw(s.pendingPartner, 100_000);
      expect(pending.status).toBeGreaterThanOrEqual(400);
      expect(pending.status).toBeLessThan(500);
    });

    it('approve keeps the hold; pay writes the payout and the available balance does not move', async () => {
      const request = await create(server, 'withdrawals', s.partner, { amount: 150_000 });
      const held = await balance(IDS.partners.partner, s.partner);
      for (const cookie of [s.moderator, s.support, s.partner])
        await expectRefused(server, s.admin, 'withdrawals', request.id, 'approve', cookie, 403);
      await expectRefused(server, s.admin, 'withdrawals', request.id, 'pay', s.finance, 409);
      const approved = await ok(server, 'withdrawals', request.id, 'approve', s.finance);
      expect(approved.status).toBe('approved');
      expect(approved.decidedAt).toBeTruthy();
      await expectAudited(server, s.admin, 'withdrawals', request.id, {
        action: 'approve',
        from: 'pending',
        to: 'approved',
      });
      expect(await balance(IDS.partners.partner, s.partner)).toEqual(held);
      await expectRefused(server, s.admin, 'withdrawals', request.id, 'cancel', s.partner, 409);

      const paid = await ok(server, 'withdrawals', request.id, 'pay', s.finance, { reference: 'BCEL-TRX-1' });
      expect(paid).toMatchObject({ status: 'paid', reference: 'BCEL-TRX-1' });
      expect(paid.paidAt).toBeTruthy();
      const payouts = await list(server, 'payments', s.finance, { withdrawalId: request.id });
      expect(payouts).toHaveLength(1);
      expect(payouts[0]).toMatchObject({
        kind: 'payout',
        amount: 150_000,
        partnerId: IDS.partners.partner,
        status: 'completed',
        reference: 'BCEL-TRX-1',
      });
      await expectAudited(server, s.admin, 'withdrawals', request.id, { action: 'pay', from: 'approved', to: 'paid' });
      const after = await balance(IDS.partners.partner, s.partner);
      expect(after).toMatchObject({
        payouts: held.payouts + 150_000,
        held: held.held - 150_000,
        available: held.available,
      });
      for (const action of ['pay', 'approve', 'reject'])
        await expectRefused(server, s.admin, 'withdrawals', request.id, action, s.finance, 409, { reason: 'x' });
      expect(await list(server, 'payments', s.finance, { withdrawalId: request.id })).toHaveLength(1);
    });

    it('reject (reason required) releases the hold, from pending or approved; the partner may cancel a pending one', async () => {
      const start = await balance(IDS.partners.partner, s.partner);
      const first = await create(server, 'withdrawals', s.partner, { amount: 120_000 });
      const missing = await expectRefused(server, s.admin, 'withdrawals', first.id, 'reject', s.finance, 400);
      expect(missing.errors).toEqual({ reason: 'This field is required' });
      const rejected = await ok(server, 'withdrawals', first.id, 'reject', s.finance, { reason: 'Bank mismatch' });
      expect(rejected).toMatchObject({ status: 'rejected', reason: 'Bank mismatch' });
      await expectAudited(server, s.admin, 'withdrawals', first.id, {
        action: 'reject',
        from: 'pending',
        to: 'rejected',
        reason: 'Bank mismatch',
      });
      expect(await balance(IDS.partners.partner, s.partner)).toEqual(start);

      const second = await create(server, 'withdrawals', s.partner, { amount: 110_000 });
      await ok(server, 'withdrawals', second.id, 'approve', s.finance);
      await ok(server, 'withdrawals', second.id, 'reject', s.finance, { reason: 'Account closed' });
      expect(await balance(IDS.partners.partner, s.partner)).toEqual(start);

      const third = await create(server, 'withdrawals', s.partner, { amount: 100_000 });
      await expectRefused(server, s.admin, 'withdrawals', third.id, 'cancel', s.finance, 403);
      expect(
        (await call(server, 'POST', `/api/withdrawals/${third.id}/actions/cancel`, { cookie: s.partner2, body: {} }))
          .status,
      ).toBe(404);
      const cancelled = await ok(server, 'withdrawals', third.id, 'cancel', s.partner);
      expect(cancelled.status).toBe('cancelled');
      expect(await balance(IDS.partners.partner, s.partner)).toEqual(start);
      expect(await list(server, 'payments', s.finance, { withdrawalId: [first.id, second.id, third.id] })).toEqual([]);
      expect(await ledgerBalance(IDS.partners.partner)).toMatchObject({ available: start.available });
    });

    it('withdrawals cannot be edited, deleted, or moved by PUT', async () => {
      const request = await create(server, 'withdrawals', s.partner, { amount: 100_000 });
      for (const cookie of [s.partner, s.finance, s.admin]) {
        const put = await call(server, 'PUT', `/api/withdrawals/${request.id}`, {
          cookie,
          body: { status: 'paid', amount: 1 },
        });
        expect([400, 403, 405]).toContain(put.status);
        const del = await call(server, 'DELETE', `/api/withdrawals/${request.id}`, { cookie });
        expect([403, 405]).toContain(del.status);
      }
      expect(await getRecord(server, 'withdrawals', request.id, s.admin)).toMatchObject({
        status: 'pending',
        amount: 100_000,
        version: 1,
      });
    });
  });
});
