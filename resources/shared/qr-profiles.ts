import { CURRENCIES, enumOf, listOf, text, type MessageKey } from '../../src/core/fields';

/**
 * The national schemes of EMVCo merchant-presented QR the region's banking apps scan (SPEC §20). Each names the
 * sub-fields of its merchant account template, so a profile says `01=27710418` where the bank's letter says "IIN";
 * `01.00` is sub-field 00 of sub-field 01 (VietQR nests the beneficiary's bank and account).
 */
export const QR_PRESETS = {
  // LAPNet's LAO QR (Bank of the Lao PDR): the acquiring bank's IIN, the payment type, the merchant's id there.
  laoqr: {
    currency: 'LAK',
    countryCode: 'LA',
    tag: '38',
    guid: 'A005266284662577',
    fields: { '01': 'iin', '02': 'paymentType', '03': 'merchantId' },
    required: ['01', '02', '03'],
    oneOf: [],
  },
  // Thailand's PromptPay credit transfer: one proxy, a company's tax id (13 digits) for a merchant.
  promptpay: {
    currency: 'THB',
    countryCode: 'TH',
    tag: '29',
    guid: 'A000000677010111',
    fields: { '01': 'mobile', '02': 'taxId', '03': 'eWallet', '04': 'bankAccount' },
    required: [],
    oneOf: ['01', '02', '03', '04'],
  },
  // NAPAS' VietQR: the bank's BIN and the account, and the service (QRIBFTTA: to an account).
  vietqr: {
    currency: 'VND',
    countryCode: 'VN',
    tag: '38',
    guid: 'A000000727',
    fields: { '01.00': 'bankBin', '01.01': 'accountNumber', '02': 'service' },
    required: ['01.00', '01.01', '02'],
    oneOf: [],
  },
} as const satisfies Readonly<
  Record<
    string,
    {
      currency: (typeof CURRENCIES)[number];
      countryCode: string;
      tag: string;
      guid: string;
      fields: Readonly<Record<string, string>>;
      required: readonly string[];
      oneOf: readonly string[];
    }
  >
>;
export type QrPreset = keyof typeof QR_PRESETS;
export const QR_PRESET_NAMES = Object.keys(QR_PRESETS) as QrPreset[];

/** One QR profile: how the operator's bank identifies it, and the merchant as the payer's app names it. */
export interface QrProfile {
  currency: string;
  preset?: QrPreset | null;
  tag?: string | null;
  guid?: string | null;
  fields: string;
  mcc: string;
  merchantName: string;
  merchantCity: string;
  countryCode: string;
}

/** What EMVCo lets a name, a city or a template's value hold: printable ASCII (another script goes in tag 64). */
const PRINTABLE = /^[\x20-\x7E]+$/;
/** `01=27710418; 02=001; 03=MERCHANT01`: sub-field ids (`01.00` nested), `=`, the value; `;` between pairs. */
const FIELD_PAIR = String.raw`\d{2}(?:\.\d{2})?\s*=\s*[\x20-\x3A\x3C\x3E-\x7E]*[\x21-\x3A\x3C\x3E-\x7E]`;
const FIELDS = new RegExp(String.raw`^\s*${FIELD_PAIR}(?:\s*;\s*${FIELD_PAIR})*\s*;?\s*$`);

/** A profile's sub-fields in the order written: `[{id: '01.00', value: '970416'}, …]`. */
export function templateFields(fields: string): { id: string; value: string }[] {
  return fields
    .split(';')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return { id: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() };
    });
}

/** A TLV element: id, two-digit length, value. */
const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/**
 * The template's value (without its own tag): the GUID as `00`, then each sub-field, nested ones grouped under
 * their parent. The EMVCo library encodes the payload itself (orders.qr.server.ts); this text is only for the
 * length check of a profile, where the settings check runs (the browser's form too) without that library.
 */
function templateValue(guid: string, fields: { id: string; value: string }[]): string {
  const grouped = new Map<string, string>();
  for (const { id, value } of fields) {
    const [parent, child] = id.split('.');
    grouped.set(parent, (grouped.get(parent) ?? '') + (child ? tlv(child, value) : value));
  }
  return tlv('00', guid) + [...grouped].map(([id, value]) => tlv(id, value)).join('');
}

