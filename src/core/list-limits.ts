import type { AnyResource } from './resource';

/** Rows one list request may ask for, unless a resource's `list.maxPage` says otherwise. */
export const DEFAULT_MAX_PAGE = 1_000;
/** Characters of a `q` search, unless a resource's `list.maxSearch` says otherwise. */
export const DEFAULT_MAX_SEARCH = 200;

export interface ListLimits {
  maxPage: number;
  maxSearch: number;
}

/**
 * What one list request may cost: a page of every row, or a search text of a whole document, is refused (400)
 * rather than read. The server enforces these; the OpenAPI document states them.
 */
export function listLimits(resource: AnyResource): ListLimits {
  return {
    maxPage: resource.list.maxPage ?? DEFAULT_MAX_PAGE,
    maxSearch: resource.list.maxSearch ?? DEFAULT_MAX_SEARCH,
  };
}
