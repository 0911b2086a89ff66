import type { Transition } from '../../src/core/resource';
import { TELL_ADMINS_WHO_MAY_ACT, tellPartner } from './notify';

type Effect = Transition['effect'];

/**
 * The review a partner's proposal goes through: the partner submits it (again after a rejection), a moderator
 * approves it or rejects it with a reason, one at a time or in bulk. `approved` and `rejected` are what each
 * decision also writes.
 */
export function partnerReview({ approved, rejected }: { approved?: Effect; rejected?: Effect }) {
  return {
    submit: {
      notify: TELL_ADMINS_WHO_MAY_ACT,
      from: ['draft', 'rejected'],
      to: 'pending',
      by: ['partner'],
      tone: 'primary',
      effect: async ({ now }) => ({ submittedAt: now.toISOString(), reason: null }),
    },
    approve: {
      notify: tellPartner(),
      from: 'pending',
      to: 'approved',
      by: ['moderator'],
      bulk: true,
      tone: 'success',
      effect: approved,
    },
    reject: {
      notify: tellPartner(),
      from: 'pending',
      to: 'rejected',
      by: ['moderator'],
      requires: ['reason'],
      bulk: true,
      tone: 'error',
      effect: rejected,
    },
  } satisfies Record<string, Transition>;
}
