import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSyncExternalStore } from '../../src/client/shims/react-for-queries';

/** A store as TanStack Query's observers are: a value, and listeners told when it changes. */
function makeStore(initial: number) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: number) {
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listeners,
  };
}

function Reader({ store }: { store: ReturnType<typeof makeStore> }) {
  return <output>{useSyncExternalStore(store.subscribe, store.get)}</output>;
}

describe('the react that query hooks see in the browser build', () => {
  it('renders a store’s change (in a transition) and stops listening when unmounted', async () => {
    const store = makeStore(1);
    const { unmount } = render(<Reader store={store} />);
    expect(screen.getByRole('status').textContent).toBe('1');
    await act(async () => store.set(2));
    expect(screen.getByRole('status').textContent).toBe('2');
    unmount();
    expect(store.listeners.size).toBe(0);
  });

  it('sees a change made between its render and its subscription', async () => {
    const store = makeStore(1);
    function ChangesBeforeSubscribing() {
      const value = useSyncExternalStore(store.subscribe, store.get);
      // Runs during render, before the effect that subscribes: the store moves on unseen by any listener.
      if (value === 1) store.set(5);
      return <output>{value}</output>;
    }
    await act(async () => {
      render(<ChangesBeforeSubscribing />);
    });
    expect(screen.getByRole('status').textContent).toBe('5');
  });
});
