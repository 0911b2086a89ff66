import type { Signatures } from '../../src/core/resource';

/** Money leaving the platform above `payments.dualApprovalAbove` needs two finance signatures (SPEC §8). */
export const TWO_SIGNATURES_ABOVE_THRESHOLD: Signatures = {
  required: 2,
  above: 'payments.dualApprovalAbove',
  amountField: 'amount',
  field: 'approvals',
};
