/**
 * Every way the apps write a date, by name. A closed set, because a locale the browser has no data for (Chromium
 * ships none for Lao) is formatted from patterns recorded per style at build time (borrowed-intl/).
 */
export const DATE_STYLES = {
  /** A day: "25 ພ.ຈ. 2026". */
  day: { dateStyle: 'medium' },
  /** A day with its weekday spelled out: departures on a service page. */
  dayFull: { dateStyle: 'full' },
  /** A day with a short weekday, read before a time of day: a departure ("Wed, 23 Dec 2026 · 08:00"). */
  dayWeekday: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
  /** A moment: a day and a time. */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** A moment of today: its time alone ("Already checked in at 22:57"). */
  time: { timeStyle: 'short' },
  /** A calendar's column heads. */
  weekdayShort: { weekday: 'short' },
  /** A calendar's title. */
  monthYear: { month: 'long', year: 'numeric' },
  /** A chart's month ticks. */
  monthYearShort: { month: 'short', year: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;
