import type { Transition } from '../../src/core/resource';
import { TELL_ADMINS_WHO_MAY_ACT, tellPartner } from './notify';

type Effect = Transition['effect'];

interface Decisions {
  /** The field naming the partner to tell (the row's own id when the row is the partner). */
  partnerField?: string;
  /** What an approval also writes. */
  approved?: Effect;
  /** What a rejection also writes. */
  rejected?: Effect;
}

/**
 * A moderator's decision on something pending from a partner: approve it, or reject it with a reason, one at a
 * time or in bulk; the partner is told either way.
 */
export function moderatorDecisions({ partnerField, approved, rejected }: Decisions) {
  return {
    approve: {
      notify: tellPartner(partnerField),
      from: 'pending',
      to: 'approved',
      by: ['moderator'],
      bulk: true,
      tone: 'success',
      effect: approved,
    },
    reject: {
      notify: tellPartner(partnerField),
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

/** The review a partner's proposal goes through: the partner submits it (again after a rejection), then a decision. */
export function partnerReview(decisions: Decisions) {
  return {
    submit: {
      notify: TELL_ADMINS_WHO_MAY_ACT,
      from: ['draft', 'rejected'],
      to: 'pending',
      by: ['partner'],
      tone: 'primary',
      effect: async ({ now }) => ({ submittedAt: now.toISOString(), reason: null }),
    },
    ...moderatorDecisions(decisions),
  } satisfies Record<string, Transition>;
}
