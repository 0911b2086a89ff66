import CssBaseline from '@mui/material/CssBaseline';
import { createElement, type ComponentProps, type ComponentType } from 'react';
import {
  AdminContext,
  AuthenticationError,
  CoreAdminUI,
  Error as ErrorPage,
  LoadingPage,
  NotFound,
  type CoreAdminUIProps,
} from 'react-admin';
import { ForbiddenPage } from '../../shell/ErrorPage';
import { darkTheme, lightTheme } from '../../theme/theme';
import { AreaNotification } from './AppLayout';
import { ResourceDefinitionsInTransitions } from './ResourceDefinitionsInTransitions';
import { storeInTransitions } from './store-in-transitions';

type AreaAdminProps = Omit<ComponentProps<typeof AdminContext>, 'children' | 'theme' | 'darkTheme'> &
  Omit<CoreAdminUIProps, 'loginPage'> & {
    /** The sign-in screen of the area, or none: react-admin's own is never used. */
    loginPage?: ComponentType | false;
    /** Light or dark, as the shell remembers it for every area: react-admin follows it, it has no toggle of its own. */
    mode: 'light' | 'dark';
  };

/**
 * react-admin's `<Admin>` as the areas use it: the same context and MUI screens, but no default sign-in page.
 * `<Admin>` imports react-admin's login form (its inputs, react-hook-form) for its default, which put form code on
 * every area's first load; the admin brings its own form (loaded when shown) and the partner portal signs in on
 * the shell's screen. Every area has the same title, notifications, theme and 403 page (a screen the account may not
 * open, as its `canAccess` says).
 */
export function AreaAdmin({
  accessDenied = ForbiddenPage,
  authenticationError = AuthenticationError,
  catchAll = NotFound as CoreAdminUIProps['catchAll'],
  children,
  dashboard,
  error = ErrorPage,
  layout,
  loading = LoadingPage,
  loginPage = false,
  mode,
  ready,
  requireAuth,
  title = 'Lantern',
  ...context
}: AreaAdminProps) {
  // react-admin draws nothing while its store's language differs from its provider's, then the whole app at once in
  // an effect, as a render that cannot be sliced (hundreds of milliseconds on a phone): the page's language is the
  // store's before the first render, so the app is drawn in the same transition that mounts it.
  const locale = context.i18nProvider?.getLocale();
  if (context.store && locale && context.store.getItem('locale') !== locale) context.store.setItem('locale', locale);
  return (
    <AdminContext
      {...context}
      store={context.store && storeInTransitions(context.store)}
      theme={mode === 'dark' ? darkTheme : lightTheme}
      darkTheme={null}
    >
      <CssBaseline enableColorScheme>
        <ResourceDefinitionsInTransitions>
          <CoreAdminUI
            accessDenied={accessDenied}
            authenticationError={authenticationError}
            catchAll={catchAll}
            dashboard={dashboard}
            disableTelemetry
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
        </ResourceDefinitionsInTransitions>
        {createElement(AreaNotification)}
      </CssBaseline>
    </AdminContext>
  );
}
