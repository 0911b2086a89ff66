import { useEffect, useState } from 'react';
import { Loading } from './Loading';
import { useNavigationPending } from './TransitionRouter';

/** A fast phone makes most screens sooner than this: no bar flashes for them. */
const SHOW_AFTER_MS = 150;

/**
 * The top bar while the screen a visitor went to is still coming (its code, its first render) and the one they
 * left is still shown: without it a tap seems lost, and a second one lands on the old screen.
 */
export function NextScreenLoading() {
  const pending = useNavigationPending();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!pending) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  return shown ? <Loading testId="loading-next" /> : null;
}
