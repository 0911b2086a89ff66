/**
 * A list's first rows as the server drew them for a phone (server/first-paint.ts `listFirstPaint`) stay on the
 * screen until the app draws its own, instead of giving way to a loading bar for the seconds the app takes to
 * come over slow 4G. They move out of the app's root (React clears it as it starts) into a layer of their own above
 * it, which goes once the list's own rows are there (drawn where these are, with the same text), on the
 * browser's Back, or after a few seconds whatever happens (a screen that fails, a list that opens otherwise).
 */
const LIST_ROWS = '[data-testid="simple-list"] li, [data-testid="card-list"] li';
const PHONE = '(max-width: 599.95px)';
const MAX_HOLD_MS = 8000;

export function holdListRows(root: HTMLElement, paint: Element): void {
  if (!paint.querySelector('.lt-first-paint-rows') || !window.matchMedia(PHONE).matches) return;
  paint.classList.add('lt-held-paint');
  document.body.appendChild(paint);
  const release = () => {
    observer.disconnect();
    clearTimeout(timer);
    window.removeEventListener('popstate', release);
    paint.remove();
  };
  // Called after the DOM changes and before the browser paints them: the app's rows replace these in one frame.
  const observer = new MutationObserver(() => {
    if (root.querySelector(LIST_ROWS)) release();
  });
  observer.observe(root, { childList: true, subtree: true });
  const timer = setTimeout(release, MAX_HOLD_MS);
  window.addEventListener('popstate', release);
}
