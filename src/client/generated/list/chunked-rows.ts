import { startTransition, useEffect, useMemo, useState } from 'react';
import type { Identifier, RaRecord } from 'react-admin';
import { isPlaceholder } from './PlaceholderRows';

/**
 * Rows mounted at once when a page of other rows comes in: what a desk's screen shows under the list's toolbar and
 * tabs, so the first paint looks complete (the rest hold their place as stand-in rows). A table row costs several
 * milliseconds to mount (a dozen styled cells, chips, references): 100 at once blocked the page for most of a
 * second, and 20 still made one task of about 100 ms on a fast desktop.
 */
export const FIRST_ROWS = 12;
/** Rows mounted by each later step, in a transition of its own, until the page is complete. */
export const MORE_ROWS = 20;

/**
 * How many leading rows to draw now: the rows already on screen cost little to draw again (a refetch, a drag
 * reorders them), so the limit is on the rows that would be mounted anew. A page of entirely new rows starts with
 * `FIRST_ROWS`, each later step adds `MORE_ROWS`.
 */
export function rowsToDraw(
  rows: readonly { id: Identifier }[],
  onScreen: ReadonlySet<Identifier>,
  first = FIRST_ROWS,
): number {
  let budget = rows.some((row) => onScreen.has(row.id)) ? MORE_ROWS : first;
  let count = 0;
  for (const row of rows) {
    if (!onScreen.has(row.id)) {
      if (budget === 0) break;
      budget -= 1;
    }
    count += 1;
  }
  return count;
}

const sameIds = (a: ReadonlySet<Identifier>, b: ReadonlySet<Identifier>) =>
  a.size === b.size && [...a].every((id) => b.has(id));

/**
 * The leading rows of `rows` to draw, growing step by step after each commit until all are drawn, so that no
 * single task mounts a whole large page. Each step is a transition: React renders it in slices between which the
 * browser paints, scrolls and handles clicks.
 */
export function useChunkedRows<T extends { id: Identifier }>(rows: T[], first = FIRST_ROWS): T[] {
  // The ids drawn by the last commit (kept exact even once all rows are drawn: a later page is judged against it).
  const [onScreen, setOnScreen] = useState<ReadonlySet<Identifier>>(() => new Set());
  const count = rowsToDraw(rows, onScreen, first);
  const drawn = useMemo(() => (count === rows.length ? rows : rows.slice(0, count)), [rows, count]);
  useEffect(() => {
    const ids = new Set(drawn.map((row) => row.id));
    if (sameIds(ids, onScreen)) return;
    // The next step starts in a task of its own: React renders a transition begun during the browser's Back
    // (a `popstate` event) at once, so steps begun there would all run in that one task, the whole page with them.
    const step = setTimeout(() => startTransition(() => setOnScreen(ids)));
    return () => clearTimeout(step);
  }, [drawn, onScreen]);
  return drawn;
}

const NO_ROWS: never[] = [];

/**
 * A list's rows to draw now (`useChunkedRows`), and how many stand-in rows hold the place of the others: those not
 * mounted yet, or all of them while the page is still on its way (its records are placeholders).
 */
export function useDrawnRows<T extends RaRecord>(
  data: readonly T[] | undefined,
  first = FIRST_ROWS,
): { rows: T[]; standIns: number } {
  const page = (data ?? NO_ROWS) as T[];
  const pending = page.length > 0 && isPlaceholder(page[0]);
  const rows = useChunkedRows(pending ? NO_ROWS : page, first);
  return { rows, standIns: page.length - rows.length };
}
