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
  const subject = serverText(locale, `app.mail.${row.template}.subject`, values).replace(/\s+/g, ' ').slice(0, 200);
  const text = serverText(locale, `app.mail.${row.template}.text`, values);
  const body = escapeHtml(text)
    .split(escapeHtml(link))
    .join(`<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)
    .replace(/\n/g, '<br>\n');
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">${body}</body></html>`;
  return { subject, text, html };
}

/** One stable Message-ID per notification (or per mail without one), whichever attempt delivers it. */
export function messageIdOf(row: OutboxRow, publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  const domain = host.includes('.') ? host : `${host}.localdomain`;
  return row.notificationId ? `<notification-${row.notificationId}@${domain}>` : `<mail-${row.id}@${domain}>`;
}
