/**
 * SPEC §13 "A traveller hears of each step": booked, payment received, cancelled, refund decided, complaint received
 * and a security notice on a new password or email each queue one mail in the outbox to the customer, in their
 * language, with a short subject and the trip in the body (service, date, seats, total; while unpaid how to pay and
 * when the hold ends). Read as the delivery worker would render them. On both databases.
 */
import { beforeAll, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../src/core/format';
import type { Locale } from '../../src/core/locales';
import { renderMail } from '../../src/server/mail/render';
import { serverText } from '../../src/server/edge/server-text';
import { call, describeEachEngine, suiteServer } from './harness';
import { linkOf, PUBLIC_URL, sessionOf } from './outbox-links';
import { create, dayFromNow, IDS, ok, roomyHolds, signInAll, USER_PASSWORD, type Sessions } from './workflows-helpers';

const CUSTOMER = 'customer1@example.net';
const TIME_ZONE = 'Asia/Vientiane';

describeEachEngine('mails to the traveller', (engine) => {
  const server = suiteServer({ engine, seed: 'small', setup: roomyHolds });
  let s: Sessions;
  let scheduleId = 0;

  /** The mails of one template queued for an address since `after` (an outbox id), rendered. */
  const mailsOf = async (to: string, template: string, after: number) => {
    const rows = await server.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', to)
      .where('template', '=', template)
      .where('id', '>', after)
      .execute();
    return rows.map((row) => ({ row, ...renderMail(row as never, PUBLIC_URL) }));
  };
  const lastOutboxId = async () =>
    Number(
      (
        await server.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );
  /** The one mail an event queued, in the customer's language, with a subject a phone shows whole. */
  const onlyMail = async (template: string, after: number, locale: Locale, to = CUSTOMER) => {
    const mails = await mailsOf(to, template, after);
    expect(mails, template).toHaveLength(1);
    const [mail] = mails;
    expect(mail.row.locale).toBe(locale);
    expect(mail.subject.length, mail.subject).toBeLessThanOrEqual(80);
    expect(mail.text).not.toMatch(/%\{\w+\}/);
    return mail;
  };
  const setLocale = (locale: Locale) =>
    server.db.updateTable('users').set({ locale }).where('id', '=', IDS.users.customer1).execute();
  const book = (quantity = 2) => create(server, 'orders', s.customer1, { scheduleId, quantity });
  /** The trip as the mail must show it to a reader of `locale`. */
  const expectTrip = async (text: string, order: Record<string, any>, locale: Locale) => {
    const service = (
      await server.db.selectFrom('services').select('title').where('id', '=', order.serviceId).executeTakeFirstOrThrow()
    ).title as Record<string, string>;
    expect(text).toContain(service[locale] ?? service.en);
    expect(text).toContain(formatDate(order.departureDate, locale, 'dayFull'));
    expect(text).toContain(formatNumber(order.quantity, locale));
    // The seats by ticket type: each line's type in the reader's language, with its price.
    for (const line of order.lines ?? []) {
      expect(text).toContain(line.name?.[locale] ?? line.name?.en ?? line.ticketType);
      expect(text).toContain(formatMoney(line.unitPrice, order.currency, locale));
    }
    expect(text).toContain(formatMoney(order.total, order.currency, locale));
    expect(text).toContain(order.code);
  };

  beforeAll(async () => {
    s = await signInAll(server);
    const schedule = await create(server, 'schedules', s.partner, {
      serviceId: 1,
      startDate: dayFromNow(20),
      endDate: dayFromNow(20),
      capacity: 40,
    });
    scheduleId = schedule.id;
  });

  it('booked: the trip, how to pay and when the hold ends, in the customer’s language', async () => {
    await setLocale('zh');
    const after = await lastOutboxId();
    const order = await book(3);
    const mail = await onlyMail('orders.booked', after, 'zh');
    expect(mail.subject).toContain(order.code);
    await expectTrip(mail.text, order, 'zh');
    expect(mail.text).toContain(formatDateTime(order.holdExpiresAt, 'zh', TIME_ZONE));
    // How to pay: the amount and the order code as the transfer reference, in the customer's language.
    expect(mail.text).toContain('付款方式');
    expect(mail.text).toContain(`${PUBLIC_URL}/zh/account/orders/${order.id}`);
    expect(mail.html).toContain('<a href=');
  });

  it('payment received and cancelled: one mail each, to the customer, with the trip', async () => {
    await setLocale('lo');
    const order = await book(1);
    let after = await lastOutboxId();
    const paid = await ok(server, 'orders', order.id, 'pay', s.finance, { reference: `T-${order.code}` });
    const paidMail = await onlyMail('orders.paid', after, 'lo');
    expect(paidMail.subject).toContain(order.code);
    await expectTrip(paidMail.text, paid, 'lo');

    await setLocale('vi');
    const other = await book(2);
    after = await lastOutboxId();
    // The customer's own cancellation is mailed too: it is their receipt.
    const cancelled = await ok(server, 'orders', other.id, 'cancel', s.customer1, { reason: 'Plans changed' });
    const cancelMail = await onlyMail('orders.cancelled', after, 'vi');
    expect(cancelMail.subject).toContain(other.code);
    await expectTrip(cancelMail.text, cancelled, 'vi');
  });

  it('cancelled after paying: what was paid and what comes back once approved, in every language; no empty reason', async () => {
    for (const locale of ['lo', 'vi', 'th', 'zh', 'en'] as const) {
      await setLocale(locale);
      const order = await book(2);
      const paid = await ok(server, 'orders', order.id, 'pay', s.finance, { reference: `T-${order.code}` });
      const after = await lastOutboxId();
      const cancelled = await ok(server, 'orders', order.id, 'cancel', s.customer1, {});
      expect(cancelled.refundAmount, locale).toBe(paid.total);
      const mail = await onlyMail('orders.cancelled', after, locale);
      await expectTrip(mail.text, cancelled, locale);
      const unpaidSentence = serverText(locale, 'app.mail.orders.cancelled.unpaid').split('\n')[0];
      const paidSentence = serverText(locale, 'app.mail.orders.cancelled.text', {
        code: order.code,
        total: formatMoney(paid.total, paid.currency, locale),
        refundAmount: formatMoney(cancelled.refundAmount, paid.currency, locale),
      }).split('\n\n')[1];
      // What was paid, what comes back and when (once finance approves it), never "nothing was paid".
      expect(mail.text, locale).toContain(paidSentence);
      expect(mail.text, locale).not.toContain(unpaidSentence.replace(`%{code}`, order.code));
      // No reason given: its line is left out, not "(no reason given)".
      expect(mail.text, locale).not.toContain(serverText(locale, 'app.notifications.noReason'));
      expect(mail.text, locale).not.toContain('()');
    }
    // The last, in English, read as the traveller reads it.
    const all = await mailsOf(CUSTOMER, 'orders.cancelled', 0);
    const last = all[all.length - 1].text;
    expect(last).toMatch(/You paid LAK/);
    expect(last).toMatch(/comes back to you/);
    expect(last).toMatch(/once they approve it/);
    expect(last).not.toMatch(/Nothing was paid|Reason:/);
  });

  it('cancelled unpaid: nothing was paid, and a reason given is stated on its own line', async () => {
    await setLocale('en');
    const order = await book(1);
    let after = await lastOutboxId();
    await ok(server, 'orders', order.id, 'cancel', s.customer1, { reason: 'Plans changed' });
    const mail = await onlyMail('orders.cancelled', after, 'en');
    expect(mail.text).toContain('Nothing was paid for it');
    expect(mail.text).toContain('\nReason: Plans changed\n');
    expect(mail.text).not.toMatch(/comes back|You paid/);
    const silent = await book(1);
    after = await lastOutboxId();
    await ok(server, 'orders', silent.id, 'cancel', s.customer1, {});
    const plain = await onlyMail('orders.cancelled', after, 'en');
    expect(plain.text).toContain('Nothing was paid for it');
    expect(plain.text).not.toMatch(/Reason:|no reason given|\(\)/);
  });

  it('refund decided, approved or rejected, with the amount and the trip', async () => {
    await setLocale('th');
    const order = await book(2);
    const paid = await ok(server, 'orders', order.id, 'pay', s.finance, { reference: `T-${order.code}` });
    const part = Math.floor(paid.total / 4);
    // The trip is still ahead: the customer would cancel, so finance opens the requests (SPEC §21).
    const first = await create(server, 'refunds', s.finance, { orderId: order.id, amount: part, reason: 'Ill' });
    let after = await lastOutboxId();
    await ok(server, 'refunds', first.id, 'reject', s.finance, { reason: 'Outside the terms' });
    const rejected = await onlyMail('refunds.rejected', after, 'th');
    expect(rejected.subject).toContain(formatMoney(part, paid.currency, 'th'));
    expect(rejected.text).toContain('Outside the terms');
    await expectTrip(rejected.text, paid, 'th');

    await setLocale('en');
    const second = await create(server, 'refunds', s.finance, { orderId: order.id, amount: part, reason: 'Ill' });
    after = await lastOutboxId();
    await ok(server, 'refunds', second.id, 'approve', s.finance);
    const approved = await onlyMail('refunds.approved', after, 'en');
    expect(approved.subject).toBe(`Refund of ${formatMoney(part, paid.currency, 'en')} approved`);
    await expectTrip(approved.text, paid, 'en');
    expect(approved.text).toContain(`${PUBLIC_URL}/en/account/refunds/${second.id}`);
  });

  it('complaint received: the customer’s receipt, with the trip it is about', async () => {
    await setLocale('en');
    const order = await book(1);
    const after = await lastOutboxId();
    const complaint = await create(server, 'complaints', s.customer1, {
      orderId: order.id,
      category: 'booking',
      subject: 'The meeting point moved',
      message: 'Nobody told us where to go.',
    });
    const mail = await onlyMail('complaints.received', after, 'en');
    expect(mail.subject).toBe('Complaint received: The meeting point moved');
    await expectTrip(mail.text, order, 'en');
    expect(mail.text).toContain(`${PUBLIC_URL}/en/account/complaints/${complaint.id}`);
    // Without an order the trip's lines are left out, never sent as placeholders.
    const later = await lastOutboxId();
    await create(server, 'complaints', s.customer1, { category: 'other', subject: 'App', message: 'Slow' });
    const plain = await onlyMail('complaints.received', later, 'en');
    expect(plain.text).not.toContain('Service:');
  });

  it('a new password and a new email each mail a security notice to the address the account had', async () => {
    await setLocale('lo');
    let after = await lastOutboxId();
    const me = IDS.users.customer1;
    const version = (await call(server, 'GET', `/api/users/${me}`, { cookie: s.customer1 })).body.version;
    const NEW_PASSWORD = 'Travel#2027!';
    const changed = await call(server, 'PUT', `/api/users/${me}`, {
      cookie: s.customer1,
      body: { password: NEW_PASSWORD, currentPassword: USER_PASSWORD, version },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const notice = await onlyMail('account.passwordChanged', after, 'lo');
    expect(notice.text).toContain(`${PUBLIC_URL}/lo/password-reset`);

    // A new address counts once it is proved: then the old one hears of it.
    after = await lastOutboxId();
    const NEW_EMAIL = 'customer1.new@example.net';
    const moved = await call(server, 'PUT', `/api/users/${me}`, {
      cookie: s.customer1,
      body: { email: NEW_EMAIL, currentPassword: NEW_PASSWORD, version: changed.body.version },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const { token } = (await linkOf(server, NEW_EMAIL, 'account.verifyEmail'))!;
    const verified = await call(server, 'POST', '/api/auth/verify-email', { body: { token } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(sessionOf(verified)).toBeTruthy();
    const emailNotice = await onlyMail('account.emailChanged', after, 'lo');
    expect(emailNotice.text).toContain(NEW_EMAIL);
    expect(await mailsOf(NEW_EMAIL, 'account.emailChanged', after)).toHaveLength(0);
  });
});
