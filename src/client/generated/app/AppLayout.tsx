import type { ReactNode } from 'react';
import {
  AppBar,
  Layout,
  LoadingIndicator,
  Notification,
  TitlePortal,
  useGetIdentity,
  type LayoutProps,
} from 'react-admin';
import { LanguageSwitcher } from '../../shell/LanguageSwitcher';
import { ForbiddenPage } from '../../shell/ErrorPage';
import { ThemeToggle } from '../../theme/ThemeToggle';
import type { Me } from '../auth-provider';

export function AreaAppBar() {
  return (
    <AppBar
      color="primary"
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
