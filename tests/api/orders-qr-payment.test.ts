/**
 * Pay by scanning (SPEC §20) over real HTTP: the unpaid order's `how-to-pay` carries the bank QR of its currency's
 * profile (read back by another library than the one that wrote it), and nothing once paid; a malformed profile is
 * refused naming its field; the booking mail carries the same code as an inline image; the bank's statement line
 * for the payment names the order by its bill number and pays it through the import.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { beforeAll, expect, it } from 'vitest';
import type { Locale } from '../../src/core/locales';
import { MAIL_QR_CID } from '../../src/server/mail/render';
import { serverText } from '../../src/server/edge/server-text';
import { decodeEmvco } from '../support/emvco';
import { PROMPTPAY_THB, VIETQR_VND } from '../support/qr-profiles';
import { call, describeEachEngine, suiteServer } from './harness';
import { smtpCapture, until } from './smtp-capture';
import { act, create, dayFromNow, getRecord, IDS, ok, roomyHolds, signInAll, type Sessions } from './workflows-helpers';

const smtp = smtpCapture();

describeEachEngine('pay by scanning', (engine) => {
  const server = suiteServer({
    engine,
    seed: 'small',
    setup: roomyHolds,
    config: smtp.serverConfig('https://lantern.example'),
  });
  let s: Sessions;
  let scheduleId = 0;

  const book = () => create(server, 'orders', s.user, { scheduleId, quantity: 1 });
  const howToPay = async (id: number, cookie = s.user) => {
    const response = await call(server, 'GET', `/api/orders/${id}/how-to-pay`, { cookie });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as Record<string, any>;
  };
  const importStatement = async (lines: string[]) => {
    const csv = `date,amount,currency,reference,transactionId\n${lines.join('\n')}\n`;
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'statement.csv');
    const response = await fetch(`${server.baseUrl}/api/incoming-payments/-/import`, {
      method: 'POST',
      headers: { cookie: s.finance },
      body: form,
    });
    expect(response.status).toBe(200);
    return response.json();
  };
  const putPayments = async (values: Record<string, unknown>) => {
    const settings = await getRecord(server, 'settings', 'payments' as never, s.admin);
    return call(server, 'PUT', '/api/settings/payments', {
      cookie: s.admin,
      body: { ...settings, values: { ...settings.values, ...values } },
    });
  };

  beforeAll(async () => {
    // One SMTP server serves both engines' suites: each reads only its own mails.
    smtp.received.length = 0;
    s = await signInAll(server);
    const schedule = await create(server, 'schedules', s.partner, {
      serviceId: 1,
      startDate: dayFromNow(45),
      endDate: dayFromNow(46),
      capacity: 40,
    });
    scheduleId = schedule.id;
  });

  it('an unpaid order answers a dynamic LAO QR of its amount and code; paid, it is gone', async () => {
    const order = await book();
    const answer = await howToPay(order.id);
    expect(answer).toMatchObject({ amount: order.total, currency: 'LAK', reference: order.code });
    expect(typeof answer.qrPayload).toBe('string');
    const qr = decodeEmvco(answer.qrPayload);
    expect(qr.crcValid).toBe(true);
    expect(qr.templateId).toBe('38');
    expect(qr.template['00']).toBe('A005266284662577');
    expect(qr.top).toMatchObject({
      '00': '01',
      '01': '12',
      '52': '4722',
      '53': '418',
      // Kip has no minor unit: the total as it is.
      '54': String(order.total),
      '58': 'LA',
    });
    expect(qr.top['59'].length).toBeLessThanOrEqual(25);
    expect(qr.top['60'].length).toBeLessThanOrEqual(15);
    expect(qr.additional['01']).toBe(order.code);
    // The code is its customer's alone (SPEC §20): its partner and the back office read the transfer details
    // without it; another customer reads nothing of the order.
    for (const [who, cookie] of Object.entries({ partner: s.partner, finance: s.finance, support: s.support })) {
      const other = await howToPay(order.id, cookie);
      expect(other, who).toMatchObject({ amount: order.total, currency: 'LAK', reference: order.code });
      expect(other, who).not.toHaveProperty('qrPayload');
    }
    expect((await call(server, 'GET', `/api/orders/${order.id}/how-to-pay`, { cookie: s.customer1 })).status).toBe(404);

    const paid = await act(server, 'orders', order.id, 'pay', s.finance, { paymentMethod: 'cash', reference: 'DESK' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await howToPay(order.id)).toEqual({});
  });

  it('a malformed profile is refused naming its field; without a profile for the currency there is no QR', async () => {
    const settings = await getRecord(server, 'settings', 'payments' as never, s.admin);
    const [profile] = settings.values.qrProfiles;
    const cases: [Record<string, unknown>, string][] = [
      [{ merchantName: 'Lantern Travel and Tours Company Limited' }, 'merchantName'],
      [{ merchantCity: 'Vientiane Capital City' }, 'merchantCity'],
      [{ tag: '62' }, 'tag'],
      [{ mcc: 'travel' }, 'mcc'],
      [{ fields: '01=27710418' }, 'fields'],
      [{ countryCode: 'TH' }, 'countryCode'],
    ];
    for (const [change, field] of cases) {
      const refused = await putPayments({ qrProfiles: [{ ...profile, ...change }] });
      expect(refused.status, field).toBe(400);
      expect(Object.keys(refused.body.errors ?? {}), JSON.stringify(refused.body)).toEqual([
        `values.qrProfiles.0.${field}`,
      ]);
    }
    // A scheme's sub-field left out is named by its id: LAO QR's 02 (the payment type) and 03 (the merchant's id).
    const partial = await putPayments({ qrProfiles: [{ ...profile, fields: '01=27710418; 03=LANTERNTRAVEL01' }] });
    expect(partial.body.errors).toEqual({ 'values.qrProfiles.0.fields': 'The scheme needs sub-field 02' });
    expect((await putPayments({ qrProfiles: [] })).status).toBe(200);
    const order = await book();
    const answer = await howToPay(order.id);
    expect(answer).toMatchObject({ reference: order.code });
    expect(answer).not.toHaveProperty('qrPayload');
    expect((await putPayments({ qrProfiles: settings.values.qrProfiles })).status).toBe(200);
    expect((await howToPay(order.id)).qrPayload).toContain(order.code);
  });

  it('the booking mail carries the same code as an inline image', async () => {
    const order = await book();
    const { qrPayload } = await howToPay(order.id);
    // The message as the delivery worker sent it over SMTP, read back by the SMTP server's mail parser.
    const mail = await until(() =>
      smtp.mailsTo('user@example.com').find((one) => one.text?.includes(order.code) && one.attachments.length),
    );
    // Under it, the page's words in the customer's language (the mail's own).
    const locale = /<html lang="([a-z]{2})">/.exec(String(mail.html))?.[1] as Locale;
    expect(mail.html).toContain(serverText(locale, 'resources.orders.endpoints.how-to-pay.scan'));
    // An image of the HTML part (multipart/related, by its Content-ID), which the parser inlines where it stands.
    const [image] = mail.attachments;
    expect(image).toMatchObject({ contentType: 'image/png', cid: MAIL_QR_CID, related: true });
    expect(mail.html).toContain(`<img src="data:image/png;base64,${image.content.toString('base64')}"`);
    const png = PNG.sync.read(image.content);
    expect(png.width).toBeGreaterThanOrEqual(200);
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(qrPayload);
  });

  it("the bank's statement line names the order by its bill number and pays it", async () => {
    const order = await book();
    const qr = decodeEmvco((await howToPay(order.id)).qrPayload);
    // As a Lao bank writes a QR payment: the amount scanned (major units) and the bill number among its own words.
    const reference = `LAOQR BILL ${qr.additional['01']} FROM SOMSACK K`;
    const body = await importStatement([
      `${new Date().toISOString()},${qr.top['54']},LAK,"${reference}",QR-${engine}-${order.id}`,
    ]);
    expect(body).toMatchObject({ matched: [{ orderCode: order.code }], unmatched: [] });
    const paid = await getRecord(server, 'orders', order.id, s.finance);
    expect(paid).toMatchObject({ status: 'paid', paymentMethod: 'bank_transfer', userId: IDS.users.user });
    expect(await howToPay(order.id)).toEqual({});
  });

  it('PromptPay and VietQR profiles set through the settings API pay a THB and a VND order; the bank lines match', async () => {
    const settings = await getRecord(server, 'settings', 'payments' as never, s.admin);
    const put = await putPayments({ qrProfiles: [...settings.values.qrProfiles, PROMPTPAY_THB, VIETQR_VND] });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    try {
      /** An unpaid one-seat order of the customer on a new approved service sold in `currency`. */
      const orderIn = async (currency: string, price: number) => {
        const service = await create(server, 'services', s.partner, {
          title: { en: `Paid by QR in ${currency}` },
          tourTypeId: 1,
          provinceId: 1,
          durationDays: 1,
          price,
          currency,
          capacity: 10,
        });
        await ok(server, 'services', service.id, 'submit', s.partner);
        await ok(server, 'services', service.id, 'approve', s.moderator);
        const schedule = await create(server, 'schedules', s.partner, {
          serviceId: service.id,
          startDate: dayFromNow(30),
          endDate: dayFromNow(30),
          capacity: 10,
        });
        const order = await create(server, 'orders', s.user, { scheduleId: schedule.id, quantity: 1 });
        expect(order).toMatchObject({ currency, total: price, status: 'pending_payment' });
        return order;
      };
      const baht = await orderIn('THB', 150_050);
      const thai = decodeEmvco((await howToPay(baht.id)).qrPayload);
      expect(thai.crcValid).toBe(true);
      expect(thai.templateId).toBe('29');
      expect(thai.template).toEqual({ '00': 'A000000677010111', '02': '0105561012345' });
      // Baht has satang: the amount in major units with its two decimals.
      expect(thai.top).toMatchObject({ '01': '12', '52': '4722', '53': '764', '54': '1500.50', '58': 'TH' });
      expect(thai.additional).toEqual({ '01': baht.code });

      const dong = await orderIn('VND', 2_500_000);
      const viet = decodeEmvco((await howToPay(dong.id)).qrPayload);
      expect(viet.crcValid).toBe(true);
      expect(viet.parsed.provider.name).toBe('VIETQR');
      expect(viet.parsed.consumer).toMatchObject({ bankBin: '970416', bankNumber: '257678859' });
      expect(viet.top).toMatchObject({ '01': '12', '53': '704', '54': '2500000', '58': 'VN' });
      expect(viet.parsed.additionalData.billNumber).toBe(dong.code);

      // The banks' lines as they write a QR payment: the amount scanned and the bill number among their own words.
      const at = new Date().toISOString();
      const body = await importStatement([
        `${at},${thai.top['54']},THB,"PROMPTPAY BILL ${thai.additional['01']} FROM SOMCHAI",QR-THB-${engine}-${baht.id}`,
        `${at},${viet.top['54']},VND,"VIETQR ${viet.additional['01']} NGUYEN VAN A",QR-VND-${engine}-${dong.id}`,
      ]);
      expect(body).toMatchObject({ matched: [{ orderCode: baht.code }, { orderCode: dong.code }], unmatched: [] });
      for (const order of [baht, dong]) {
        expect(await getRecord(server, 'orders', order.id, s.finance)).toMatchObject({
          status: 'paid',
          paymentMethod: 'bank_transfer',
        });
        expect(await howToPay(order.id)).toEqual({});
      }
    } finally {
      expect((await putPayments({ qrProfiles: settings.values.qrProfiles })).status).toBe(200);
    }
  });
});
