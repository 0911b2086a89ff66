import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { useMemo } from 'react';
import { Route } from 'react-router';
import { Admin, CustomRoutes, Loading, localStorageStore, Menu, useBasename, type LayoutProps } from 'react-admin';
import resources from '../../../resources/index';
import type { Locale } from '../../core/locales';
import { AreaLayout, AreaNotification } from '../generated/app/AppLayout';
import { createAuthProvider } from '../generated/auth-provider';
import { RegistryProvider } from '../generated/context';
import { createDataProvider } from '../generated/data-provider';
import { GeneratedMenu } from '../generated/GeneratedMenu';
import { withResourceAliases } from '../generated/i18n-aliases';
import { buildRegistry } from '../generated/registry';
import { generatedResources } from '../generated/resources';
import { useI18nProvider } from '../i18n/context';
import { useThemeMode } from '../theme/mode';
import { darkTheme, lightTheme } from '../theme/theme';
import { PartnerDashboard } from './PartnerDashboard';
import { PanelScreen } from './RevenuePage';

const registry = buildRegistry(resources, 'partner');
const store = localStorageStore(undefined, 'lantern-partner');

function PartnerMenu() {
  const basename = useBasename();
  return (
    <GeneratedMenu
      before={
        <>
          <Menu.Item to={`${basename}/`} primaryText="app.dashboard.title" leftIcon={<DashboardIcon />} />
          <Menu.Item to={`${basename}/revenue`} primaryText="app.revenue.title" leftIcon={<AccountBalanceWallet />} />
        </>
      }
    />
  );
}

function PartnerLayout(props: LayoutProps) {
  return <AreaLayout {...props} kind="partner" menu={PartnerMenu} />;
}

/** The partner portal, mounted by the shell at `/{locale}/partner/*`: the same generators, scoped by the server. */
export default function PartnerApp({ locale }: { locale: Locale }) {
  const messages = useI18nProvider();
  const { mode } = useThemeMode();
  const dataProvider = useMemo(() => createDataProvider({ getLocale: () => locale, toApi: registry.toApi }), [locale]);
  const authProvider = useMemo(
    () =>
      createAuthProvider({
        locale,
        // The shared sign-in screen brings the partner back here afterwards.
        loginPath: (requested) => `/${locale}/login?redirect=${encodeURIComponent(requested)}`,
        toApi: registry.toApi,
      }),
    [locale],
  );
  const i18nProvider = useMemo(() => messages && withResourceAliases(messages, registry), [messages]);
  if (!i18nProvider) return <Loading />;
  return (
    <RegistryProvider registry={registry}>
      <Admin
        key={locale}
        basename={`/${locale}/partner`}
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        theme={mode === 'dark' ? darkTheme : lightTheme}
        darkTheme={null}
        store={store}
        layout={PartnerLayout}
        notification={AreaNotification}
        dashboard={PartnerDashboard}
        requireAuth
        title="Lantern"
      >
        <CustomRoutes>
          <Route path="/revenue" element={<PanelScreen screen="revenue" />} />
        </CustomRoutes>
        {generatedResources(registry)}
      </Admin>
    </RegistryProvider>
  );
}
