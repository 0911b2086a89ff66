import { useMemo } from 'react';
import { Route } from 'react-router';
import { CustomRoutes, Loading, localStorageStore, type LayoutProps } from 'react-admin';
import portal from '../../../resources/partner-portal';
import resources from '../../../resources/index';
import type { Locale } from '../../core/locales';
import { AreaAdmin } from '../generated/app/AreaAdmin';
import { AreaLayout, AreaNotification } from '../generated/app/AppLayout';
import { ForbiddenPage } from '../shell/ErrorPage';
import { loginWithReturn } from '../shell/safe-redirect';
import { createAuthProvider } from '../generated/auth-provider';
import { RegistryProvider } from '../generated/context';
import { createDataProvider } from '../generated/data-provider';
import { createQueryClient } from '../generated/query-client';
import { withResourceAliases } from '../generated/i18n-aliases';
import { withServerMessages } from '../generated/i18n-server-messages';
import { buildRegistry } from '../generated/registry';
import { useI18nProvider } from '../i18n/context';
import { useThemeMode } from '../theme/mode';
import { darkTheme, lightTheme } from '../theme/theme';
import { PartnerMenu } from './PartnerMenu';
import { partnerResources } from './partner-resources';
import { PortalScreen } from './PortalScreen';

const registry = buildRegistry(resources, 'partner');
const store = localStorageStore(undefined, 'lantern-partner');
const home = portal.screens.find((screen) => screen.path === '');
const fixed = portal.screens.filter((screen) => screen.path !== '');
// Built once: the shell re-renders the app on every navigation, and new view components would remount the
// screens (a tabbed form would lose what was typed when its tab changes the URL).
const resourceElements = partnerResources(registry);

function Menu() {
  return <PartnerMenu portal={portal} />;
}

/** Content never widens the page (a phone gets no sideways scroll); wide tables scroll inside their own box. */
const CONTENT_SX = { '& .RaLayout-content': { minWidth: 0, contain: 'inline-size' } } as const;

function PartnerLayout(props: LayoutProps) {
  return <AreaLayout {...props} kind="partner" menu={Menu} sx={CONTENT_SX} />;
}

function Dashboard() {
  return home ? <PortalScreen screen={home} /> : null;
}

/** The partner portal, mounted by the shell at `/{locale}/partner/*`: the same generators, scoped by the server. */
export default function PartnerApp({ locale }: { locale: Locale }) {
  const messages = useI18nProvider();
  const { mode } = useThemeMode();
  const dataProvider = useMemo(() => createDataProvider({ getLocale: () => locale, toApi: registry.toApi }), [locale]);
  // A new cache per language, as react-admin makes one per mount of <Admin key={locale}>.
  const queryClient = useMemo(() => createQueryClient(), [locale]);
  const authProvider = useMemo(
    () =>
      createAuthProvider({
        locale,
        // The shared sign-in screen brings the partner back here afterwards. An absolute URL makes react-admin
        // load it as a page: a client-side move would leave the portal mounted (and checking) while it loads.
        loginPath: (requested) => `${window.location.origin}${loginWithReturn(`/${locale}/login`, requested)}`,
        toApi: registry.toApi,
      }),
    [locale],
  );
  const i18nProvider = useMemo(
    () => messages && withServerMessages(withResourceAliases(messages, registry)),
    [messages],
  );
  if (!i18nProvider) return <Loading />;
  return (
    <RegistryProvider registry={registry}>
      <AreaAdmin
        key={locale}
        basename={`/${locale}/partner`}
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        theme={mode === 'dark' ? darkTheme : lightTheme}
        darkTheme={null}
        store={store}
        queryClient={queryClient}
        layout={PartnerLayout}
        notification={AreaNotification}
        dashboard={Dashboard}
        accessDenied={ForbiddenPage}
        requireAuth
        disableTelemetry
        title="Lantern"
      >
        <CustomRoutes>
          {/* A fixed screen at a resource's path (the profile) replaces that resource's list. */}
          {fixed.map((screen) => (
            <Route key={screen.path} path={`/${screen.path}`} element={<PortalScreen screen={screen} />} />
          ))}
        </CustomRoutes>
        {resourceElements}
      </AreaAdmin>
    </RegistryProvider>
  );
}
