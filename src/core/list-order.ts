import type { AnyResource } from './resource';

/**
 * The sort "field" of a list's upcoming order (`sort=["upcoming","ASC"]`): its `upcoming` date from today onward,
 * soonest first, then the past, latest first. No column carries the name, so the column headers keep their
 * own ascending/descending sorts, and a click on one leaves the upcoming order.
 */
export const UPCOMING = 'upcoming';

/** The sort a list opens with: the upcoming order when it has an `upcoming` date, else its configured sort. */
export function openingSort(resource: AnyResource): readonly [string, 'ASC' | 'DESC'] {
  return resource.list.upcoming ? [UPCOMING, 'ASC'] : resource.list.sort;
}
