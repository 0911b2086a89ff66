import type { Translate } from './fields';

/** One step of a cancellation policy: cancelled at least `hoursBefore` hours before the start, this share comes back. */
export interface CancellationTier {
  hoursBefore: number;
  refundPercent: number;
}

/** Full refund until 24 hours before the start, none after: the platform's terms unless its settings say otherwise. */
export const DEFAULT_CANCELLATION_POLICY: readonly CancellationTier[] = [{ hoursBefore: 24, refundPercent: 100 }];

/** The tiers of a stored value (a jsonb list), ignoring anything that is not one; most generous first, as stored. */
export function cancellationTiers(value: unknown): CancellationTier[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((row): row is CancellationTier => typeof row === 'object' && row !== null)
    .map((row) => ({ hoursBefore: Number(row.hoursBefore), refundPercent: Number(row.refundPercent) }))
    .filter((tier) => Number.isFinite(tier.hoursBefore) && Number.isFinite(tier.refundPercent));
}

/**
 * The tier that applies `hoursLeft` hours before the start: the first (most generous) whose `hoursBefore` is
 * reached; none (0 %) once the start is closer than every tier's.
 */
export function tierAt(tiers: readonly CancellationTier[], hoursLeft: number): CancellationTier | undefined {
  return tiers.find((tier) => hoursLeft >= tier.hoursBefore);
}

/**
 * The terms in words, in the reader's language: one phrase per tier ("Free cancellation until 24 hours before
 * departure", "50 % refund until 48 hours before") joined by the language's separator, then "no refund after"
 * unless the last tier runs to the start itself, the first letter a capital. Messages under `app.cancellation.`.
 */
export function cancellationTermsText(value: unknown, translate: Translate): string {
  const tiers = cancellationTiers(value).filter((tier) => tier.refundPercent > 0);
  if (!tiers.length) return translate('app.cancellation.noRefund');
  const phrases = tiers.map((tier) => {
    const share = tier.refundPercent >= 100 ? 'full' : 'partial';
    const key = tier.hoursBefore === 0 ? `${share}UntilStart` : `${share}Until`;
    return translate(`app.cancellation.${key}`, {
      smart_count: tier.hoursBefore,
      hours: tier.hoursBefore,
      percent: tier.refundPercent,
    });
  });
  if (tiers[tiers.length - 1].hoursBefore > 0) phrases.push(translate('app.cancellation.noRefundAfter'));
  // Each phrase is written as it reads inside the sentence ("hoàn 50 %…" after a separator); the sentence's
  // first letter is a capital in the languages that have them.
  const sentence = phrases.join(translate('app.cancellation.separator'));
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
