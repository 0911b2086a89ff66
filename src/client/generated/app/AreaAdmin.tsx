import CssBaseline from '@mui/material/CssBaseline';
import { createElement, type ComponentProps, type ComponentType } from 'react';
import {
  AccessDenied,
  AdminContext,
  AuthenticationError,
  CoreAdminUI,
  Error as ErrorPage,
  LoadingPage,
  NotFound,
  type CoreAdminUIProps,
} from 'react-admin';

type AreaAdminProps = Omit<ComponentProps<typeof AdminContext>, 'children'> &
  Omit<CoreAdminUIProps, 'loginPage'> & {
    /** The sign-in screen of the area, or none: react-admin's own is never used. */
    loginPage?: ComponentType | false;
    notification: ComponentType;
  };

/**
 * react-admin's `<Admin>` as the areas use it: the same context and MUI screens, but no default sign-in page.
 * `<Admin>` imports react-admin's login form (its inputs, react-hook-form) for its default, which put form code on
 * every area's first load; the admin brings its own form (loaded when shown) and the partner portal signs in on
 * the shell's screen.
 */
export function AreaAdmin({
  accessDenied = AccessDenied,
  authenticationError = AuthenticationError,
  catchAll = NotFound as CoreAdminUIProps['catchAll'],
  children,
  dashboard,
  disableTelemetry,
  error = ErrorPage,
  layout,
  loading = LoadingPage,
  loginPage = false,
  notification,
  ready,
  requireAuth,
  title,
  ...context
}: AreaAdminProps) {
  return (
    <AdminContext {...context}>
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          accessDenied={accessDenied}
          authenticationError={authenticationError}
          catchAll={catchAll}
          dashboard={dashboard}
          disableTelemetry={disableTelemetry}
          error={error}
          layout={layout}
          loading={loading}
          loginPage={loginPage}
          ready={ready}
          requireAuth={requireAuth}
          title={title}
        >
          {children}
        </CoreAdminUI>
        {createElement(notification)}
      </CssBaseline>
    </AdminContext>
  );
}
