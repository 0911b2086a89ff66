import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatDateTime, formatNumber } from '../../../core/format';
import { useActiveLocale } from '../active-locale';

const SECOND_MS = 1000;

/** `h:mm:ss` or `m:ss` in the locale's digits. */
function clock(ms: number, locale: ReturnType<typeof useActiveLocale>): string {
  const total = Math.max(0, Math.floor(ms / SECOND_MS));
  const two = (n: number) => formatNumber(n, locale, { minimumIntegerDigits: 2, useGrouping: false });
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours
    ? `${formatNumber(hours, locale)}:${two(minutes)}:${two(seconds)}`
    : `${formatNumber(minutes, locale)}:${two(seconds)}`;
}

/** An instant ahead, as the time left until it (ticking each second) beside the instant; once past, the instant. */
export function Countdown({ until }: { until: string }) {
  const locale = useActiveLocale();
  const translate = useTranslate();
  const end = Date.parse(until);
  const [now, setNow] = useState(() => Date.now());
  const left = end - now;
  useEffect(() => {
    if (!(left > 0)) return;
    const id = setTimeout(() => setNow(Date.now()), left % SECOND_MS || SECOND_MS);
    return () => clearTimeout(id);
  }, [left]);
  const at = formatDateTime(until, locale);
  if (!(left > 0)) return <span style={{ whiteSpace: 'nowrap' }}>{at}</span>;
  return (
    <span style={{ whiteSpace: 'nowrap' }} data-countdown>
      {/* Read once, not every second: the live time is for the eye; the instant stays beside it. */}
      <strong aria-hidden="true">
        {translate('app.countdown.left', { time: clock(left, locale), _: '%{time} left' })}
      </strong>
      {' · '}
      <span>{translate('app.countdown.until', { time: at, _: 'until %{time}' })}</span>
    </span>
  );
}
