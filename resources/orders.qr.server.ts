import { encode, tag, withCrcTag } from 'promptparse';
import { minorDigits } from '../src/core/format';
import { templateFields, templateOf, type QrProfile } from './shared/qr-profiles';

/** ISO 4217's numeric codes of the platform's currencies: EMVCo's `53` takes the number, not the letters. */
const NUMERIC_CURRENCY: Readonly<Record<string, string>> = {
  LAK: '418',
  THB: '764',
  VND: '704',
  CNY: '156',
  USD: '840',
};

/** The amount as EMVCo writes it: major units, a decimal point only where the currency has minor units. */
export function qrAmount(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

/**
 * The dynamic EMVCo merchant-presented payload (SPEC §20) that pays one order: the profile's merchant account
 * template, MCC, currency, amount, country, name, city, the order's code as bill number (`62`.`01`) and the
 * CRC-16/CCITT-FALSE (`63`), built by promptparse so the TLV lengths and the checksum are a maintained library's.
 */
export function qrPayload(profile: QrProfile, order: { amount: number; currency: string; code: string }): string {
  const { tag: templateTag, guid } = templateOf(profile);
  const nested = new Map<string, ReturnType<typeof tag>[]>();
  const account = [tag('00', guid)];
  for (const { id, value } of templateFields(profile.fields)) {
    const [parent, child] = id.split('.');
    if (!child) {
      account.push(tag(parent, value));
      continue;
    }
    if (!nested.has(parent)) {
      nested.set(parent, []);
      // The parent keeps its place among its siblings; its value is its children's, filled below.
      account.push(tag(parent, ''));
    }
    nested.get(parent)!.push(tag(child, value));
  }
  const template = account.map((field) =>
    nested.has(field.id) ? tag(field.id, encode(nested.get(field.id)!)) : field,
  );
  const payload = encode([
    tag('00', '01'),
    // 12: dynamic, this QR is for this amount only.
    tag('01', '12'),
    tag(templateTag, encode(template)),
    tag('52', profile.mcc),
    tag('53', NUMERIC_CURRENCY[order.currency] ?? ''),
    tag('54', qrAmount(order.amount, order.currency)),
    tag('58', profile.countryCode),
    tag('59', profile.merchantName.slice(0, 25)),
    tag('60', profile.merchantCity.slice(0, 15)),
    tag('62', encode([tag('01', order.code)])),
  ]);
  return withCrcTag(payload, '63');
}
