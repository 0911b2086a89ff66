/**
 * What emotion sees as `@emotion/use-insertion-effect-with-fallbacks` in the browser build.
 *
 * Emotion writes a styled component's rules into the page in an insertion effect: during React's commit, which
 * React runs in one piece. An area's first screen brings several hundred new rules, each compiled by stylis and
 * inserted there: about a third of a phone's longest task as the app starts (84 ms of a 4× slowed phone's commit).
 * Written as the component renders instead (emotion's own way before React 18, which it keeps as its fallback), the
 * same work falls into React's render, which a transition slices into pieces of a few milliseconds. A rule written
 * for a render React then throws away stays in the sheet, unused, as emotion's cache would keep it anyway.
 *
 * Global styles (`<Global>`, MUI's `GlobalStyles`) keep their insertion effect: they replace their sheet when their
 * styles change, which must follow the commit.
 */
import { useInsertionEffect } from 'react';

export const useInsertionEffectAlwaysWithSyncFallback = (create: () => unknown): void => {
  create();
};

export const useInsertionEffectWithLayoutFallback = useInsertionEffect;
