import Slide from '@mui/material/Slide';
import { useEffect, useState, type ReactElement } from 'react';

/** How far down (px) the page must be before scrolling down hides the bar: MUI's own threshold. */
const THRESHOLD = 100;

/**
 * Whether the reader is scrolling down, past the threshold. MUI's `useScrollTrigger` (react-admin's `HideOnScroll`)
 * reads the scroll position as the bar mounts, which forces the browser to lay out the whole new screen in the
 * middle of the task that mounts it: 20–50 ms of a list's first paint. A screen opens at its top, so nothing is
 * read until the first scroll.
 */
export function useScrollingDown(): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    let last = 0;
    const onScroll = () => {
      const y = window.scrollY;
      setDown(y >= last && y > THRESHOLD);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return down;
}

/** The app bar's container: it slides away as a phone's reader scrolls down the page, back as they scroll up. */
export function HideOnScrollDown({ children, className }: { children: ReactElement; className?: string }) {
  const down = useScrollingDown();
  return (
    <Slide appear={false} direction="down" in={!down} className={className}>
      {children}
    </Slide>
  );
}
