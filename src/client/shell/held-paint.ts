/**
 * A list's first rows as the server drew them for a phone (server/first-paint.ts `listFirstPaint`) stay on the
 * screen until the app draws its own, instead of giving way to a loading bar for the seconds the app takes to
 * come over slow 4G. The server puts them in a layer of their own beside the app's root, above it, so nothing is
 * moved (a moved node is painted anew); the layer goes once the list's own rows are there (drawn where these are,
 * with the same text), on the browser's Back, or after a few seconds whatever happens (a screen that fails, a list
 * that opens otherwise). On a desk the layer is hidden and goes at once.
 */
const LIST_ROWS = '[data-testid="simple-list"] li, [data-testid="card-list"] li';
const PHONE = '(max-width: 599.95px)';
const MAX_HOLD_MS = 8000;

export function holdListRows(root: HTMLElement, layer: Element): void {
  if (!window.matchMedia(PHONE).matches) {
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
    if (root.querySelector(LIST_ROWS)) release();
  });
  observer.observe(root, { childList: true, subtree: true });
  const timer = setTimeout(release, MAX_HOLD_MS);
  window.addEventListener('popstate', release);
}
