import { DEFAULT_SETTINGS } from '../../resources/settings';
import { addDays, dayIn } from '../../src/core/zoned-time';

/** The platform's time zone in a new database (and the demo's): departures are its days. */
export const PLATFORM_ZONE = String(DEFAULT_SETTINGS.general.timezone);

/**
 * The platform's calendar day `days` from today, as the server counts "today" (booking cut-offs, the check-in
 * window): in Vientiane it is tomorrow already while UTC's evening runs.
 */
export function platformDay(days = 0): string {
  return addDays(dayIn(new Date(), PLATFORM_ZONE), days);
}
