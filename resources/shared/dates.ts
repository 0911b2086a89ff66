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
