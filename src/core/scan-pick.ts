import type { RefField } from './fields';
import { formatDate, formatDayAndTime } from './format';
import { pickLocalized, type Locale, type LocalizedText } from './locales';
import { resolveFilter, type ScanWidget } from './portal';
import type { AnyResource } from './resource';

/** A record as read through the API. */
type Row = Readonly<Record<string, unknown>>;
import { dayIn, wallClockInstant } from './zoned-time';

/**
 * The records a scan screen picks from (`pick`) and their names: the reads the screen makes and the server makes
 * for it ahead of the script (server/primed-answers.ts), spelled the same so the screen finds them in the page.
 */
type Pick = ScanWidget['pick'];

const PICK_ROWS = 50;

/** The read of the records offered: the pick's filter as of `now`, its sort, its first 50. */
export function pickListPath(pick: Pick, now: Date): string {
  const query = new URLSearchParams({
    filter: JSON.stringify(resolveFilter(pick.filter, now)),
    sort: JSON.stringify(pick.sort ?? ['id', 'ASC']),
    range: `[0,${PICK_ROWS - 1}]`,
  });
  return `${pick.resource}?${query}`;
}

/** A read of the records a label field names (a departure's service), with the field that names them. */
export interface PickNames {
  name: string;
  reference: string;
  display: string;
  path: string;
}

/** The reads of the records the offered rows' label references name, one per reference field. */
export function pickNameReads(
  pick: Pick,
  config: AnyResource | undefined,
  rows: readonly Row[],
  configOf: (name: string) => AnyResource | undefined,
): PickNames[] {
  return pick.label.flatMap((name) => {
    const ref = config?.fields[name] as RefField | undefined;
    if (ref?.kind !== 'ref') return [];
    const ids = [...new Set(rows.map((row) => row[name]).filter((id) => id != null))];
    if (!ids.length) return [];
    const query = new URLSearchParams({ filter: JSON.stringify({ id: ids }), range: `[0,${ids.length - 1}]` });
    const display = ref.display ?? configOf(ref.reference)?.recordTitle ?? 'id';
    return [{ name, reference: ref.reference, display, path: `${ref.reference}?${query}` }];
  });
}

/** The names the reads found, by `{field}:{id}`. */
export function pickNames(reads: readonly PickNames[], found: (read: PickNames) => readonly Row[], locale: Locale) {
  const names = new Map<string, string>();
  for (const read of reads)
    for (const target of found(read)) {
      const value = target[read.display];
      names.set(
        `${read.name}:${target.id}`,
        typeof value === 'object' ? pickLocalized(value as LocalizedText, locale) : String(value),
      );
    }
  return names;
}

/** A record as the picker names it: its `label` fields joined, a day with its hour, references by their names. */
export function pickLabel(
  pick: Pick,
  config: AnyResource | undefined,
  row: Row,
  names: ReadonlyMap<string, string>,
  locale: Locale,
): string {
  return pick.label
    .map((name) => {
      const field = config?.fields[name];
      const value = row[name];
      if (field?.kind === 'ref') return names.get(`${name}:${value}`) ?? '';
      // A departure's day with its hour: two departures of one day are told apart by it.
      if (field?.kind === 'date' && field.time) return formatDayAndTime(String(value), row[field.time], locale);
      if (field?.kind === 'date') return formatDate(String(value), locale);
      return String(value ?? '');
    })
    .filter(Boolean)
    .join(' · ');
}

/**
 * The picked record when the address names none: today's whose moment (the `preselect` date at its time field's
 * hour) is nearest to now, the coming one on a tie; else the next day's first; one of a day gone by only when
 * nothing else is offered (the most recent). Days and hours are the platform's wall clock (`timeZone`), as every
 * rule of a departure's day reads them.
 */
export function preselected<T extends Row>(
  rows: readonly T[],
  field: string | undefined,
  config: AnyResource | undefined,
  now: Date,
  timeZone: string,
): T | undefined {
  if (!field) return rows[0];
  const timeField = config?.fields[field]?.time;
  const today = dayIn(now, timeZone);
  const moments = rows.map((row) => {
    const day = String(row[field] ?? '').slice(0, 10);
    return { row, day, at: wallClockInstant(day, timeField ? row[timeField] : undefined, timeZone).getTime() };
  });
  const todays = moments
    .filter(({ day }) => day === today)
    .sort((a, b) => Math.abs(a.at - now.getTime()) - Math.abs(b.at - now.getTime()) || b.at - a.at);
  if (todays.length) return todays[0].row;
  const byMoment = (a: (typeof moments)[number], b: (typeof moments)[number]) => a.at - b.at;
  const coming = moments.filter(({ day }) => day > today).sort(byMoment);
  if (coming.length) return coming[0].row;
  return moments.sort(byMoment).at(-1)?.row;
}
