import QRCode from 'qrcode';
import { DEFAULT_LOCALE, isLocale } from '../../core/locales';
import { serverText } from '../edge/server-text';

export interface OutboxRow {
  id: number;
  recipient: string;
  locale: string;
  template: string;
  params: Record<string, unknown> | null;
  notificationId: number | null;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The param naming the body a mail takes when not `text` (a rule's `mail.texts`); not a word, so never a field's. */
export const MAIL_TEXT_PARAM = '$text';

/**
 * The params of a mail that carries a bank QR (SPEC §20): its payload, drawn as an image of the mail, and the words
 * under it. Not words either, so never a field's.
 */
export const MAIL_QR_PARAM = '$qr';
export const MAIL_QR_CAPTION_PARAM = '$qrCaption';
/** The image's Content-ID: the HTML points at the attachment, which mail clients show inline, unlike a data: URL. */
export const MAIL_QR_CID = 'pay-by-qr@lantern';
/** The image's side in CSS pixels: at least 200, as the page draws it. */
const MAIL_QR_SIZE = 240;

/** SPEC §13: a subject reads whole on a phone's inbox line. */
export const MAX_SUBJECT = 80;

/**
 * The subject on one line and at most MAX_SUBJECT characters: a longer one (a notification's whole message) ends at
 * the last word that fits, with an ellipsis, rather than in the middle of a word or a number.
 */
export function shortSubject(text: string): string {
  // Line breaks and runs of spaces go; the no-break spaces inside an amount or a date stay.
  const line = text.replace(/[ \t\r\n]+/g, ' ').trim();
  const chars = [...line];
  if (chars.length <= MAX_SUBJECT) return line;
  const cut = chars.slice(0, MAX_SUBJECT - 1).join('');
  const space = cut.lastIndexOf(' ');
  // Scripts written without spaces (Lao, Thai, Chinese) are cut at the limit.
  return `${(space > MAX_SUBJECT / 2 ? cut.slice(0, space) : cut).replace(/[\s,.:;，。：]+$/u, '')}…`;
}

/**
 * A mail of the outbox in its recipient's language: subject and plain text from `app.mail.{template}` of the
 * i18n files, and the same text as simple HTML with its link clickable. Links are below PUBLIC_URL; a mail
 * without one of its own points at the sign-in page.
 */
export function renderMail(row: OutboxRow, publicUrl: string) {
  const locale = isLocale(row.locale) ? row.locale : DEFAULT_LOCALE;
  const params = { ...(row.params ?? {}) };
  const link = `${publicUrl}${typeof params.link === 'string' ? params.link : `/${locale}/login`}`;
  const values = { ...params, link };
  const subject = shortSubject(serverText(locale, `app.mail.${row.template}.subject`, values));
  // A line whose value the record lacks (a complaint about no order has no departure) is left out, not sent raw.
  const body = typeof params[MAIL_TEXT_PARAM] === 'string' ? params[MAIL_TEXT_PARAM] : 'text';
  const text = serverText(locale, `app.mail.${row.template}.${body}`, values)
    .split('\n')
    .filter((line) => !/%\{\w+\}/.test(line))
    .join('\n');
  const html = escapeHtml(text)
    .split(escapeHtml(link))
    .join(`<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)
    .replace(/\n/g, '<br>\n');
  const qr = typeof params[MAIL_QR_PARAM] === 'string' && params[MAIL_QR_PARAM] ? params[MAIL_QR_PARAM] : undefined;
  const caption = typeof params[MAIL_QR_CAPTION_PARAM] === 'string' ? params[MAIL_QR_CAPTION_PARAM] : '';
  const image = qr
    ? `\n<p style="text-align:center"><img src="cid:${MAIL_QR_CID}" width="${MAIL_QR_SIZE}" height="${MAIL_QR_SIZE}" alt="${escapeHtml(caption)}" style="display:inline-block;background:#fff"><br>\n${escapeHtml(caption)}</p>`
    : '';
  const page = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">${html}${image}</body></html>`;
  return { subject, text, html: page };
}

/**
 * The mail's images: its bank QR as a PNG, with the quiet zone of four modules a scanner needs, at twice the size
 * it is shown for sharp screens.
 */
export async function mailAttachments(row: OutboxRow) {
  const payload = row.params?.[MAIL_QR_PARAM];
  if (typeof payload !== 'string' || !payload) return [];
  const content = await QRCode.toBuffer(payload, { errorCorrectionLevel: 'M', margin: 4, width: MAIL_QR_SIZE * 2 });
  return [{ filename: 'pay-by-qr.png', content, contentType: 'image/png', cid: MAIL_QR_CID }];
}

/** One stable Message-ID per notification (or per mail without one), whichever attempt delivers it. */
export function messageIdOf(row: OutboxRow, publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  const domain = host.includes('.') ? host : `${host}.localdomain`;
  return row.notificationId ? `<notification-${row.notificationId}@${domain}>` : `<mail-${row.id}@${domain}>`;
}

/** The whole message the delivery worker hands to SMTP: addresses, its stable Message-ID, texts and images. */
export async function mailMessage(row: OutboxRow, config: { publicUrl: string; from: string }) {
  return {
    from: config.from,
    to: row.recipient,
    messageId: messageIdOf(row, config.publicUrl),
    ...renderMail(row, config.publicUrl),
    attachments: await mailAttachments(row),
  };
}
