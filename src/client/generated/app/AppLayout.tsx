import type { ReactNode } from 'react';
import {
  AppBar,
  Layout,
  LoadingIndicator,
  Notification,
  TitlePortal,
  UserMenu,
  useGetIdentity,
  useTranslate,
  type LayoutProps,
} from 'react-admin';
import { LanguageSwitcher } from '../../shell/LanguageSwitcher';
import { ForbiddenPage } from '../../shell/ErrorPage';
import { ThemeToggle } from '../../theme/ThemeToggle';
import type { Me } from '../auth-provider';

/** The account button's accessible name starts with the name it shows (WCAG 2.5.3), then says what it opens. */
function AreaUserMenu() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const label = identity?.fullName ? `${identity.fullName} (${translate('ra.auth.user_menu')})` : 'ra.auth.user_menu';
  return <UserMenu label={label} />;
}

export function AreaAppBar() {
  return (
    <AppBar
      color="primary"
      userMenu={<AreaUserMenu />}
      toolbar={
        <>
          <LanguageSwitcher />
          <ThemeToggle />
          <LoadingIndicator />
        </>
      }
    >
      <TitlePortal />
    </AppBar>
  );
}

/** SPEC §4: notifications top right, closing after 3000 ms (react-admin's undo window follows it). */
export function AreaNotification() {
  return <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={3000} />;
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
  if (!isPending && identity && (identity as Me).kind !== kind) return <ForbiddenPage />;
  return (
    <Layout {...props} menu={menu} appBar={AreaAppBar}>
      {children}
    </Layout>
  );
}
