import { useEffect, type ReactNode } from 'react';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import {
  AppBar,
  Layout,
  Logout,
  MenuItemLink,
  Notification,
  TitlePortal,
  UserMenu,
  useBasename,
  useGetIdentity,
  useTranslate,
  useUserMenu,
  type LayoutProps,
} from 'react-admin';
import { PROFILE_SCREEN, SetupGate, useSetupRequired } from '../../two-factor/SetupGate';
import { LanguageSwitcher } from '../../shell/LanguageSwitcher';
import { screenTitle } from '../../shell/document-title';
import { ForbiddenPage } from '../../shell/ErrorPage';
import { ThemeToggle } from '../../theme/ThemeToggle';
import type { Me } from '../auth-provider';
import { DatabaseBanner } from './DatabaseBanner';
import { LiveUpdates } from './LiveUpdates';
import { FaultNotifications } from './FaultToast';
import { HideOnScrollDown } from './HideOnScrollDown';
import { NotificationBell } from './NotificationBell';
import { AreaLoadingIndicator } from './AreaLoadingIndicator';
import { AreaSidebar } from './AreaSidebar';
import { BarSettings } from './BarSettings';
import { PHONE } from '../workflow/ActionButton';
import { FIXED_BOTTOM } from './fixed-bottom';
import { useScreenHasOwnHeading } from './screen-heading';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

/**
 * The account button's accessible name starts with the name it shows (WCAG 2.5.3), then says what it opens: the
 * account's profile screen (its two-step sign-in) and sign-out.
 */
function AreaUserMenu() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  // Where react-admin draws the name (from 600 px); a phone draws an icon alone, whose name react-admin looks up as a
  // key, falling back to English ("Profile" in the Lao admin): there the key itself, in the reader's language.
  const named = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  const label =
    named && identity?.fullName ? `${identity.fullName} (${translate('ra.auth.user_menu')})` : 'ra.auth.user_menu';
  return (
    <UserMenu label={label}>
      <ProfileMenuItem />
      <Logout />
    </UserMenu>
  );
}

/** The profile link closes the menu it sits in: an open menu's backdrop would cover the screen it opens. */
function ProfileMenuItem() {
  const translate = useTranslate();
  const basename = useBasename();
  const userMenu = useUserMenu();
  return (
    <MenuItemLink
      to={`${basename}/${PROFILE_SCREEN}`}
      primaryText={translate('app.auth.profile')}
      leftIcon={<ManageAccountsIcon />}
      onClick={() => userMenu?.onClose()}
      data-testid="user-menu-profile"
    />
  );
}

/**
 * Every screen of an area names itself in the app bar through react-admin's `<Title>` (lists and queues by their
 * menu label, record pages by the record's title, forms, dashboards): the tab follows that title (SPEC §9), so the
 * two never disagree and a new screen needs nothing more.
 */
function TabTitleFromAppBar() {
  useEffect(() => {
    const bar = document.getElementById('react-admin-title');
    if (!bar) return;
    const follow = () => {
      const text = bar.textContent?.trim();
      // The bar changes many times while a screen loads; the tab's title only when its words do.
      const title = text && screenTitle(text);
      if (title && document.title !== title) document.title = title;
    };
    follow();
    const observer = new MutationObserver(follow);
    observer.observe(bar, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return null;
}

export function AreaAppBar() {
  const ownHeading = useScreenHasOwnHeading();
  // Until a required second factor is set up the server opens nothing the bell could show.
  const setupRequired = useSetupRequired();
  return (
    <AppBar
      color="primary"
      container={HideOnScrollDown}
      userMenu={<AreaUserMenu />}
      toolbar={
        <>
          {!setupRequired && <NotificationBell />}
          <BarSettings>
            <LanguageSwitcher />
            <ThemeToggle />
            <AreaLoadingIndicator />
          </BarSettings>
        </>
      }
    >
      {/* A long title wraps on a phone rather than being cut to a few letters. */}
      {/* The screen's name is its heading: one h1 on every screen of the area (lists, queues, record pages). */}
      <TitlePortal
        component="h1"
        role={ownHeading ? 'none' : undefined}
        sx={{ [PHONE]: { whiteSpace: 'normal', overflowWrap: 'anywhere', fontSize: '1rem', lineHeight: 1.2, py: 0.5 } }}
      />
      <TabTitleFromAppBar />
    </AppBar>
  );
}

/** SPEC §4: notifications top right, closing after 3000 ms (react-admin's undo window follows it). */
export function AreaNotification() {
  return (
    <FaultNotifications>
      <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={3000} />
    </FaultNotifications>
  );
}

/**
 * The area's frame. An account of another kind (a partner on an admin route) gets the 403 page
 * instead of the screens: the server would refuse every call anyway.
 */
export function AreaLayout({
  kind,
  menu,
  children,
  ...props
}: LayoutProps & { kind: Me['kind']; children: ReactNode }) {
  const { identity, isPending } = useGetIdentity();
  const setupRequired = useSetupRequired();
  if (!isPending && identity && (identity as Me).kind !== kind) return <ForbiddenPage />;
  return (
    <Layout {...props} menu={menu} appBar={AreaAppBar} sidebar={AreaSidebar}>
      <FaultNotifications>
        <DatabaseBanner />
        {!setupRequired && <LiveUpdates />}
        <SetupGate>{children}</SetupGate>
        {/* Room for a bar fixed at the bottom of the screen (a record's actions on a phone): it covers no row. */}
        <Box aria-hidden sx={{ height: `var(${FIXED_BOTTOM}, 0px)`, flexShrink: 0 }} data-fixed-bottom-room />
      </FaultNotifications>
    </Layout>
  );
}
