import { useEffect, useRef } from 'react';

/** The CSS variable holding the height of the bars fixed at the bottom of the screen (unset when there is none). */
export const FIXED_BOTTOM = '--lantern-fixed-bottom';

/** The drawn bars fixed at the bottom, by element, with their heights: the tallest is the room the page keeps. */
const bars = new Map<HTMLElement, number>();

function publish() {
  const root = document.documentElement;
  const height = Math.max(0, ...bars.values());
  if (height) root.style.setProperty(FIXED_BOTTOM, `${height}px`);
  else root.style.removeProperty(FIXED_BOTTOM);
}

/**
 * A bar that may be fixed to the bottom of the screen (a record's actions, a form's Save on a phone) keeps its
 * height in `--lantern-fixed-bottom` while it is fixed and drawn, so the layout reserves that much room after the
 * page's last row and the bar covers nothing, however many lines its buttons wrap to.
 */
export function useFixedBottom<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const style = getComputedStyle(element);
      const fixed = style.position === 'fixed' && style.display !== 'none';
      bars.set(element, fixed ? element.offsetHeight : 0);
      publish();
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // The bar is fixed only below a width: a turned phone or a resized window puts it back into the page.
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      bars.delete(element);
      publish();
    };
  }, []);
  return ref;
}
