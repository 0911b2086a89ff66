/**
 * A list's first rows as the server drew them (server/first-paint.ts `listFirstPaint`: a phone's lines or cards,
 * a desk's table) stay on the screen until the app draws its own, instead of giving way to a loading bar for the
 * time the app takes to come and start. The server puts them in a layer of their own beside the app's root, above
 * it, so nothing is moved (a moved node is painted anew); the layer goes once the list's own rows are there (drawn
 * where these are, with the same text) or it has settled without rows (a saved filter that finds none, an emptied
 * list), on the browser's Back, or after a few seconds whatever happens (a screen that fails, a list that opens
 * otherwise). A layer with no rows for the screen's width goes at once.
 */
const LIST_DRAWN = [
  'table tbody tr',
  '[data-testid="simple-list"] li',
  '[data-testid="card-list"] li',
  '[data-list-content]:not([data-placeholder-rows])',
  '[data-testid="list-empty"]',
].join(', ');
const HELD_ROWS = '.lt-first-paint-rows, .lt-first-paint-table';
const MAX_HOLD_MS = 8000;

export function holdListRows(root: HTMLElement, layer: Element): void {
  const drawn = [...layer.querySelectorAll<HTMLElement>(HELD_ROWS)].some(
    (rows) => getComputedStyle(rows).display !== 'none',
  );
  if (!drawn) {
    layer.remove();
    return;
  }
  const release = () => {
    observer.disconnect();
    clearTimeout(timer);
    window.removeEventListener('popstate', release);
    layer.remove();
  };
  // Called after the DOM changes and before the browser paints them: the app's rows replace these in one frame.
  const observer = new MutationObserver(() => {
    if (root.querySelector(LIST_DRAWN)) release();
  });
  observer.observe(root, { childList: true, subtree: true });
  const timer = setTimeout(release, MAX_HOLD_MS);
  window.addEventListener('popstate', release);
}
