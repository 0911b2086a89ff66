/**
 * What the server drew of the screen in a layer of its own beside the app's root (server/first-paint.ts): a
 * list's first rows (a phone's lines or cards, a desk's table) or a record page's head and first section. It stays
 * on the screen, above the app, until the app has drawn its own in the same place, instead of giving way to a
 * loading bar for the time the app takes to come and start; nothing is moved (a moved node is painted anew). It
 * goes once the app's own is there (a photo of it decoded, so nothing blinks), or a list has settled without rows
 * (a saved filter that finds none, an emptied list), on the browser's Back, or after a few seconds whatever
 * happens (a screen that fails, a list that opens otherwise). A layer with nothing for the screen's width goes at
 * once.
 */
interface Hold {
  /** What the layer draws, for the screen's width or not. */
  held: string;
  /** The app's own, once drawn. */
  drawn: (root: HTMLElement) => Element | null;
}

const LIST_DRAWN = [
  'table tbody tr',
  '[data-testid="simple-list"] li',
  '[data-testid="card-list"] li',
  '[data-list-content]:not([data-placeholder-rows])',
  '[data-testid="list-empty"]',
].join(', ');

const HOLDS: Record<string, Hold> = {
  list: { held: '.lt-first-paint-rows, .lt-first-paint-table', drawn: (root) => root.querySelector(LIST_DRAWN) },
  // A record page is drawn whole, once the records its lines reach have come (RecordPageView.tsx).
  record: { held: '.lt-first-paint-record', drawn: (root) => root.querySelector('[data-testid="record-page"]') },
  // A guide's screen (a departure's manifest, the scan screen): once its table's rows, or its picker, have come.
  // A portal screen keeps its widgets hidden until they have settled (PortalScreen.tsx): drawn means shown.
  screen: {
    held: '.lt-first-paint-screen',
    drawn: (root) =>
      [...root.querySelectorAll('[data-screen-drawn]')].find(
        (element) => getComputedStyle(element).visibility !== 'hidden',
      ) ?? null,
  },
};
const MAX_HOLD_MS = 8000;
const PHOTO_WAIT_MS = 1000;

export function holdFirstPaint(root: HTMLElement, layer: HTMLElement): void {
  const hold = HOLDS[layer.dataset.held ?? 'list'] ?? HOLDS.list;
  const drawn = [...layer.querySelectorAll<HTMLElement>(hold.held)].some(
    (part) => getComputedStyle(part).display !== 'none',
  );
  if (!drawn) {
    layer.remove();
    return;
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    observer.disconnect();
    clearTimeout(timer);
    window.removeEventListener('popstate', release);
    layer.remove();
  };
  // Called after the DOM changes and before the browser paints them: the app's own replaces these in one frame.
  const observer = new MutationObserver(() => {
    const own = hold.drawn(root);
    if (!own) return;
    observer.disconnect();
    const photo = own.querySelector('img');
    if (!photo || photo.complete) release();
    else
      void Promise.race([
        photo.decode().catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, PHOTO_WAIT_MS)),
      ]).then(release);
  });
  // A screen shown by a style's change (its hidden grid made visible) is heard too.
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
  const timer = setTimeout(release, MAX_HOLD_MS);
  window.addEventListener('popstate', release);
}
