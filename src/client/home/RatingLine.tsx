import { formatNumber } from '../../core/format';
import { useLocale, useT } from '../i18n/context';
import type { Rating } from './catalog';

/** ★ 4.5 · 12 reviews, read out as a sentence ("Rated 4.5 out of 5 from 12 reviews"). */
export function RatingLine({ rating, className }: { rating: Rating; className?: string }) {
  const t = useT();
  const locale = useLocale();
  const average = formatNumber(rating.average ?? 0, locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <p
      className={className}
      data-testid="rating"
      role="img"
      aria-label={t('app.home.ratingSummary', { average, smart_count: rating.count })}
    >
      <span aria-hidden="true">★</span> {average} · {t('app.home.reviewCount', { smart_count: rating.count })}
    </p>
  );
}
