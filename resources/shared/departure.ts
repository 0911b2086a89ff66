import type { Row } from '../../src/core/resource';
import { toDay } from './dates';

/**
 * When a departure starts. Schedules carry a start date only, so it starts at its first minute (local midnight, the
 * day `toDay` reads); with start times this becomes the date and `startTime` in `settings.general.timezone`, here
 * and nowhere else.
 */
export function departureStart(schedule: Row): Date {
  return new Date(`${toDay(schedule.startDate)}T00:00:00`);
}

/** The calendar day `days` from a departure's start day (the check-in window: the day before to the day after). */
export function dayAround(schedule: Row, days: number): string {
  const start = departureStart(schedule);
  return toDay(new Date(start.getFullYear(), start.getMonth(), start.getDate() + days, 12));
}
