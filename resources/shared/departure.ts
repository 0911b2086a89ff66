import type { DataContext, Row } from '../../src/core/resource';
import { addDays, toDay } from '../../src/core/zoned-time';

export { addDays, dayIn, departureStart } from '../../src/core/zoned-time';

/** The platform's time zone (`settings.general.timezone`); nothing when unset, and the server's clock is read. */
export async function platformTimeZone(ctx: Pick<DataContext, 'settings'>): Promise<string | undefined> {
  return String((await ctx.settings('general')).timezone ?? '') || undefined;
}

/** The calendar day `days` from a departure's start day (the check-in window: the day before to the day after). */
export function dayAround(schedule: Row, days: number): string {
  return addDays(toDay(schedule.startDate), days);
}
