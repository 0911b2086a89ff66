import { formatDateTime } from '../../core/format';
import { DEFAULT_LOCALE } from '../../core/locales';
import type { AnyResource, Row } from '../../core/resource';
import type { RecordWriter } from '../engine/record-writer';
import { accountLocale } from '../mail/outbox';

/** The account's sign-in address field (the first email field of an account resource). */
function emailFieldOf(resource: AnyResource): string | undefined {
  return Object.entries(resource.fields).find(([, field]) => field.kind === 'email')?.[0];
}

/**
 * SPEC §13: the holder of an account hears of a new password or a new sign-in address, whoever made the change
 * (their own profile, a reset link, an administrator), at the address that was theirs before it: someone who took
 * the account over cannot silence the notice by changing the address.
 */
export async function mailSecurityNotices(
  writer: RecordWriter,
  resource: AnyResource,
  before: Row,
  after: Row,
  passwordChanged: boolean,
): Promise<void> {
  const field = emailFieldOf(resource);
  const previous = field ? before[field] : undefined;
  if (!field || typeof previous !== 'string' || !previous) return;
  const emailChanged = typeof after[field] === 'string' && after[field] !== previous;
  if (!passwordChanged && !emailChanged) return;
  const locale = accountLocale(resource, after) ?? DEFAULT_LOCALE;
  const general = await writer.settings('general');
  const timeZone = typeof general.timezone === 'string' && general.timezone ? general.timezone : 'UTC';
  const params = {
    at: formatDateTime(writer.now, locale, timeZone),
    support: typeof general.supportEmail === 'string' ? general.supportEmail : '',
    link: `/${locale}/password-reset`,
  };
  if (passwordChanged) await writer.mail({ to: previous, locale, template: 'account.passwordChanged', params });
  if (emailChanged)
    await writer.mail({
      to: previous,
      locale,
      template: 'account.emailChanged',
      params: { ...params, email: after[field] },
    });
}
