/**
 * SPEC §13: every mail's subject reads whole on a phone's inbox line (≤ 80 characters) in every language, filled
 * with values as long as real ones; a subject that would run longer (a notification's whole message) is shortened
 * at a word, never in the middle of a number.
 */
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import { LOCALES } from '../../src/core/locales';
import { MAX_SUBJECT, renderMail, shortSubject } from '../../src/server/mail/render';

/** The templates of `app.mail` (each node with a subject), by their dotted name. */
function templates(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    if (!value || typeof value !== 'object') return [];
    const name = prefix ? `${prefix}.${key}` : key;
    return 'subject' in value ? [name] : templates(value as Record<string, unknown>, name);
  });
}

const LONG_VALUES = {
  code: 'BK-2026-7QX4KM',
  holdExpiresAt: 'Wednesday, 23 December 2026 at 08:45',
  amount: 'LAK 12,500,000',
  subject: 'The meeting point at the night market moved and nobody told us where to go',
  service: 'Kuang Si waterfalls, Pak Ou caves and the Mekong by slow boat',
  message: 'Your booking BK-2026-7QX4KM is waiting for payment. Pay LAK 12,500,000 by bank transfer to BCEL One',
  link: '/en/account/orders/1',
};

describe('mail subjects', () => {
  const names = templates((en.app as { mail: Record<string, unknown> }).mail);

  const TRAVELLERS = [
    'orders.booked',
    'orders.paid',
    'orders.cancelled',
    'refunds.approved',
    'refunds.rejected',
    'complaints.received',
    'account.passwordChanged',
    'account.emailChanged',
  ];

  it('lists the traveller’s mails among the templates', () => {
    expect(names).toEqual(expect.arrayContaining(TRAVELLERS));
  });

  // The shortening is a safety net for generic notices and for what a traveller typed (a complaint's subject); the
  // traveller's other subjects fit as written.
  for (const locale of LOCALES)
    it(`the traveller’s subjects in ${locale} fit whole, not shortened`, () => {
      for (const template of TRAVELLERS.filter((name) => name !== 'complaints.received')) {
        const row = { id: 1, recipient: 'a@b.c', locale, template, params: LONG_VALUES, notificationId: null };
        const { subject } = renderMail(row, 'https://lantern.example');
        expect(subject.endsWith('…'), `${locale} ${template}: ${subject}`).toBe(false);
      }
    });

  for (const locale of LOCALES)
    it(`every subject in ${locale} is at most ${MAX_SUBJECT} characters`, () => {
      for (const template of names) {
        const row = { id: 1, recipient: 'a@b.c', locale, template, params: LONG_VALUES, notificationId: null };
        const { subject } = renderMail(row, 'https://lantern.example');
        expect(subject.length, `${locale} ${template}: ${subject}`).toBeLessThanOrEqual(MAX_SUBJECT);
        expect(subject, `${locale} ${template}`).not.toMatch(/%\{\w+\}/);
      }
    });

  it('shortens a long subject at a word, with an ellipsis', () => {
    const cut = shortSubject(`Lantern: ${LONG_VALUES.message} with account number 0101 2345 6789 and more`);
    expect(cut.length).toBeLessThanOrEqual(MAX_SUBJECT);
    expect(cut.endsWith('…')).toBe(true);
    expect(`Lantern: ${LONG_VALUES.message}`.startsWith(cut.slice(0, -1))).toBe(true);
    expect(shortSubject('Short one')).toBe('Short one');
  });
});
