import { describe, expect, it } from 'vitest';
import { formatEnglish, parseEnglish } from '../../src/core/messages';
import { createI18nProvider } from '../../src/client/i18n/provider';
import { withServerMessages } from '../../src/client/generated/i18n-server-messages';

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
