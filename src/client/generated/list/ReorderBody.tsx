import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import {
  DataTableDataContext,
  DataTableRow,
  useDataProvider,
  useDataTableDataContext,
  useListContext,
  useNotify,
  useRecordContext,
  type DataTableBodyProps,
  type DataTableRowProps,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { useEntry } from '../context';
import type { LanternDataProvider } from '../data-provider';
import { labels } from '../../../core/labels';
import { ChunkedBody } from './ChunkedBody';
import { moved, ReorderContext, useReorder, type Reorder } from './reorder-context';

/** Saves a page's order in one request (`PUT /api/{name}/-/order`), then reloads the list from the server. */
function useSaveOrder(onDone: (failed: boolean, ids: readonly Identifier[]) => void) {
  const { config } = useEntry();
  const { resource } = useListContext();
  const dataProvider = useDataProvider<LanternDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async (ids: readonly Identifier[]) => {
      await dataProvider.sendJson('PUT', `/${config.name}/-/order`, { ids });
      await queryClient.invalidateQueries({ queryKey: [resource] });
    },
    onError: (error: Error) => notify(error.message || 'ra.notification.http_error', { type: 'error' }),
    onSettled: (_data, error, ids) => onDone(Boolean(error), ids),
  });
}

const sameOrder = (a: readonly Identifier[], b: readonly Identifier[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/** A table row that can be dragged to another place. */
function DraggableRow(props: DataTableRowProps) {
  const record = useRecordContext();
  const { rowProps } = useReorder();
  return <DataTableRow {...props} {...rowProps(record?.id)} />;
}

/**
 * The table body of a `list.reorder` list: rows are dragged (HTML5 drag and drop) or moved a place with their
 * buttons; the page's new order shows at once and is saved as a whole. Dragging works only while the list is
 * sorted on the order field, ascending, where the order on screen is the stored one.
 */
export function ReorderBody(props: DataTableBodyProps) {
  const { config } = useEntry();
  const field = config.list.reorder!;
  const data = useDataTableDataContext();
  const { sort } = useListContext();
  const [shown, setShown] = useState<readonly Identifier[] | null>(null);
  const [focus, setFocus] = useState<Reorder['focus']>();
  const [dragged, setDragged] = useState<Identifier | null>(null);
  // Drag events can come faster than renders: the drag's own order lives here, the state only shows it.
  const drag = useRef<{ id: Identifier; order: Identifier[]; dropped: boolean } | null>(null);
  // One save at a time: moves made meanwhile show at once and their order is saved next.
  const saving = useRef(false);
  const queued = useRef<readonly Identifier[] | null>(null);
  // The list's reloaded rows can reach this component a render after the save settles: until they do (the stored
  // order is the saved one, or new rows came), the saved order stays on screen, so a move made in between starts
  // from it and not from the rows before the save.
  const [settled, setSettled] = useState<{ ids: readonly Identifier[]; data: unknown } | null>(null);
  const latestData = useRef(data);
  latestData.current = data;
  const save = useSaveOrder((failed, ids) => {
    const next = queued.current;
    queued.current = null;
    if (next && !failed) return save.mutate(next);
    saving.current = false;
    if (failed) {
      setShown(null);
      setFocus(undefined);
    } else setSettled({ ids, data: latestData.current });
  });
  const active = sort?.field === field && sort.order === 'ASC';
  const stored = useMemo(() => (data ?? []).map((record) => record.id), [data]);
  useEffect(() => {
    if (!settled || saving.current) return;
    if (data !== settled.data || sameOrder(stored, settled.ids)) {
      setSettled(null);
      setShown(null);
      setFocus(undefined);
    }
  }, [data, stored, settled]);
  const ids = shown ?? stored;
  const rows = useMemo(() => {
    const byId = new Map((data ?? []).map((record) => [record.id, record] as const));
    return ids.map((id) => byId.get(id)).filter((record): record is RaRecord => Boolean(record));
  }, [data, ids]);

  const commit = (next: readonly Identifier[]) => {
    if (saving.current) {
      queued.current = next;
      return setShown(next);
    }
    if (!settled && sameOrder(next, stored)) return setShown(null);
    setSettled(null);
    setShown(next);
    saving.current = true;
    save.mutate(next);
  };
  const reorder: Reorder = {
    ids,
    active,
    fieldLabel: labels.field(config, field),
    focus,
    step(id, by) {
      const from = ids.indexOf(id);
      const to = from + by;
      if (!active || from < 0 || to < 0 || to >= ids.length) return;
      setFocus({ id, by });
      commit(moved(ids, from, to));
    },
    rowProps(id) {
      if (!active || id === undefined) return {};
      // The dragged row goes before the row under the pointer when over its upper half, else after it: the same
      // answer however often the event repeats before the rows are drawn again.
      const over = (event: DragEvent<HTMLElement>) => {
        const current = drag.current;
        if (!current) return undefined;
        event.preventDefault();
        if (current.id !== id) {
          const box = event.currentTarget.getBoundingClientRect();
          const others = current.order.filter((other) => other !== current.id);
          const place = others.indexOf(id) + (event.clientY < box.top + box.height / 2 ? 0 : 1);
          current.order = [...others.slice(0, place), current.id, ...others.slice(place)];
          setShown(current.order);
        }
        return current;
      };
      return {
        draggable: true,
        style: dragged === id ? { opacity: 0.4 } : undefined,
        onDragStart: (event: DragEvent<HTMLElement>) => {
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', String(id));
          drag.current = { id, order: [...ids], dropped: false };
          setDragged(id);
        },
        onDragOver: (event: DragEvent<HTMLElement>) => {
          if (over(event)) event.dataTransfer.dropEffect = 'move';
        },
        onDrop: (event: DragEvent<HTMLElement>) => {
          const current = over(event);
          if (!current) return;
          current.dropped = true;
          commit(current.order);
        },
        onDragEnd: () => {
          // Dropped outside the rows or cancelled (Escape): they go back where they were.
          if (drag.current && !drag.current.dropped) setShown(null);
          drag.current = null;
          setDragged(null);
        },
      };
    },
  };
  return (
    <ReorderContext.Provider value={reorder}>
      <DataTableDataContext.Provider value={rows}>
        <ChunkedBody {...props} row={DraggableRow} />
      </DataTableDataContext.Provider>
    </ReorderContext.Provider>
  );
}
