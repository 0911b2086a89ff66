import { useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRegistry } from '../context';
import { isHeld, liveEvents } from '../live-events';

/** Changes are gathered this long before the cache is told, so a burst (a bulk approval) refetches once. */
export const LIVE_DEBOUNCE_MS = 300;

/** Endpoint answers (a partner's balance) are worked out from other resources' rows: any change may move them. */
const ENDPOINTS = 'endpoint';
/** Dashboard and statistics figures are keyed `['stats', '/stats/{resource}/…']`. */
const STATS = 'stats';

/**
 * Open screens follow the server's live stream (SPEC §8): a change to a resource marks its cached lists, counts,
 * menu and queue badges, records, references and available actions stale, and those on screen are fetched again.
 * react-admin names its queries by route (`service-review`, `services/travel`), the app's own by the API name;
 * both lead to the resource. A record open in an edit form is left as loaded (live-events.ts, `holdRecord`).
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const registry = useRegistry();
  useEffect(() => {
    let pending: Set<string> | 'all' = new Set();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stale = (query: Query) => {
      const [head, kind, params] = query.queryKey as [unknown, unknown, { id?: unknown } | string | undefined];
      if (typeof head !== 'string') return false;
      const resource = head === STATS ? String(kind).split('/')[2] : registry.toApi(head);
      if (kind === 'getOne' && typeof params === 'object' && isHeld(resource, params?.id)) return false;
      if (kind === 'keyed' && isHeld(resource, `keyed:${String(params)}`)) return false;
      return pending === 'all' || head === ENDPOINTS || pending.has(resource);
    };
    const flush = () => {
      timer = undefined;
      void queryClient.invalidateQueries({ predicate: stale });
      pending = new Set();
    };
    const schedule = () => {
      timer ??= setTimeout(flush, LIVE_DEBOUNCE_MS);
    };
    const stop = liveEvents.subscribe({
      change: (change) => {
        if (pending !== 'all') pending.add(change.resource);
        schedule();
      },
      resumed: () => {
        pending = 'all';
        schedule();
      },
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [queryClient, registry]);
  return null;
}
