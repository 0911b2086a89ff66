import type { NotifyRule } from '../../src/core/resource';

/** SPEC §8: a new item in a moderation queue reaches every admin whose role may act on it. */
export const TELL_ADMINS_WHO_MAY_ACT: readonly NotifyRule[] = [{ to: 'admins-who-may-act' }];
/** A decision on a partner's row reaches that partner (`field` holds its id). */
export const tellPartner = (field = 'partnerId'): readonly NotifyRule[] => [{ to: { account: 'partner', field } }];
/** A decision on a customer's request reaches that customer. */
export const TELL_USER: readonly NotifyRule[] = [{ to: { account: 'user', field: 'userId' } }];
