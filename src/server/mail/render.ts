import { DEFAULT_LOCALE, isLocale } from '../../core/locales';
import { serverText } from '../server-text';

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
  const page = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">${html}</body></html>`;
  return { subject, text, html: page };
}

/** One stable Message-ID per notification (or per mail without one), whichever attempt delivers it. */
export function messageIdOf(row: OutboxRow, publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  const domain = host.includes('.') ? host : `${host}.localdomain`;
  return row.notificationId ? `<notification-${row.notificationId}@${domain}>` : `<mail-${row.id}@${domain}>`;
}
