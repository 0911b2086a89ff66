/**
 * Two signatures on large sums (SPEC §8), on both databases: above `payments.dualApprovalAbove` a refund or a
 * withdrawal is approved only by two different admins; the first approval is a signature that leaves the status
 * alone, the same admin again is a 409, and of 20 concurrent second signatures exactly one approves and runs the
 * effect. Both signatures are in the audit log.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';
import {
  act,
  ADMIN_PASSWORD,
  create,
  expectRefused,
  getRecord,
  IDS,
  list,
  ok,
  signInAll,
  trail,
  type Sessions,
} from './workflows-helpers';
import { platformDay } from '../support/platform-day';

const THRESHOLD = 150_000;
const dayFromNow = (days: number) => platformDay(days);

describeEachEngine('two signatures on large sums', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });
  let s: Sessions;
  /** Finance admins besides the demo one, signed in. */
  const colleagues: { id: number; cookie: string }[] = [];

  const setThreshold = async (value: number) => {
    const current = await call(server, 'GET', '/api/settings/payments', { cookie: s.admin });
    const response = await call(server, 'PUT', '/api/settings/payments', {
      cookie: s.admin,
      body: { ...current.body, values: { ...current.body.values, dualApprovalAbove: value } },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };

  /** A customer's paid order of `quantity` seats at the service's price, and its refund request (all of it). */
  const refundOf = async (quantity: number) => {
    const schedule = await create(server, 'schedules', s.partner, {
      serviceId: 1,
      startDate: dayFromNow(40),
      endDate: dayFromNow(40),
      capacity: 30,
    });
    const order = await create(server, 'orders', s.customer1, { scheduleId: schedule.id, quantity });
    await ok(server, 'orders', order.id, 'pay', s.finance);
    const refund = await create(server, 'refunds', s.customer1, { orderId: order.id, reason: 'Plans changed' });
    return { order, refund };
  };
  const refundPayments = async (refundId: number) =>
    (await list(server, 'payments', s.finance, { kind: 'refund' })).filter((p) => p.refundId === refundId);

  beforeAll(async () => {
    s = await signInAll(server);
    for (let i = 0; i < 21; i++) {
      const email = `finance${i}@example.org`;
      const admin = await create(server, 'admins', s.admin, {
        email,
        password: ADMIN_PASSWORD,
        fullName: `Finance ${i}`,
        role: 'finance',
      });
      colleagues.push({ id: admin.id, cookie: await server.login(email, ADMIN_PASSWORD) });
    }
  }, 120_000);

  it('the threshold is a payments setting, an integer ≥ 0, off by default', async () => {
    const payments = await call(server, 'GET', '/api/settings/payments', { cookie: s.admin });
    expect(payments.body.values.dualApprovalAbove ?? 0).toBe(0);
    const refused = await call(server, 'PUT', '/api/settings/payments', {
      cookie: s.admin,
      body: { ...payments.body, values: { ...payments.body.values, dualApprovalAbove: -1 } },
    });
    expect(refused.status).toBe(400);
  });

  it('off, or at or below the threshold: one approval approves', async () => {
    const { refund } = await refundOf(1);
    expect((await ok(server, 'refunds', refund.id, 'approve', s.finance)).status).toBe('approved');
    await setThreshold(THRESHOLD);
    const small = await create(server, 'withdrawals', s.partner, { amount: THRESHOLD });
    const approved = await ok(server, 'withdrawals', small.id, 'approve', s.finance);
    expect(approved).toMatchObject({ status: 'approved', approvals: null });
  });

  describe('above the threshold', () => {
    beforeAll(() => setThreshold(THRESHOLD));

    it('the first approval signs and leaves the request pending; the same admin again is a 409; another approves', async () => {
      const withdrawal = await create(server, 'withdrawals', s.partner, { amount: THRESHOLD + 1 });
      const first = await ok(server, 'withdrawals', withdrawal.id, 'approve', s.finance);
      expect(first.status).toBe('pending');
      expect(first.approvals).toEqual([{ adminId: IDS.admins.finance, at: expect.any(String) }]);
      expect(Date.parse(first.approvals[0].at)).toBeGreaterThan(Date.now() - 60_000);

      // The screen's view of it: who signed, and that this admin may not sign again.
      const actions = await call(server, 'GET', `/api/withdrawals/${withdrawal.id}/actions`, { cookie: s.finance });
      expect(actions.body.actions).toContain('approve');
      expect(actions.body.signatures.approve).toEqual({
        required: 2,
        signed: [{ adminId: IDS.admins.finance, at: first.approvals[0].at, name: expect.any(String) }],
        mine: true,
      });
      const theirs = await call(server, 'GET', `/api/withdrawals/${withdrawal.id}/actions`, {
        cookie: colleagues[0].cookie,
      });
      expect(theirs.body.signatures.approve.mine).toBe(false);

      const again = await expectRefused(server, s.admin, 'withdrawals', withdrawal.id, 'approve', s.finance, 409);
      expect(again.message).toBe('You have already approved this; another admin must approve it');

      const second = await ok(server, 'withdrawals', withdrawal.id, 'approve', colleagues[0].cookie);
      expect(second.status).toBe('approved');
      expect(second.approvals.map((a: { adminId: number }) => a.adminId)).toEqual([
        IDS.admins.finance,
        colleagues[0].id,
      ]);
      expect(second.decidedAt).toEqual(expect.any(String));

      // Both signatures in the audit log: the first as an approve that kept the status, the second as the transition.
      const approves = (await trail(server, s.admin, 'withdrawals', withdrawal.id)).filter(
        (row) => row.action === 'approve',
      );
      expect(approves).toHaveLength(2);
      expect(approves[0]).toMatchObject({ actorId: IDS.admins.finance, from: 'pending', to: 'pending' });
      expect(approves[1]).toMatchObject({ actorId: colleagues[0].id, from: 'pending', to: 'approved' });
    });

    it('rejecting needs one signature, and signatures do not carry over to a rejected request', async () => {
      const withdrawal = await create(server, 'withdrawals', s.partner, { amount: THRESHOLD + 5 });
      await ok(server, 'withdrawals', withdrawal.id, 'approve', s.finance);
      const rejected = await ok(server, 'withdrawals', withdrawal.id, 'reject', colleagues[1].cookie, {
        reason: 'Wrong account',
      });
      expect(rejected.status).toBe('rejected');
      expect((await act(server, 'withdrawals', withdrawal.id, 'approve', colleagues[2].cookie)).status).toBe(409);
    });

    it('20 concurrent second signatures by different admins: exactly one approves, and the refund is paid once', async () => {
      const { order, refund } = await refundOf(2);
      expect(refund.amount).toBeGreaterThan(THRESHOLD);
      await ok(server, 'refunds', refund.id, 'approve', s.finance);
      expect(await refundPayments(refund.id)).toEqual([]);
      expect((await getRecord(server, 'orders', order.id, s.admin)).status).toBe('paid');

      const results = await Promise.all(
        colleagues.slice(1, 21).map(({ cookie }) => act(server, 'refunds', refund.id, 'approve', cookie)),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(19);
      const winner = results.find((r) => r.status === 200)!.body;
      expect(winner.status).toBe('approved');
      expect(winner.approvals).toHaveLength(2);

      expect(await refundPayments(refund.id)).toHaveLength(1);
      expect((await getRecord(server, 'orders', order.id, s.admin)).status).toBe('refunded');
      const approves = (await trail(server, s.admin, 'refunds', refund.id)).filter((row) => row.action === 'approve');
      expect(approves.map((row) => row.to)).toEqual(['pending', 'approved']);
    });

    it('only admins sign: a partner or customer cannot approve at all', async () => {
      const withdrawal = await create(server, 'withdrawals', s.partner, { amount: THRESHOLD + 9 });
      expect((await act(server, 'withdrawals', withdrawal.id, 'approve', s.partner)).status).toBe(403);
    });
  });
});
