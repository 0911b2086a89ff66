import { useMemo } from 'react';
import { Navigate, Route } from 'react-router';
import {
  Admin,
  CustomRoutes,
  Loading,
  localStorageStore,
  useAuthState,
  useBasename,
  type LayoutProps,
} from 'react-admin';
import resources from '../../../resources/index';
import type { Locale } from '../../core/locales';
import { useI18nProvider } from '../i18n/context';
import { useThemeMode } from '../theme/mode';
import { darkTheme, lightTheme } from '../theme/theme';
import { AreaLayout, AreaNotification } from '../generated/app/AppLayout';
import { LoginForm } from '../generated/app/LoginForm';
import { createAuthProvider } from '../generated/auth-provider';
import { RegistryProvider } from '../generated/context';
import { createDataProvider } from '../generated/data-provider';
import { GeneratedMenu } from '../generated/GeneratedMenu';
import { withResourceAliases } from '../generated/i18n-aliases';
import { buildRegistry } from '../generated/registry';
import { generatedResources } from '../generated/resources';
import { Dashboard } from './Dashboard';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { Menu } from 'react-admin';

const registry = buildRegistry(resources, 'admin');
const store = localStorageStore(undefined, 'lantern-admin');

/** `/{locale}/admin`: the sign-in form when signed out, else the dashboard. */
function AdminEntry() {
  const basename = useBasename();
  const { authenticated, isPending } = useAuthState(undefined, false);
  if (isPending) return <Loading />;
  return authenticated ? <Navigate to={`${basename}/dashboard`} replace /> : <LoginForm />;
}

function AdminMenu() {
  const basename = useBasename();
  return (
    <GeneratedMenu
      before={<Menu.Item to={`${basename}/dashboard`} primaryText="app.dashboard.title" leftIcon={<DashboardIcon />} />}
    />
  );
}

function AdminLayout(props: LayoutProps) {
  return <AreaLayout {...props} kind="admin" menu={AdminMenu} />;
}

/** The generated back-office, mounted by the shell at `/{locale}/admin/*`. */
export default function AdminApp({ locale }: { locale: Locale }) {
  const messages = useI18nProvider();
  const { mode } = useThemeMode();
  const dataProvider = useMemo(() => createDataProvider({ getLocale: () => locale, toApi: registry.toApi }), [locale]);
  const authProvider = useMemo(
    () => createAuthProvider({ locale, loginPath: () => `/${locale}/admin`, toApi: registry.toApi }),
    [locale],
  );
  const i18nProvider = useMemo(() => messages && withResourceAliases(messages, registry), [messages]);
  if (!i18nProvider) return <Loading />;
  return (
    <RegistryProvider registry={registry}>
      <Admin
        key={locale}
        basename={`/${locale}/admin`}
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        // The shell remembers light/dark for every area; react-admin follows it.
        theme={mode === 'dark' ? darkTheme : lightTheme}
        darkTheme={null}
        store={store}
        loginPage={LoginForm}
        layout={AdminLayout}
        notification={AreaNotification}
        title="Lantern"
      >
        <CustomRoutes noLayout>
          <Route path="/" element={<AdminEntry />} />
        </CustomRoutes>
        <CustomRoutes>
          <Route path="/dashboard" element={<Dashboard />} />
        </CustomRoutes>
        {generatedResources(registry)}
      </Admin>
    </RegistryProvider>
  );
}
