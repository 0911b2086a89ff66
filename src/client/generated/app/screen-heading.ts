import { useEffect, useSyncExternalStore } from 'react';

/** How many drawn screens name themselves with a heading of their own (a dashboard's greeting, a ticket's title). */
let own = 0;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * A screen that draws its own h1 says so: the app bar's title, the h1 of every other screen (lists, queues, record
 * pages), is then plain text, so the screen keeps one main heading.
 */
export function useOwnHeading(): void {
  useEffect(() => {
    own += 1;
    changed();
    return () => {
      own -= 1;
      changed();
    };
  }, []);
}

/** Whether the screen drawn now has a main heading of its own. */
export function useScreenHasOwnHeading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => own > 0,
    () => false,
  );
}

/** Drawn beside a screen's own h1 (when it has one): see useOwnHeading. */
export function OwnHeading(): null {
  useOwnHeading();
  return null;
}
