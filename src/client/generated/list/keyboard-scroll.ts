import { useCallback } from 'react';

const CARD = '.RaList-content';

/**
 * A table wider than its card scrolls sideways inside it (GeneratedList), and its far columns may hold nothing
 * that takes focus: while it overflows, the card itself takes focus, named as the list, so that the arrow keys
 * scroll it (WCAG 2.1.1). A card that fits takes no tab stop. Goes on an element inside the card.
 */
export function useScrollableByKeyboard(label: string) {
  return useCallback(
    (inside: HTMLElement | null) => {
      const card = inside?.closest<HTMLElement>(CARD);
      if (!inside || !card) return;
      const watched = new WeakSet<Element>();
      // Without ResizeObserver (jsdom) the card is looked at once, as it is drawn. Else the observer's first notice
      // comes once the card is laid out: measured here, in React's commit, the card's widths would force the whole
      // table's layout inside that task (40 ms of a desk's first rows).
      const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => update());
      const update = () => {
        if (card.scrollWidth > card.clientWidth + 1) {
          card.tabIndex = 0;
          card.setAttribute('role', 'region');
          card.setAttribute('aria-label', label);
        } else {
          card.removeAttribute('tabindex');
          card.removeAttribute('role');
          card.removeAttribute('aria-label');
        }
        // The table's width changes as its rows come; observing an element twice would notify it again.
        for (const table of inside.querySelectorAll('table'))
          if (observer && !watched.has(table)) {
            watched.add(table);
            observer.observe(table);
          }
      };
      if (!observer) return void update();
      observer.observe(card);
      return () => observer.disconnect();
    },
    [label],
  );
}
