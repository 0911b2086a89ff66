import Skeleton from '@mui/material/Skeleton';
import { useMemo, type ReactNode } from 'react';
import {
  ListContextProvider,
  useListContext,
  useRecordContext,
  type ListControllerResult,
  type RaRecord,
} from 'react-admin';

const placeholders = new WeakSet<RaRecord>();
const pages = new Map<number, RaRecord[]>();

/** `count` rows that stand for a page still on its way (the same objects each time: nothing draws anew). */
function placeholderPage(count: number): RaRecord[] {
  let page = pages.get(count);
  if (!page) {
    page = Array.from({ length: count }, (_, index) => {
      const record = { id: `placeholder-${index}` };
      placeholders.add(record);
      return record;
    });
    pages.set(count, page);
  }
  return page;
}

/** The most stand-in rows: a tall screen's worth, the rows below it are out of sight, and so is what they push. */
const MOST_PLACEHOLDERS = 25;

export const isPlaceholder = (record: RaRecord | undefined): boolean => Boolean(record && placeholders.has(record));

/**
 * While the first page of a list is on its way, its table (or cards) is drawn already with `count` rows (at most a tall screen's worth) that hold
 * the page's place, so the rows arriving fill that place instead of pushing the pagination, and what is below,
 * down. The stand-in rows take no input: no focus, no click, no selection.
 */
export function PlaceholderRows({ count, children }: { count: number; children: ReactNode }) {
  const list = useListContext();
  const pending = list.isPending;
  const rows = Math.min(count, MOST_PLACEHOLDERS);
  const value = useMemo<ListControllerResult>(
    () =>
      pending
        ? ({
            ...list,
            isPending: false,
            isLoading: false,
            data: placeholderPage(count),
            total: count,
          } as ListControllerResult)
        : list,
    [list, pending, rows],
  );
  return (
    <div inert={pending || undefined} aria-busy={pending || undefined} data-placeholder-rows={pending || undefined}>
      <ListContextProvider value={value}>{children}</ListContextProvider>
    </div>
  );
}

/** A cell's value, or a line of skeleton in a stand-in row. */
export function PlaceholderCell({ children }: { children: ReactNode }) {
  const record = useRecordContext();
  return isPlaceholder(record) ? <Skeleton variant="text" width="70%" /> : children;
}

/** A text of a row (SimpleList's `primaryText`...), or a line of skeleton in a stand-in row. */
export function placeholderText<R extends RaRecord>(text: (record: R) => ReactNode) {
  return (record: R) => (isPlaceholder(record) ? <Skeleton variant="text" width="60%" /> : text(record));
}
