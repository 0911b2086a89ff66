import { describe, expect, it } from 'vitest';
import { formatEnglish, parseEnglish } from '../../src/core/messages';
import { createI18nProvider } from '../../src/client/i18n/provider';
import {
  readServerText,
  translateServerText,
  withServerMessages,
} from '../../src/client/generated/i18n-server-messages';
import { createTranslate } from '../../src/client/i18n/translate';
import { REFUSALS, refusal } from '../../resources/shared/refusals';

describe('server field messages in the user’s language', () => {
  it('reads the server’s English text back as its message and arguments', () => {
    expect(parseEnglish('The current password is not correct')).toEqual({ key: 'currentPassword' });
    expect(parseEnglish(formatEnglish({ key: 'maxLength', args: { 0: 200 } }))).toEqual({
      key: 'maxLength',
      args: { 0: '200' },
    });
    expect(parseEnglish('You may request at most 1000 rows at once')).toEqual({ key: 'maxRows', args: { 0: '1000' } });
    expect(parseEnglish('Something else entirely')).toBeUndefined();
  });

  it('shows a server error text in the active language, and leaves keys alone', async () => {
    const provider = withServerMessages(await createI18nProvider('vi'));
    expect(provider.translate('The current password is not correct')).toBe('Mật khẩu hiện tại không đúng');
    expect(provider.translate('This field is required')).not.toBe('This field is required');
    expect(provider.translate('app.auth.currentPassword')).toBe('Mật khẩu hiện tại');
    expect(provider.translate('No such sentence here', { _: 'No such sentence here' })).toBe('No such sentence here');
  });
});

describe('the configs’ refusals in the user’s language', () => {
  it('reads every refusal of resources/shared/refusals.ts back, with its values, in every app', async () => {
    for (const [key, template] of Object.entries(REFUSALS)) {
      // Each value n of the template sent as `3n` (0 → "3", 1 → "31"…), read back by its place.
      const places = [...template.matchAll(/%\{(\d+)\}/g)].map((match) => match[1]);
      const value = (place: string) => (place === '0' ? '3' : `3${place}`);
      const sent = places.reduce((text, place) => text.replace(`%{${place}}`, value(place)), template);
      expect(readServerText(sent), sent).toEqual({
        key: `app.refusals.${key}`,
        ...(places.length && { args: Object.fromEntries(places.map((place) => [place, value(place)])) }),
      });
    }
    expect(readServerText('Invalid input')).toEqual({ key: 'app.error.invalidInput' });
    const vi = withServerMessages(await createI18nProvider('vi'));
    expect(vi.translate(REFUSALS.tooManyHeld)).toBe(
      'Bạn có quá nhiều đơn đặt chỗ chưa thanh toán; hãy thanh toán hoặc hủy một đơn trước.',
    );
    expect(vi.translate(refusal('seatsLeft', 2))).toBe('Chỉ còn 2 chỗ');
  });

  it('the public pages’ translate shows them too, and leaves an unknown text as the server sent it', async () => {
    const lo = createTranslate(await import('../../i18n/lo').then((m) => m.default));
    expect(translateServerText(lo, REFUSALS.confirmEmailFirst)).toBe('ກະລຸນາຢືນຢັນທີ່ຢູ່ອີເມວຂອງທ່ານກ່ອນ. ເປີດລິ້ງທີ່ພວກເຮົາສົ່ງໃຫ້ທ່ານ.');
    expect(translateServerText(lo, refusal('seatsLeft', 4))).toBe('ເຫຼືອພຽງ 4 ບ່ອນນັ່ງ');
    expect(translateServerText(lo, 'This field is required')).not.toBe('This field is required');
    expect(translateServerText(lo, 'Some new refusal')).toBe('Some new refusal');
  });

  it('writes the days inside a refusal as the reader does, not ISO', async () => {
    const en = createTranslate(await import('../../i18n/en').then((m) => m.default));
    expect(translateServerText(en, refusal('checkInNotYet', '2026-12-24'), 'en')).toBe(
      'Check-in opens on Dec 24, 2026, the day before the departure',
    );
    const vi = withServerMessages(await createI18nProvider('vi'));
    expect(vi.translate(refusal('checkInNotYet', '2026-12-24'))).not.toContain('2026-12-24');
    expect(vi.translate(refusal('checkInNotYet', '2026-12-24'))).toContain('2026');
  });
});
