import { useMemo, type ReactNode, type Ref } from 'react';
import { ListContextProvider, useListContext, type ListControllerResult, type RaRecord } from 'react-admin';

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
 * While the first page of a list is on its way, the list is drawn already with `count` records (at most a tall
 * screen's worth) that its table body and phone list draw as stand-in rows (StandInRows.tsx): they hold the
 * page's place, so the rows arriving fill it instead of pushing the pagination, and what is below, down. Meanwhile
 * the list takes no input: no focus, no click, no selection.
 */
export function PlaceholderRows({
  count,
  children,
  ref,
}: {
  count: number;
  children: ReactNode;
  /** The element around the list's content. */
  ref?: Ref<HTMLDivElement>;
}) {
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
            data: placeholderPage(rows),
            total: count,
          } as ListControllerResult)
        : list,
    [list, pending, rows],
  );
  return (
    <div
      ref={ref}
      // The list's content, settled once its first page is in (shell/held-paint.ts waits for it).
      data-list-content=""
      inert={pending || undefined}
      aria-busy={pending || undefined}
      data-placeholder-rows={pending || undefined}
    >
      <ListContextProvider value={value}>{children}</ListContextProvider>
    </div>
  );
}
