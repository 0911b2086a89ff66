import { createContext, useContext, useLayoutEffect, useRef, useState, useTransition, type ReactNode } from 'react';
import {
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  type NavigationType,
} from 'react-router';

const NavigationPending = createContext(false);

/** True while the screen a link opened is still being made (its code coming, its first render under way). */
export const useNavigationPending = () => useContext(NavigationPending);

/**
 * React Router's `BrowserRouter`, with its transition's pending state told to the app. Each move renders the next
 * screen in a transition, as `BrowserRouter` does: the screen left stays live until the next one is whole, which on
 * a phone can take a second. Knowing that it is under way, the shell can say so (NextScreenLoading.tsx).
 */
export function TransitionRouter({ children }: { children: ReactNode }) {
  const history = useRef<ReturnType<typeof createBrowserHistory>>(null);
  history.current ??= createBrowserHistory({ window, v5Compat: true });
  const [state, setState] = useState<{ action: NavigationType; location: Location }>({
    action: history.current.action,
    location: history.current.location,
  });
  const [pending, startTransition] = useTransition();
  useLayoutEffect(() => history.current!.listen((next) => startTransition(() => setState(next))), []);
  return (
    <NavigationPending.Provider value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history.current}>
        {children}
      </Router>
    </NavigationPending.Provider>
  );
}
