import { startTransition } from 'react';
import type { Store } from 'react-admin';

const wrapped = new WeakMap<Store, Store>();

/**
 * The events of a person's own discrete input, those React itself answers at once (its discrete event priority).
 * Being trusted is not enough: React's scheduler runs its work, effects included, in a `message` event the
 * browser dispatches (trusted), and an effect's store write there is no one's click.
 */
const DISCRETE_INPUT = new Set([
  'click',
  'auxclick',
  'contextmenu',
  'dblclick',
  'keydown',
  'keyup',
  'keypress',
  'input',
  'beforeinput',
  'change',
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'touchstart',
  'touchend',
  'submit',
  'paste',
  'cut',
  'copy',
  'drop',
  'compositionend',
]);

/** Whether an event is the person's own discrete input (a click, a key), not the page's or the browser's. */
export const isDiscreteInput = (event: Event | undefined): boolean =>
  event !== undefined && event.isTrusted && DISCRETE_INPUT.has(event.type);

const answeringInput = () => typeof window !== 'undefined' && isDiscreteInput(window.event);

/**
 * The same store, whose subscribers hear of a change in a transition unless the person's own input made it.
 *
 * react-admin's screens keep their state in its store (a list's sort, page and filters, the columns shown, the rows
 * selected) and render again when it changes, wherever the change came from: often an effect of the list's own
 * first render, whose update React renders in one piece. Heard in a transition, the whole list renders again in
 * slices between which the browser paints and answers input. A change made by a click or a key (a row's checkbox)
 * is heard at once: what the person touched answers in the same frame.
 */
export function storeInTransitions(store: Store): Store {
  let inTransitions = wrapped.get(store);
  if (!inTransitions) {
    inTransitions = {
      ...store,
      subscribe: (key, callback) =>
        store.subscribe(key, (value) => (answeringInput() ? callback(value) : startTransition(() => callback(value)))),
    };
    wrapped.set(store, inTransitions);
  }
  return inTransitions;
}
