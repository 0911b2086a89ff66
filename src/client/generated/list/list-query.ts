import { useListContext } from 'react-admin';
import { useEntry } from '../context';

/**
 * The filter and sort of the list on screen as the API reads them: the queue's fixed filter plus what the user
 * chose, so exports, totals and counts always describe exactly the rows the list shows.
 */
export function useListQuery() {
  const { queue } = useEntry();
  const { filterValues, sort } = useListContext();
  const filter: Record<string, unknown> = { ...(filterValues ?? {}), ...(queue?.filter ?? {}) };
  // Empty inputs of the filter bar are no filter at all.
  for (const [key, value] of Object.entries(filter))
    if (value === '' || value === undefined || (Array.isArray(value) && !value.length)) delete filter[key];
  return { filter, sort: sort ? [sort.field, sort.order] : undefined };
}

export function queryString(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) search.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  return search.toString();
}
