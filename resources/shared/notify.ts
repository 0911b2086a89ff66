import type { MailText, NotifyRule } from '../../src/core/resource';

/** SPEC §8: a new item in a moderation queue reaches every admin whose role may act on it. */
export const TELL_ADMINS_WHO_MAY_ACT: readonly NotifyRule[] = [{ to: 'admins-who-may-act' }];
/** A decision on a partner's row reaches that partner (`field` holds its id). */
export const tellPartner = (field = 'partnerId'): readonly NotifyRule[] => [{ to: { account: 'partner', field } }];
/** A decision on a customer's request reaches that customer. */
export const TELL_USER: readonly NotifyRule[] = [{ to: { account: 'user', field: 'userId' } }];
/**
 * The same mail to the traveller of a booking without an account (a reseller's, SPEC §19), at the contact address
 * the reseller gave.
 */
export const mailTraveller = (template: string, texts?: readonly MailText[]): readonly NotifyRule[] => [
  { to: { address: 'contactEmail', when: { userId: null } }, mail: { template, ...(texts ? { texts } : {}) } },
];
/**
 * A step of the customer's trip (SPEC §13): the notification, and a mail of its own (`app.mail.{template}`) with a
 * short subject and the trip in the body; `via` names the order field of a record about an order; `texts` are other
 * bodies for records in some state (a cancelled booking paid or not).
 */
export const mailUser = (
  template: string,
  options: { via?: string; texts?: readonly MailText[] } & Omit<NotifyRule, 'to' | 'mail'> = {},
): readonly NotifyRule[] => {
  const { via, texts, ...rule } = options;
  return [{ to: { account: 'user', field: 'userId' }, ...rule, mail: { template, via, ...(texts ? { texts } : {}) } }];
};
