import {
  useDataProvider,
  useNotify,
  useRedirect,
  useRefresh,
  useResourceContext,
  useStore,
  type Identifier,
} from 'react-admin';
import { statusField } from '../../core/resource';
import { useEntry } from './context';
import { listMeta } from './data-provider';

interface StoredParams {
  filter?: Record<string, unknown>;
  sort?: string;
  order?: 'ASC' | 'DESC';
}

/**
 * Where a list keeps its params (filter, sort, page) in react-admin's store: a queue under its own key, so it does
 * not share them with the resource's full list; other lists under react-admin's default.
 */
export const listParamsKey = (resource: string, queue?: { path: string }) =>
  queue ? `queue.${queue.path}` : `${resource}.listParams`;

/**
 * After a decision on a record opened from a review list (a queue, or a list filtered on a state), opens the
 * next record of that list, oldest first as the list sorts; back to the list when none is left. A record that
 * still belongs to the list after the action (e.g. "All" tab) just reloads.
 */
export function useNextInList(currentId: Identifier | undefined) {
  const { config, queue, route } = useEntry();
  const resource = useResourceContext() ?? route;
  const dataProvider = useDataProvider();
  const redirect = useRedirect();
  const refresh = useRefresh();
  const notify = useNotify();
  const [stored] = useStore<StoredParams | undefined>(listParamsKey(resource, queue));
  const status = statusField(config);
  const filter = { ...(stored?.filter ?? config.list.defaultFilter ?? {}), ...(queue?.filter ?? {}) };
  const listed = status ? filter[status] : undefined;
  const [field, order] = stored?.sort ? [stored.sort, stored.order ?? 'ASC'] : (queue?.sort ?? config.list.sort);

  return async (record: Record<string, unknown>) => {
    const states = Array.isArray(listed) ? listed.map(String) : listed === undefined ? [] : [String(listed)];
    if (!status || !states.length || states.includes(String(record[status]))) {
      refresh();
      return;
    }
    try {
      const { data } = await dataProvider.getList(resource, {
        filter,
        sort: { field, order },
        pagination: { page: 1, perPage: 2 },
        meta: listMeta(config),
      });
      const next = data.find((row) => row.id !== currentId);
      if (next) redirect('show', resource, next.id);
      else {
        notify('app.review.queueDone', { type: 'info', messageArgs: { _: 'Nothing left to review' } });
        redirect('list', resource);
      }
    } catch {
      refresh();
    }
  };
}
