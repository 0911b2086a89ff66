import Drawer from '@mui/material/Drawer';
import { styled, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useLayoutEffect, useRef } from 'react';
import {
  CLOSED_DRAWER_WIDTH,
  DRAWER_WIDTH,
  SidebarClasses,
  useLocale,
  useSidebarState,
  type SidebarProps,
} from 'react-admin';
import { useScrollingDown } from './HideOnScrollDown';

/**
 * The area's sidebar: react-admin's, laid out the same (its class names, widths and the drawer a phone opens), but
 * following the app bar through `useScrollingDown`. react-admin's own asks MUI's `useScrollTrigger`, which reads
 * the scroll position as it mounts: that forces the browser to lay out the whole new screen inside the task that
 * mounts it (13–18 ms of the list's first long task, in a desk's trace).
 */
export function AreaSidebar({ children, appBarAlwaysOn, closedSize: _closed, size: _size, ...rest }: SidebarProps) {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useSidebarState();
  // On a phone the menu is a drawer over the page: every load starts with it closed, whatever the stored state says
  // (react-admin's default is "open" until its media query has answered, and a desk's choice is stored too).
  const closedOnLoad = useRef(false);
  useLayoutEffect(() => {
    if (!phone || closedOnLoad.current) return;
    closedOnLoad.current = true;
    if (open) setOpen(false);
  }, [phone, open, setOpen]);
  // The menu's labels are the language's: a new language draws it again.
  useLocale();
  const barHidden = useScrollingDown() && !appBarAlwaysOn;
  const toggle = () => setOpen(!open);
  if (phone) {
    return (
      <Frame
        variant="temporary"
        open={open && closedOnLoad.current}
        onClose={toggle}
        classes={SidebarClasses}
        {...rest}
      >
        {children}
      </Frame>
    );
  }
  return (
    <Frame
      variant="permanent"
      open={open}
      onClose={toggle}
      classes={SidebarClasses}
      className={`${barHidden ? `${SidebarClasses.appBarCollapsed} ` : ''}${open ? 'RaSidebar-open' : 'RaSidebar-closed'}`}
      {...rest}
    >
      <div className={SidebarClasses.fixed}>{children}</div>
    </Frame>
  );
}

const BELOW_BAR = 'calc(100vh - 3em)';

const Frame = styled(Drawer, { name: 'RaSidebar', slot: 'Root' })(({ open, theme }) => ({
  height: BELOW_BAR,
  marginTop: 0,
  transition: theme.transitions.create('margin', {
    easing: theme.transitions.easing.easeOut,
    duration: theme.transitions.duration.enteringScreen,
  }),
  // The bar slid away: the sidebar moves up by its height (it keeps its place in the frame, so nothing jumps).
  [`&.${SidebarClasses.appBarCollapsed}`]: {
    marginTop: theme.spacing(-6),
    [theme.breakpoints.down('sm')]: { marginTop: theme.spacing(-7) },
    transition: theme.transitions.create('margin', {
      easing: theme.transitions.easing.sharp,
      duration: theme.transitions.duration.leavingScreen,
    }),
  },
  [`& .${SidebarClasses.fixed}`]: {
    position: 'fixed',
    height: BELOW_BAR,
    overflowX: 'hidden',
    scrollbarWidth: 'none',
    '&::-webkit-scrollbar': { display: 'none' },
  },
  '& .MuiPaper-root': {
    position: 'relative',
    width: open ? DRAWER_WIDTH : CLOSED_DRAWER_WIDTH,
    transition: theme.transitions.create('width', {
      easing: theme.transitions.easing.sharp,
      duration: theme.transitions.duration.leavingScreen,
    }),
    backgroundColor: 'transparent',
    borderRight: 'none',
    zIndex: 'inherit',
    [theme.breakpoints.only('xs')]: {
      marginTop: 0,
      height: '100vh',
      position: 'inherit',
      backgroundColor: (theme.vars || theme).palette.background.default,
    },
    [theme.breakpoints.up('md')]: { border: 'none' },
  },
}));
