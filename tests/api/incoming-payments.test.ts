/**
 * Payment only on evidence (SPEC §11) over real HTTP: the bank statement import (matches, repeats, wrong amounts,
 * unknown codes, bad files, two imports of one file at once), the gateway's signed webhook (good, repeated,
 * forged, stale, mismatched) and checkout, finance's assign and ignore, who may read the inbox, and the ledger
 * invariant (every charge has its evidence).
 */
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, describeEachEngine, suiteServer } from './harness';
import { act, create, dayFromNow, getRecord, IDS, list, ok, signInAll, type Sessions } from './workflows-helpers';

const SECRET = 'whsec_test_secret';
const GATEWAY = 'https://pay.example/checkout?code={code}&amount={amount}&currency={currency}&back={returnUrl}';

describeEachEngine('incoming payments', (engine) => {
  const server = suiteServer({ engine, seed: 'small' });
  let s: Sessions;
  let txn = 0;

  const newOrder = async (quantity = 1) => {
    const schedule = await create(server, 'schedules', s.partner, {
      serviceId: 1,
      startDate: dayFromNow(40),
      endDate: dayFromNow(41),
      capacity: 20,
    });
    return create(server, 'orders', s.user, { scheduleId: schedule.id, quantity });
  };
  const upload = async (csv: string, cookie = s.finance, field = 'file') => {
    const form = new FormData();
    form.append(field, new Blob([csv], { type: 'text/csv' }), 'statement.csv');
    const response = await fetch(`${server.baseUrl}/api/incoming-payments/-/import`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    return { status: response.status, body: await response.json() };
  };
  const charges = async (orderId: number) =>
    (await list(server, 'payments', s.finance, { orderId })).filter((p) => p.kind === 'charge');
  const inboxCount = async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from incoming_payments`.execute(server.db);
    return rows[0].n;
  };
  const line = (date: string, amount: string, currency: string, reference: string, id: string) =>
    `${date},${amount},${currency},"${reference}",${id}`;
  const HEADER = 'date,amount,currency,reference,transactionId';
  const nextTxn = () => `TXN-${engine}-${++txn}-${Date.now()}`;

  beforeAll(async () => {
    s = await signInAll(server);
    // This suite leaves many bookings of one customer unpaid on purpose (the cap on held seats has its own test).
    const settings = await getRecord(server, 'settings', 'payments' as never, s.admin);
    const put = await call(server, 'PUT', '/api/settings/payments', {
      cookie: s.admin,
      body: { ...settings, values: { ...settings.values, maxHeldSeats: 1000 } },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  });

  describe('statement import', () => {
    it('pays matching orders, keeps the rest with a reason, and skips what it has seen', async () => {
      const [a, b, c, d] = [await newOrder(), await newOrder(2), await newOrder(), await newOrder()];
      const t1 = nextTxn();
      const spaced = `${a.code.slice(0, 5).toLowerCase()} ${a.code.slice(5)}`.replace('-', ' - ');
      const csv = [
        HEADER,
        line('2026-11-20', `${a.total}.00`, 'LAK', `Booking ${spaced} thanks`, t1),
        line('2026-11-20', String(b.total - 1000), 'LAK', `pay ${b.code}`, nextTxn()),
        line('2026-11-21', '50000', 'LAK', 'for LT-ZZZZZZZZ', nextTxn()),
        line('2026-11-20', `${a.total}.00`, 'LAK', `Booking ${spaced} thanks`, t1),
        line('2026-11-21T09:30:00+07:00', String(c.total), 'lak', c.code.replace('-', ''), ''),
        line('2026-11-22', String(d.total), 'THB', d.code, nextTxn()),
      ].join('\n');
      const first = await upload(csv);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.matched.map((m: any) => [m.line, m.orderCode])).toEqual([
        [2, a.code],
        [6, c.code],
      ]);
      expect(first.body.unmatched.map((u: any) => [u.line, u.reason])).toEqual([
        [3, 'amountMismatch'],
        [4, 'noOrder'],
        [7, 'currencyMismatch'],
      ]);
      expect(first.body.skipped).toEqual([{ line: 5, externalId: t1, reason: 'seenBefore' }]);

      const paid = await getRecord(server, 'orders', a.id, s.finance);
      expect(paid).toMatchObject({ status: 'paid', paymentMethod: 'bank_transfer' });
      const [charge] = await charges(a.id);
      expect(charge).toMatchObject({ amount: a.total, method: 'bank_transfer', reference: t1, status: 'completed' });
      const [matched] = await list(server, 'incoming-payments', s.finance, { externalId: t1 });
      expect(matched).toMatchObject({ source: 'bank', status: 'matched', orderId: a.id, amount: a.total });
      expect(charge.incomingPaymentId).toBe(matched.id);
      // No transaction id: a digest of the line stands in.
      const [digested] = await list(server, 'incoming-payments', s.finance, { orderId: c.id });
      expect(digested.externalId).toMatch(/^[0-9a-f]{64}$/);
      expect((await getRecord(server, 'orders', c.id, s.finance)).status).toBe('paid');
      for (const order of [b, d])
        expect((await getRecord(server, 'orders', order.id, s.finance)).status).toBe('pending_payment');
      const [wrongAmount] = await list(server, 'incoming-payments', s.finance, { orderId: b.id });
      expect(wrongAmount).toMatchObject({ status: 'unmatched', problem: 'amountMismatch' });
      expect(wrongAmount.reason).toBeTruthy();

      // The same file again: every line skipped, nothing paid twice.
      const count = await inboxCount();
      const again = await upload(csv);
      expect(again.status).toBe(200);
      expect(again.body.matched).toEqual([]);
      expect(again.body.unmatched).toEqual([]);
      expect(again.body.skipped).toHaveLength(6);
      expect(await inboxCount()).toBe(count);
      expect(await charges(a.id)).toHaveLength(1);
    });

    it('reads the columns the settings name', async () => {
      const order = await newOrder();
      const settings = await getRecord(server, 'settings', 'payments' as never, s.admin);
      const values = {
        ...settings.values,
        statementColumns: {
          date: 'Booked',
          amount: 'Credit',
          currency: 'Ccy',
          reference: 'Memo',
          transactionId: 'Ref',
        },
      };
      const put = await call(server, 'PUT', '/api/settings/payments', {
        cookie: s.admin,
        body: { ...settings, values },
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      try {
        const id = nextTxn();
        const result = await upload(`Booked,Credit,Ccy,Memo,Ref\n2026-11-23,${order.total},LAK,${order.code},${id}\n`);
        expect(result.status, JSON.stringify(result.body)).toBe(200);
        expect(result.body.matched).toEqual([{ line: 2, externalId: id, orderCode: order.code }]);
      } finally {
        const current = await getRecord(server, 'settings', 'payments' as never, s.admin);
        await call(server, 'PUT', '/api/settings/payments', {
          cookie: s.admin,
          body: { ...current, values: settings.values },
        });
      }
    });

    it('refuses a bad file with its line and reason, keeping nothing of it', async () => {
      const order = await newOrder();
      const count = await inboxCount();
      const bad = [
        HEADER,
        line('2026-11-20', String(order.total), 'LAK', order.code, nextTxn()),
        line('2026-11-20', 'twelve', 'LAK', 'x', nextTxn()),
      ].join('\n');
      const result = await upload(bad);
      expect(result.status).toBe(400);
      expect(result.body.message).toContain('Line 3');
      expect(result.body.message).toContain('twelve');
      expect(await inboxCount()).toBe(count);
      expect((await getRecord(server, 'orders', order.id, s.finance)).status).toBe('pending_payment');

      const badDate = await upload(`${HEADER}\n${line('20/11/2026', '1', 'LAK', 'x', 'y')}`);
      expect(badDate.status).toBe(400);
      expect(badDate.body.message).toContain('Line 2');
      const noColumn = await upload('when,amount\n2026-11-20,1\n');
      expect(noColumn.status).toBe(400);
      expect(noColumn.body.message).toMatch(/column/);
      const ragged = await upload(`${HEADER}\n2026-11-20,1,LAK\n`);
      expect(ragged.status).toBe(400);
      const noFile = await upload(`${HEADER}\n`, s.finance, 'other');
      expect(noFile.status).toBe(400);
      expect(await inboxCount()).toBe(count);
    });

    it('refuses a file it cannot read as text, naming the line and why, and any part besides the one file', async () => {
      const order = await newOrder();
      const count = await inboxCount();
      const send = async (parts: [string, Blob | string][]) => {
        const form = new FormData();
        for (const [name, value] of parts)
          if (typeof value === 'string') form.append(name, value);
          else form.append(name, value, 'statement.csv');
        const response = await fetch(`${server.baseUrl}/api/incoming-payments/-/import`, {
          method: 'POST',
          headers: { cookie: s.finance },
          body: form,
        });
        return { status: response.status, body: await response.json() };
      };
      const good = line('2026-11-20', String(order.total), 'LAK', order.code, nextTxn());
      const csv = (...rows: (string | Buffer)[]) =>
        new Blob([Buffer.concat(rows.map((row) => (typeof row === 'string' ? Buffer.from(row) : row)))]);

      const nul = await send([['file', csv(`${HEADER}\n${good}\n`, Buffer.from('2026-11-20,1,LAK,"x\0y",t1\n'))]]);
      expect(nul.status).toBe(400);
      expect(nul.body.message).toMatch(/^Line 3: .*NUL/);
      expect(nul.body.errors.file).toBe(nul.body.message);

      // "Café" in Latin-1: 0xE9 is no UTF-8.
      const latin1 = Buffer.from('2026-11-20,1,LAK,"Caf\xe9",t2\n', 'latin1');
      const encoded = await send([['file', csv(`${HEADER}\n${good}\n`, latin1)]]);
      expect(encoded.status).toBe(400);
      expect(encoded.body.message).toMatch(/^Line 3: byte 0xE9 is not UTF-8/);

      const twoFiles = await send([
        ['file', csv(`${HEADER}\n${good}\n`)],
        ['file', csv(`${HEADER}\n${line('2026-11-20', '1', 'LAK', 'x', nextTxn())}\n`)],
      ]);
      expect(twoFiles.status).toBe(400);
      expect(twoFiles.body.errors.file).toBe('Send one file, in the field “file”, and nothing else');

      const fieldsFirst = await send([
        ['note', 'a'],
        ['other', 'b'],
        ['file', csv(`${HEADER}\n${good}\n`)],
      ]);
      expect(fieldsFirst.status).toBe(400);
      expect(fieldsFirst.body.errors.file).toBe('Send one file, in the field “file”, and nothing else');

      expect(await inboxCount()).toBe(count);
      expect((await getRecord(server, 'orders', order.id, s.finance)).status).toBe('pending_payment');
      // A UTF-8 statement with a byte-order mark and non-Latin text still reads.
      const utf8 = await send([
        ['file', csv('\ufeff' + HEADER + '\n' + good.replace(order.code, `${order.code} ຈ່າຍ`) + '\n')],
      ]);
      expect(utf8.status, JSON.stringify(utf8.body)).toBe(200);
      expect(utf8.body.matched).toHaveLength(1);
    });

    it('two imports of one file at once pay each order once', async () => {
      const orders = [await newOrder(), await newOrder(), await newOrder()];
      const csv = [HEADER, ...orders.map((o) => line('2026-11-24', String(o.total), 'LAK', o.code, nextTxn()))].join(
        '\n',
      );
      const [one, two] = await Promise.all([upload(csv), upload(csv)]);
      expect([one.status, two.status]).toEqual([200, 200]);
      expect(one.body.matched.length + two.body.matched.length).toBe(3);
      expect(one.body.skipped.length + two.body.skipped.length).toBe(3);
      for (const order of orders) {
        expect(await charges(order.id)).toHaveLength(1);
        expect((await getRecord(server, 'orders', order.id, s.finance)).status).toBe('paid');
      }
    });

    it('is finance’s: others are refused and cannot read the inbox', async () => {
      const csv = `${HEADER}\n${line('2026-11-20', '1', 'LAK', 'x', nextTxn())}`;
      for (const cookie of [s.partner, s.user, s.support, s.moderator])
        expect((await upload(csv, cookie)).status).toBe(403);
      expect((await upload(csv, '')).status).toBe(401);
      for (const cookie of [s.partner, s.user, s.support]) {
        const read = await call(server, 'GET', '/api/incoming-payments', { cookie });
        expect(read.status).toBe(403);
      }
      const [any] = await list(server, 'incoming-payments', s.finance);
      for (const cookie of [s.partner, s.user])
        expect([403, 404]).toContain(
          (await call(server, 'GET', `/api/incoming-payments/${any.id}`, { cookie })).status,
        );
    });
  });

  describe('assign and ignore', () => {
    it('finance assigns an unmatched payment to the order it pays, or ignores it with a reason', async () => {
      const order = await newOrder();
      const other = await newOrder(2);
      const id = nextTxn();
      const result = await upload(`${HEADER}\n${line('2026-11-25', String(order.total), 'LAK', 'cash deposit', id)}`);
      expect(result.body.unmatched).toEqual([{ line: 2, externalId: id, reason: 'noOrder' }]);
      const [payment] = await list(server, 'incoming-payments', s.finance, { externalId: id });
      expect(
        (await act(server, 'incoming-payments', payment.id, 'assign', s.support, { orderId: order.id })).status,
      ).toBe(403);
      expect((await act(server, 'incoming-payments', payment.id, 'assign', s.finance, {})).status).toBe(400);
      // The money is not that order's total: refused, nothing changes.
      const wrong = await act(server, 'incoming-payments', payment.id, 'assign', s.finance, { orderId: other.id });
      expect(wrong.status).toBe(409);
      expect((await getRecord(server, 'incoming-payments', payment.id, s.finance)).status).toBe('unmatched');
      const assigned = await ok(server, 'incoming-payments', payment.id, 'assign', s.finance, { orderId: order.id });
      expect(assigned).toMatchObject({ status: 'assigned', orderId: order.id });
      expect((await getRecord(server, 'orders', order.id, s.finance)).status).toBe('paid');
      const [charge] = await charges(order.id);
      expect(charge).toMatchObject({ incomingPaymentId: payment.id, amount: order.total, method: 'bank_transfer' });
      expect((await act(server, 'incoming-payments', payment.id, 'ignore', s.finance, { reason: 'x' })).status).toBe(
        409,
      );

      const stray = nextTxn();
      await upload(`${HEADER}\n${line('2026-11-25', '777', 'LAK', 'unknown', stray)}`);
      const [unknown] = await list(server, 'incoming-payments', s.finance, { externalId: stray });
      expect((await act(server, 'incoming-payments', unknown.id, 'ignore', s.finance, {})).status).toBe(400);
      const ignored = await ok(server, 'incoming-payments', unknown.id, 'ignore', s.finance, {
        reason: 'Test transfer',
      });
      expect(ignored).toMatchObject({ status: 'ignored', reason: 'Test transfer' });
    });
  });

  describe('gateway', () => {
    const sign = (raw: string, t = Math.floor(Date.now() / 1000), secret = SECRET) =>
      `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex')}`;
    const hook = (raw: string, signature?: string) =>
      call(server, 'POST', '/api/incoming-payments/-/webhook', {
        raw,
        headers: signature === undefined ? {} : { 'Lantern-Signature': signature },
      });
    const event = (order: { code: string; total: number }, extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        id: `evt_${engine}_${++txn}_${Date.now()}`,
        type: 'payment.succeeded',
        orderCode: order.code,
        amount: order.total,
        currency: 'LAK',
        reference: `ch_${txn}`,
        ...extra,
      });
    const configure = () => {
      process.env.PAYMENT_GATEWAY_URL = GATEWAY;
      process.env.PAYMENT_WEBHOOK_SECRET = SECRET;
    };
    afterEach(() => {
      delete process.env.PAYMENT_GATEWAY_URL;
      delete process.env.PAYMENT_WEBHOOK_SECRET;
    });

    it('without the settings, checkout and the webhook answer 404', async () => {
      const order = await newOrder();
      expect((await act(server, 'orders', order.id, 'checkout', s.user)).status).toBe(404);
      const raw = event(order);
      expect((await hook(raw, sign(raw))).status).toBe(404);
    });

    it('checkout answers the gateway URL for the customer’s own unpaid order', async () => {
      configure();
      const order = await newOrder(2);
      const response = await act(server, 'orders', order.id, 'checkout', s.user);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const url = new URL(response.body.url);
      expect(url.origin).toBe('https://pay.example');
      expect(url.searchParams.get('code')).toBe(order.code);
      expect(url.searchParams.get('amount')).toBe(String(order.total));
      expect(url.searchParams.get('currency')).toBe('LAK');
      expect(url.searchParams.get('back')).toMatch(new RegExp(`/account/orders/${order.id}$`));
      expect((await act(server, 'orders', order.id, 'checkout', s.customer1)).status).toBe(404);
      expect((await act(server, 'orders', order.id, 'checkout', s.partner)).status).toBe(403);
      expect((await act(server, 'orders', order.id, 'checkout', s.finance)).status).toBe(403);
    });

    it('a signed event pays its order once; forged, stale and mismatched events do not', async () => {
      configure();
      const order = await newOrder();
      const count = await inboxCount();
      const raw = event(order);
      // Forged (another secret), stale (6 minutes old), unsigned, or signed over other bytes: 400, nothing kept.
      expect((await hook(raw, sign(raw, undefined, 'whsec_other'))).status).toBe(400);
      expect((await hook(raw, sign(raw, Math.floor(Date.now() / 1000) - 360))).status).toBe(400);
      expect((await hook(raw, sign(raw, Math.floor(Date.now() / 1000) + 360))).status).toBe(400);
      expect((await hook(raw)).status).toBe(400);
      expect((await hook(`${raw} `, sign(raw))).status).toBe(400);
      expect((await hook(raw, 't=abc,v1=00')).status).toBe(400);
      expect(await inboxCount()).toBe(count);
      expect((await getRecord(server, 'orders', order.id, s.finance)).status).toBe('pending_payment');

      // Several v1 (a secret being rolled): one valid is enough.
      const t = Math.floor(Date.now() / 1000);
      const good = await hook(raw, `t=${t},v1=${'0'.repeat(64)},${sign(raw, t).split(',')[1]}`);
      expect(good.status, JSON.stringify(good.body)).toBe(200);
      expect((await getRecord(server, 'orders', order.id, s.finance)).status).toBe('paid');
      const [charge] = await charges(order.id);
      const [incoming] = await list(server, 'incoming-payments', s.finance, { orderId: order.id });
      expect(incoming).toMatchObject({ source: 'gateway', status: 'matched', externalId: JSON.parse(raw).id });
      expect(charge.incomingPaymentId).toBe(incoming.id);

      // The same event again changes nothing.
      const repeat = await hook(raw, sign(raw));
      expect(repeat.status).toBe(200);
      expect(await charges(order.id)).toHaveLength(1);
      expect(await inboxCount()).toBe(count + 1);
    });

    it('an event whose amount, currency or code does not fit is kept as unmatched', async () => {
      configure();
      const order = await newOrder();
      const cases: [Record<string, unknown>, string][] = [
        [{ amount: order.total + 1 }, 'amountMismatch'],
        [{ currency: 'USD' }, 'currencyMismatch'],
        [{ currency: 'lakxyz' }, 'currencyMismatch'],
        [{ currency: 'LAKX' }, 'currencyMismatch'],
        [{ orderCode: 'LT-NOPE0000' }, 'noOrder'],
      ];
      for (const [extra, problem] of cases) {
        const raw = event(order, extra);
        const response = await hook(raw, sign(raw));
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        const [kept] = await list(server, 'incoming-payments', s.finance, { externalId: JSON.parse(raw).id });
        expect(kept).toMatchObject({ source: 'gateway', status: 'unmatched', problem });
      }
      expect((await getRecord(server, 'orders', order.id, s.finance)).status).toBe('pending_payment');
      expect(await charges(order.id)).toHaveLength(0);
    });
  });

  describe('how to pay', () => {
    it('an unpaid order tells its customer, partner and finance how to pay; a paid one does not', async () => {
      const order = await newOrder();
      for (const cookie of [s.user, s.partner, s.finance]) {
        const response = await call(server, 'GET', `/api/orders/${order.id}/how-to-pay`, { cookie });
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ amount: order.total, currency: 'LAK', reference: order.code });
        expect(response.body.bankAccountNumber).toBeTruthy();
      }
      expect((await call(server, 'GET', `/api/orders/${order.id}/how-to-pay`, { cookie: s.customer1 })).status).toBe(
        404,
      );
      // The booking's notification to its customer says the same, in their language.
      const { rows } = await sql<{ message: string }>`
        select message from notifications where "recipientKind" = 'user' and "recipientId" = ${IDS.users.user}
          and event = 'orders.create' and "recordId" = ${order.id}`.execute(server.db);
      expect(rows).toHaveLength(1);
      expect(rows[0].message).toContain(order.code);
    });
  });

  describe('ledger', () => {
    it('every charge has its evidence: an incoming payment that matches it, or finance’s hand', async () => {
      const order = await newOrder();
      const paid = await act(server, 'orders', order.id, 'pay', s.finance, {
        paymentMethod: 'cash',
        reference: 'DESK-1',
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const [byHand] = await charges(order.id);
      expect(byHand).toMatchObject({ recordedById: IDS.admins.finance, incomingPaymentId: null });

      const { rows } = await sql<{ id: number; problem: string }>`
        select p.id, case
          when p."incomingPaymentId" is null and p."recordedById" is null then 'no evidence'
          when p."incomingPaymentId" is not null and (i.id is null or i.amount <> p.amount or i.currency <> p.currency
            or i."orderId" is distinct from p."orderId" or i.status not in ('matched', 'assigned')) then 'does not match'
          end as problem
        from payments p left join incoming_payments i on i.id = p."incomingPaymentId"
        where p.kind = 'charge'`.execute(server.db);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((r) => r.problem)).toEqual([]);
      // An incoming payment pays at most one charge.
      const { rows: twice } = await sql`
        select "incomingPaymentId" from payments where "incomingPaymentId" is not null
        group by "incomingPaymentId" having count(*) > 1`.execute(server.db);
      expect(twice).toEqual([]);
    });
  });
});