/** The profile's tag and GUID: its own, else its preset's. */
export function templateOf(profile: QrProfile): { tag: string; guid: string } {
  const preset = profile.preset ? QR_PRESETS[profile.preset] : undefined;
  return { tag: profile.tag || preset?.tag || '', guid: profile.guid || preset?.guid || '' };
}

/** What is wrong with a profile as a whole (its keys are checked one by one before), naming the key at fault. */
export function profileProblem(
  row: Record<string, unknown>,
): { key: string; message: MessageKey; args?: Record<string, string | number> } | undefined {
  const profile = row as unknown as QrProfile;
  const preset = profile.preset ? QR_PRESETS[profile.preset] : undefined;
  const { tag, guid } = templateOf(profile);
  if (!tag) return { key: 'tag', message: 'required' };
  if (!guid) return { key: 'guid', message: 'required' };
  const fields = templateFields(profile.fields ?? '');
  const ids = fields.map((field) => field.id);
  if (new Set(ids).size !== ids.length) return { key: 'fields', message: 'unique' };
  // A sub-field whose id is also a parent of nested ones would be written twice.
  if (ids.some((id) => !id.includes('.') && ids.some((other) => other.startsWith(`${id}.`))))
    return { key: 'fields', message: 'format' };
  if (preset) {
    if (profile.currency !== preset.currency) return { key: 'currency', message: 'oneOf' };
    if (profile.countryCode !== preset.countryCode) return { key: 'countryCode', message: 'oneOf' };
    if (tag !== preset.tag) return { key: 'tag', message: 'oneOf' };
    if (guid !== preset.guid) return { key: 'guid', message: 'oneOf' };
    // The sub-field at fault is named: the bank's letter lists them by id (`02` the payment type of LAO QR).
    const unknown = ids.find((id) => !(id in preset.fields));
    if (unknown) return { key: 'fields', message: 'subFieldUnknown', args: { 0: unknown } };
    const missing = preset.required.find((id) => !ids.includes(id));
    if (missing) return { key: 'fields', message: 'subFieldRequired', args: { 0: missing } };
    const proxies = (preset.oneOf as readonly string[]).filter((id) => ids.includes(id)).length;
    if (preset.oneOf.length && proxies !== 1)
      return { key: 'fields', message: 'subFieldOne', args: { 0: preset.oneOf.join(', ') } };
  }
  // EMVCo's lengths are two digits: the template, with its GUID and every sub-field, holds at most 99 characters.
  if (fields.some((field) => field.value.length > 99) || templateValue(guid, fields).length > 99)
    return { key: 'fields', message: 'maxLength', args: { 0: 99 } };
  return undefined;
}

/**
 * `settings.payments.qrProfiles`: per currency, the bank QR an unpaid order in it shows (SPEC §20). The presets
 * fill the tag and GUID and check the sub-fields their scheme names.
 */
export const qrProfiles = () =>
  listOf(
    {
      currency: enumOf(CURRENCIES, { required: true }),
      preset: enumOf(QR_PRESET_NAMES),
      // 26–51: the templates EMVCo leaves to payment networks.
      tag: text({ length: 2, pattern: /^(2[6-9]|[34]\d|5[01])$/ }),
      guid: text({ maxLength: 32, pattern: /^[0-9A-Za-z.\-_]+$/ }),
      fields: text({ required: true, maxLength: 255, pattern: FIELDS }),
      // 4722: travel agencies and tour operators.
      mcc: text({ required: true, length: 4, pattern: /^\d{4}$/, default: '4722' }),
      merchantName: text({ required: true, maxLength: 25, pattern: PRINTABLE }),
      merchantCity: text({ required: true, maxLength: 15, pattern: PRINTABLE }),
      countryCode: text({ required: true, length: 2, pattern: /^[A-Z]{2}$/ }),
    },
    { uniqueBy: 'currency', maxItems: CURRENCIES.length, check: profileProblem },
  );
