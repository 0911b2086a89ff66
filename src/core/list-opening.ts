import { listPath } from './catalog-requests';
import { openingSort } from './list-order';
import type { AnyResource, ListQueue } from './resource';
import type { Area } from './routes';
import { canonicalApiPath } from './primed-answers';

/** A list's page sizes when its config names none: the first is the page it opens with. */
export const DEFAULT_PAGE_SIZES = [25, 10, 50, 100] as const;
/** The page of a phone's card list (the owners' areas): a few cards, each a screen's third. */
export const CARD_PAGE_SIZES = [10, 25] as const;

/** A list screen of an area: a resource's own list, or one of its queues (admin only). */
export interface ListScreen {
  route: string;
  config: AnyResource;
  queue?: ListQueue;
}

/** The list screens of an area, by their route below `/{locale}/{area}/`. */
export function listScreens(resources: readonly AnyResource[], area: Area): ListScreen[] {
  const screens: ListScreen[] = [];
  for (const config of resources) {
    const path = config.paths[area];
    if (path) screens.push({ route: path, config });
    if (area === 'admin') for (const queue of config.queues ?? []) screens.push({ route: queue.path, config, queue });
  }
  return screens;
}

/**
 * The query a list screen opens with, as react-admin's list controller asks it: the default filter's values, then
 * the queue's own (its permanent filter wins), the opening sort, the first page. `cards`: the phone's card list of
 * an owner's area, which opens on a smaller page and without the default filter.
 */
function openingListQuery(screen: ListScreen, cards = false) {
  const { config, queue } = screen;
  const perPage = cards ? CARD_PAGE_SIZES[0] : (config.list.perPage ?? DEFAULT_PAGE_SIZES)[0];
  const sort = queue?.sort ?? openingSort(config);
  const filter = { ...(cards ? {} : config.list.defaultFilter), ...queue?.filter };
  return { filter, range: [0, perPage - 1] as const, sort: [sort[0], sort[1]] as const };
}

/** The `GET /api/{path}` a list screen's first page is, as the data provider writes it (canonical, see below). */
export const openingListPath = (screen: ListScreen, cards = false) => {
  const { filter, range, sort } = openingListQuery(screen, cards);
  return canonicalApiPath(listPath(screen.config.name, { filter, range, sort }));
};
