// What the browser shows from the server's first paint to the app's own (shell/held-paint.ts), watched from
// inside the page: each frame's state, and where each largest-contentful-paint entry was.

declare global {
  interface Window {
    /** Each frame's state from the first paint on: the server's drawing on screen, the app's own on screen. */
    __frames: [held: boolean, drawn: boolean][];
    /** Where each largest-contentful-paint entry was: in what the server drew, or elsewhere (the app's screen). */
    __largestPaints: ('server' | 'app')[];
  }
}

/** For `page.addInitScript(watchFrames, { held, drawn })`: records each change of what is visible, frame by frame. */
export function watchFrames({ held, drawn }: { held: string; drawn: string }) {
  window.__frames = [];
  // Hidden by a style (a grid kept out of sight until it has settled) is not shown either.
  const shown = (selector: string) =>
    [...document.querySelectorAll(selector)].some((node) => node.checkVisibility({ visibilityProperty: true }));
  const frame = () => {
    const state: [boolean, boolean] = [shown(held), shown(drawn)];
    const last = window.__frames.at(-1);
    if (!last || last[0] !== state[0] || last[1] !== state[1]) window.__frames.push(state);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** For `page.addInitScript(watchLargestPaints)`. */
export function watchLargestPaints() {
  window.__largestPaints = [];
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries() as (PerformanceEntry & { element: Element | null })[])
      window.__largestPaints.push(entry.element?.closest('.lt-first-paint') ? 'server' : 'app');
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}
