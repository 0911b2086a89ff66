/**
 * The locale files as the browser build ships them: English fills another locale's gaps once, at build time, and
 * the server's mail and notification texts are left out; what the apps show stays.
 */
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import lo from '../../i18n/lo';
import { clientMessages, withFallback } from '../../src/core/client-messages';

describe('the client’s messages', () => {
  it('leaves out the mails and notification texts the server writes, keeps what the apps show', () => {
    const shipped = clientMessages(withFallback(lo, en)) as typeof en;
    expect(shipped.app.mail).toEqual({
      title: lo.app.mail.title,
      off: lo.app.mail.off,
      on: lo.app.mail.on,
      pending: lo.app.mail.pending,
      failed: lo.app.mail.failed,
    });
    expect(shipped.app.notifications).not.toHaveProperty('events');
    expect(Object.keys(shipped.app.notifications).length).toBeGreaterThan(0);
    expect(shipped.resources).toEqual(lo.resources);
    expect(shipped.ra).toEqual(lo.ra);
    // The sources keep everything for the server.
    expect(lo.app.mail.account.verifyEmail.subject).toBeTruthy();
    expect(JSON.stringify(shipped).length).toBeLessThan(JSON.stringify(lo).length);
  });

  it('fills a gap of a locale with English', () => {
    const partial = { app: { title: 'ລານເທີນ' } };
    const filled = withFallback(partial, en) as typeof en;
    expect(filled.app.title).toBe('ລານເທີນ');
    expect(filled.app.tagline).toBe(en.app.tagline);
    expect(filled.validation).toEqual(en.validation);
  });
});
