/**
 * Reads an EMVCo merchant-presented QR payload without the library that wrote it (promptparse): a plain TLV walk,
 * and vietnam-qr-pay's own parser and CRC-16/CCITT-FALSE for the checksum.
 */
import { QRPay } from 'vietnam-qr-pay';

/** The payload's top-level elements by id, each value as written; `62` and the template are walked again. */
export function tlv(text: string): Record<string, string> {
  return Object.fromEntries(elements(text));
}

/** The elements in the order written (an object would put `52` before `01`). */
export function elements(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (let at = 0; at < text.length;) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length)) throw new Error(`bad TLV at ${at}: ${text.slice(at)}`);
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new Error(`short value of ${id}`);
    out.push([id, value]);
    at += 4 + length;
  }
  return out;
}

/** The payload read back, with its CRC checked by vietnam-qr-pay (its own CRC-16 code, not promptparse's). */
export function decodeEmvco(payload: string) {
  const top = tlv(payload);
  const ids = elements(payload).map(([id]) => id);
  const templateId = ids.find((id) => Number(id) >= 26 && Number(id) <= 51);
  const parsed = new QRPay(payload);
  return {
    ids,
    top,
    templateId,
    template: templateId ? tlv(top[templateId]) : {},
    additional: top['62'] ? tlv(top['62']) : {},
    crcValid: parsed.isValid && QRPay.genCRCCode(payload.slice(0, -4)) === payload.slice(-4),
    parsed,
  };
}
