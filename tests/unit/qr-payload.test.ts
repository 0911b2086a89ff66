/**
 * The bank QR of an unpaid order (SPEC §20): each preset's payload as a banking app reads it, decoded by another
 * library than the one that encoded it, and the profile checks that name the field at fault.
 */
import { describe, expect, it } from 'vitest';
import { formatEnglish } from '../../src/core/messages';
import { validateBody } from '../../src/core/validation';
import settings, { DEFAULT_SETTINGS } from '../../resources/settings';
import { qrAmount, qrPayload } from '../../resources/orders.qr.server';
import type { QrProfile } from '../../resources/shared/qr-profiles';
import type { AnyResource } from '../../src/core/resource';
import { decodeEmvco } from '../support/emvco';
import { PROMPTPAY_THB, VIETQR_VND } from '../support/qr-profiles';

const LAO: QrProfile = (DEFAULT_SETTINGS.payments.qrProfiles as QrProfile[])[0];
const THAI = PROMPTPAY_THB;
const VIET = VIETQR_VND;

async function errorsOf(profiles: unknown) {
  const body = { group: 'payments', values: { ...DEFAULT_SETTINGS.payments, qrProfiles: profiles } };
  const result = await validateBody(settings as unknown as AnyResource, 'create', body);
  if (!('errors' in result)) return {};
  return Object.fromEntries(result.errors.map((e) => [e.path, formatEnglish(e.message)]));
}

describe('bank QR payload', () => {
  it('LAO QR: dynamic, the template as the bank gives it, 418, kip in whole units, the code as bill number', () => {
    const payload = qrPayload(LAO, { amount: 1_250_000, currency: 'LAK', code: 'LT-7KQ2M9XD' });
    const qr = decodeEmvco(payload);
    expect(qr.ids).toEqual(['00', '01', '38', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(qr.top).toMatchObject({
      '00': '01',
      '01': '12',
      '52': '4722',
      '53': '418',
      '54': '1250000',
      '58': 'LA',
      '59': 'Lantern Travel',
      '60': 'Vientiane',
    });
    expect(qr.template).toEqual({ '00': 'A005266284662577', '01': '27710418', '02': '001', '03': 'LANTERNTRAVEL01' });
    expect(qr.additional).toEqual({ '01': 'LT-7KQ2M9XD' });
    expect(qr.crcValid).toBe(true);
    expect(payload.slice(-8, -4)).toBe('6304');
  });

  it('PromptPay: the tax id as proxy, 764, baht with satang', () => {
    const qr = decodeEmvco(qrPayload(THAI, { amount: 150_050, currency: 'THB', code: 'LT-AB12CD34' }));
    expect(qr.templateId).toBe('29');
    expect(qr.template).toEqual({ '00': 'A000000677010111', '02': '0105561012345' });
    expect(qr.top).toMatchObject({ '01': '12', '53': '764', '54': '1500.50', '58': 'TH', '60': 'Bangkok' });
    expect(qr.additional).toEqual({ '01': 'LT-AB12CD34' });
    expect(qr.crcValid).toBe(true);
  });

  it('VietQR: the bank and account nested as NAPAS has them, 704, read back as VietQR by vietnam-qr-pay', () => {
    const qr = decodeEmvco(qrPayload(VIET, { amount: 2_500_000, currency: 'VND', code: 'LT-ZZ99YY88' }));
    expect(qr.template).toEqual({ '00': 'A000000727', '01': '00069704160109257678859', '02': 'QRIBFTTA' });
    expect(qr.parsed.provider.name).toBe('VIETQR');
    expect(qr.parsed.consumer).toMatchObject({ bankBin: '970416', bankNumber: '257678859' });
    expect(qr.parsed.amount).toBe('2500000');
    expect(qr.parsed.currency).toBe('704');
    expect(qr.parsed.additionalData.billNumber).toBe('LT-ZZ99YY88');
    expect(qr.crcValid).toBe(true);
  });

  it('writes the amount in major units as the currency has them', () => {
    expect(qrAmount(1_250_000, 'LAK')).toBe('1250000');
    expect(qrAmount(150_050, 'THB')).toBe('1500.50');
    expect(qrAmount(2_500_000, 'VND')).toBe('2500000');
  });
});

describe('QR profile checks', () => {
  it('takes each preset and a profile of no preset that states its tag and GUID', async () => {
    expect(await errorsOf([LAO, THAI, VIET])).toEqual({});
    expect(
      await errorsOf([{ ...THAI, preset: null, tag: '30', guid: 'A000000677010112', fields: '01=010556101234512' }]),
    ).toEqual({});
  });

  it('names the field at fault', async () => {
    const path = 'values.qrProfiles.0';
    expect(await errorsOf([{ ...LAO, merchantName: 'Lantern Travel and Tours Company' }])).toEqual({
      [`${path}.merchantName`]: 'You must enter a maximum of 25 characters',
    });
    expect(await errorsOf([{ ...LAO, merchantCity: 'Vientiane Capital City' }])).toHaveProperty(`${path}.merchantCity`);
    expect(await errorsOf([{ ...LAO, merchantName: 'ລານເຕີນ' }])).toHaveProperty(`${path}.merchantName`);
    expect(await errorsOf([{ ...LAO, tag: '25' }])).toHaveProperty(`${path}.tag`);
    expect(await errorsOf([{ ...LAO, tag: '52' }])).toHaveProperty(`${path}.tag`);
    expect(await errorsOf([{ ...LAO, mcc: '47' }])).toHaveProperty(`${path}.mcc`);
    expect(await errorsOf([{ ...LAO, countryCode: 'Laos' }])).toHaveProperty(`${path}.countryCode`);
    expect(await errorsOf([{ ...LAO, fields: '01 27710418' }])).toHaveProperty(`${path}.fields`);
    // A scheme's sub-field at fault is named by its id, as the bank's letter lists them.
    expect(await errorsOf([{ ...LAO, fields: '01=27710418; 03=X' }])).toEqual({
      [`${path}.fields`]: 'The scheme needs sub-field 02',
    });
    expect(await errorsOf([{ ...LAO, fields: '01=27710418; 02=001; 03=X; 05=Y' }])).toEqual({
      [`${path}.fields`]: 'The scheme has no sub-field 05',
    });
    expect(await errorsOf([{ ...LAO, fields: `01=27710418; 02=001; 03=${'X'.repeat(80)}` }])).toHaveProperty(
      `${path}.fields`,
    );
    expect(await errorsOf([{ ...LAO, currency: 'THB' }])).toHaveProperty(`${path}.currency`);
    expect(await errorsOf([{ ...LAO, preset: undefined, tag: undefined }])).toEqual({
      [`${path}.tag`]: 'This field is required',
    });
    // PromptPay pays to one proxy: two are refused saying so (not "choose at least one").
    expect(await errorsOf([{ ...THAI, fields: '01=0066812345678; 02=0105561012345' }])).toEqual({
      [`${path}.fields`]: 'Give exactly one of the sub-fields 01, 02, 03, 04',
    });
    expect(await errorsOf([{ ...VIET, fields: '01.00=970416; 02=QRIBFTTA' }])).toEqual({
      [`${path}.fields`]: 'The scheme needs sub-field 01.01',
    });
    expect(await errorsOf([LAO, { ...LAO }])).toHaveProperty('values.qrProfiles.1.currency');
    expect(await errorsOf([{ ...LAO, extra: 1 }])).toHaveProperty(`${path}.extra`);
  });
});
