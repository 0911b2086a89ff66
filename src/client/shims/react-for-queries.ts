/**
 * The `react` that TanStack Query sees in the browser build (react-admin's data hooks are built on it).
 *
 * Query hooks learn of new data through `useSyncExternalStore`, and React renders every update such a store
 * announces at once and in one piece: it cannot be a transition. A list's page, its references and its counts
 * arriving thus rendered the list in tasks of 100–300 ms on a desk and several times that on a phone. Here a store's
 * change asks for a render in a transition instead: React renders it in slices of a few milliseconds between which
 * the browser paints and answers input, and an urgent update (a key, a click) goes first.
 *
 * Query hooks read their result from their observer as they render (the store only tells them to render again),
 * so a render that comes a few milliseconds later still shows the newest data: nothing is torn that the user sees.
 */
import * as React from 'react';

export const { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, Suspense } = React;

type Subscribe = (onChange: () => void) => () => void;

export function useSyncExternalStore<T>(subscribe: Subscribe, getSnapshot: () => T): T {
  const value = getSnapshot();
  const [, render] = React.useReducer((count: number) => count + 1, 0);
  // What the screen shows: a change is only worth a render when the store's value differs from it.
  const shown = React.useRef(value);
  const read = React.useRef(getSnapshot);
  React.useLayoutEffect(() => {
    shown.current = value;
    read.current = getSnapshot;
  });
  React.useEffect(() => {
    const onChange = () => {
      if (!Object.is(read.current(), shown.current)) React.startTransition(render);
    };
    const unsubscribe = subscribe(onChange);
    // A change between this render and the subscription would otherwise go unseen.
    onChange();
    return unsubscribe;
  }, [subscribe]);
  return value;
}
