import type { Transition, TransitionContext } from '../../src/core/resource';
import type { AccountKind } from '../../src/core/roles';

/**
 * `reset-two-factor` (SPEC §12), for a lost phone: a super_admin turns the account's second factor off and ends its
 * sessions; the transition's audit row records who did. The account signs in with its password again and may set up
 * a new one. The record stays in its state.
 */
export function resetTwoFactor(
  kind: AccountKind,
  from: readonly string[],
  guard?: (ctx: TransitionContext) => void,
): Transition {
  return {
    from,
    by: ['super_admin'],
    guard,
    effect: async (ctx) => {
      await ctx.resetSecondFactor(kind, ctx.record.id);
    },
    tone: 'warning',
  };
}
