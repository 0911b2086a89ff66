/** Days and instants on the platform's wall clock (`settings.general.timezone`), shared by both sides. */

/** The platform's time zone in a new database (and the demo's): `settings.general.timezone`'s default. */
export const DEFAULT_TIME_ZONE = 'Asia/Vientiane';

/**
 * Calendar dates as 'YYYY-MM-DD'. Drivers return a `date` column either as that string or as a Date at local
 * midnight, so both are read in local time; comparing the strings then compares the days.
 */
export function toDay(value: unknown): string {
  if (value instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  return String(value ?? '').slice(0, 10);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: making one costs far more than using it. */
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/**
 * The calendar day (`YYYY-MM-DD`) of `instant` on the wall clock of `timeZone`: "today" and "tomorrow" as the
 * platform counts them (departures are its dates), not the server's. Without a zone (or an unknown one), the
 * server's local day.
 */
export function dayIn(instant: Date, timeZone?: string): string {
  if (timeZone)
    try {
      return dayFormat(timeZone).format(instant);
    } catch {
      // An unknown zone: the server's day, as departureStart reads it.
    }
  return toDay(instant);
}

/** The day `days` after `day` (both `YYYY-MM-DD`; calendar arithmetic, no clock involved). */
export function addDays(day: string, days: number): string {
  const at = new Date(`${toDay(day)}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds (DST included). */
function zoneOffset(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a day (`YYYY-MM-DD`) reads `time` (`HH:MM`, 00:00 when absent) on the wall clock of `timeZone`.
 * Without a zone (or an unknown one) the server's own clock is read, as dates are.
 */
export function wallClockInstant(day: unknown, time: unknown, timeZone?: string): Date {
  const hour = /^\d{2}:\d{2}$/.test(String(time ?? '')) ? String(time) : '00:00';
  const local = `${toDay(day)}T${hour}:00`;
  if (!timeZone) return new Date(local);
  const asUtc = Date.parse(`${local}Z`);
  try {
    // The offset at the guessed instant, then at the corrected one: right on either side of a clock change.
    const first = asUtc - zoneOffset(new Date(asUtc), timeZone);
    return new Date(asUtc - zoneOffset(new Date(first), timeZone));
  } catch {
    return new Date(local);
  }
}

/**
 * When a departure starts: its date at its `startTime` on the wall clock of the platform's time zone
 * (`settings.general.timezone`), here and nowhere else.
 */
export function departureStart(schedule: Readonly<Record<string, unknown>>, timeZone?: string): Date {
  return wallClockInstant(schedule.startDate, schedule.startTime, timeZone);
}
