import { createContext, useContext } from 'react';
import type { DataTableRowProps, Identifier } from 'react-admin';

/** The hand-made order of the rows on screen, shared by the table body (dragging) and each row's move buttons. */
export interface Reorder {
  /** The row ids in the order shown (a drag or a save in progress shows its order at once). */
  ids: readonly Identifier[];
  /** The list is sorted on the order field, ascending: only then is the order on screen the saved one. */
  active: boolean;
  /** The order field's label key, for the hint shown while the list is sorted on something else. */
  fieldLabel: string;
  /** Moves a row one place up (-1) or down (+1) and saves the page's new order. */
  step(id: Identifier, by: -1 | 1): void;
  /** What makes a table row draggable (nothing while dragging is off or a save is running). */
  rowProps(id: Identifier | undefined): Partial<DataTableRowProps>;
  /** The row whose move button asked to keep the keyboard focus after the rows moved. */
  focus?: { id: Identifier; by: -1 | 1 };
}

export const ReorderContext = createContext<Reorder | undefined>(undefined);

export function useReorder(): Reorder {
  const reorder = useContext(ReorderContext);
  if (!reorder) throw new Error('The move buttons need the reorder table body');
  return reorder;
}

/** `ids` with the row at `from` taken out and put back at `to`. */
export function moved<T>(ids: readonly T[], from: number, to: number): T[] {
  const next = [...ids];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}
