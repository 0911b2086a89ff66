import { integer, listOf } from '../../src/core/fields';
import { cancellationTermsText } from '../../src/core/cancellation-terms';

/** One tier of a cancellation policy: cancelled at least `hoursBefore` hours before departure, `refundPercent` back. */
export const CANCELLATION_TIER = {
  hoursBefore: integer({ required: true, min: 0, max: 8760 }),
  refundPercent: integer({ required: true, min: 0, max: 100 }),
};

/** A cancellation policy: its tiers, most generous (longest before departure) first, stated in words where shown. */
export const cancellationPolicy = (options: { group?: string; readOnly?: boolean } = {}) =>
  listOf(CANCELLATION_TIER, { descending: 'hoursBefore', maxItems: 10, words: cancellationTermsText, ...options });
