import { useEffect, useRef } from 'react';
import { useListContext } from 'react-admin';

/** The control a person types or chooses in, inside one filter (not a select's hidden value input). */
const CONTROL =
  'input:not([type="hidden"]):not([aria-hidden="true"]), textarea, [role="combobox"][tabindex="0"], [role="button"][tabindex="0"]';
/** How long to keep looking for the new filter's control: it mounts in the render after the one that adds it. */
const LOOK_FOR_MS = 1_000;

/**
 * A filter added from "Add filter" takes the focus (WCAG 2.4.3: the next step is typing in it). react-admin
 * focuses `input[name=source]` after 50 ms, which misses selects and range inputs and loses to the menu giving the
 * focus back to its button as it closes; this waits for the menu to close, then focuses the new filter's first
 * control. Filters shown by the page's own URL (a saved query, a link) take nothing: only one added here does.
 */
export function FocusNewFilter() {
  const { displayedFilters } = useListContext();
  const shown = useRef<Set<string> | undefined>(undefined);
  useEffect(() => {
    const now = new Set(Object.keys(displayedFilters ?? {}).filter((source) => displayedFilters[source]));
    const before = shown.current;
    shown.current = now;
    if (!before) return;
    const added = [...now].filter((source) => !before.has(source));
    if (added.length !== 1) return;
    const source = added[0];
    const until = Date.now() + LOOK_FOR_MS;
    let timer: ReturnType<typeof setTimeout>;
    const tryFocus = () => {
      // The menu hands the focus back to its button as it closes; its items are gone once it has.
      const menuOpen = document.querySelector('.new-filter-item');
      const control = document
        .querySelector(`.filter-field[data-source="${CSS.escape(source)}"]`)
        ?.querySelector<HTMLElement>(CONTROL);
      if (control && !menuOpen) {
        control.focus();
        if (document.activeElement === control) return;
      }
      if (Date.now() < until) timer = setTimeout(tryFocus, 30);
    };
    timer = setTimeout(tryFocus, 0);
    return () => clearTimeout(timer);
  }, [displayedFilters]);
  return null;
}
