import { useMemo, useRef } from 'react';
import { Navigate, Route } from 'react-router';
import { CustomRoutes, Loading, localStorageStore, useAuthState, useBasename, type LayoutProps } from 'react-admin';
import resources from '../../../resources/index';
import type { Locale } from '../../core/locales';
import { useI18nProvider } from '../i18n/context';
import { useThemeMode } from '../theme/mode';
import { AreaAdmin } from '../generated/app/AreaAdmin';
import { AreaLayout } from '../generated/app/AppLayout';
import { ForbiddenPage } from '../shell/ErrorPage';
import { LoginForm } from '../generated/app/LoginForm';
import { createAuthProvider } from '../generated/auth-provider';
import { RegistryProvider } from '../generated/context';
import { createDataProvider } from '../generated/data-provider';
import { createQueryClient } from '../generated/query-client';
import { GeneratedMenu } from '../generated/GeneratedMenu';
import { adminScreens } from '../../core/menu';
import { withResourceAliases } from '../generated/i18n-aliases';
import { withServerMessages } from '../generated/i18n-server-messages';
import { buildRegistry } from '../generated/registry';
import { generatedResources } from '../generated/resources';
import { Dashboard } from './Dashboard';
import DashboardIcon from '@mui/icons-material/Dashboard';
import InsightsIcon from '@mui/icons-material/Insights';
import { Menu } from 'react-admin';
import { lazyWithReload } from '../shell/chunk-reload';
import { loginWithReturn } from '../shell/safe-redirect';
import { useStatsResources } from './stats/api';

const registry = buildRegistry(resources, 'admin');
const store = localStorageStore(undefined, 'lantern-admin');
// Built once: rebuilding on each render remounts every screen and loses what a half-filled form holds.
const resourceElements = generatedResources(registry);

/**
 * `/{locale}/admin`: the sign-in form when signed out, else the dashboard. Each signed-out check that fires while
 * the entry loads clears react-admin's queries and asks again; the form stays up meanwhile, so what the visitor
 * is typing is not wiped by a remount.
 */
function AdminEntry() {
  const basename = useBasename();
  const { authenticated, isPending } = useAuthState(undefined, false);
  const formShown = useRef(false);
  if (isPending && !formShown.current) return <Loading />;
  if (authenticated && !isPending) return <Navigate to={`${basename}/dashboard`} replace />;
  formShown.current = true;
  return <LoginForm />;
}

// Charts (recharts) load only when the statistics screen opens.
const StatisticsPage = lazyWithReload(() => import('./stats/StatisticsPage'));
// The profile (two-step sign-in, its QR code library) only when it opens.
const ProfilePage = lazyWithReload(() => import('./ProfilePage'));

/**
 * The statistics screen for accounts that may read some resource's aggregates (each config's `stats.access`, e.g.
 * finance: SPEC §1), or the 403 page for the others, whose menu does not offer it.
 */
function StatisticsRoute() {
  const { configs, isPending } = useStatsResources();
  if (isPending) return <Loading />;
  return configs.length ? <StatisticsPage /> : <ForbiddenPage />;
}

const SCREEN_ICONS: Record<string, typeof DashboardIcon> = { dashboard: DashboardIcon, statistics: InsightsIcon };

function AdminMenu() {
  const basename = useBasename();
  const statistics = useStatsResources().configs.length > 0;
  return (
    <GeneratedMenu
      before={adminScreens(statistics).map(({ path, label }) => {
        const Icon = SCREEN_ICONS[path];
        return <Menu.Item key={path} to={`${basename}/${path}`} primaryText={label} leftIcon={<Icon />} />;
      })}
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
  // A new cache per language, as react-admin makes one per mount of <Admin key={locale}>.
  const queryClient = useMemo(() => createQueryClient(), [locale]);
  const authProvider = useMemo(
    () =>
      createAuthProvider({
        locale,
        loginPath: (requested) => loginWithReturn(`/${locale}/admin`, requested),
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
        basename={`/${locale}/admin`}
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        mode={mode}
        store={store}
        queryClient={queryClient}
        loginPage={LoginForm}
        layout={AdminLayout}
      >
        <CustomRoutes noLayout>
          <Route path="/" element={<AdminEntry />} />
        </CustomRoutes>
        <CustomRoutes>
          <Route path="/dashboard" element={<Dashboard />} />
          <Route path="/statistics" element={<StatisticsRoute />} />
          <Route path="/profile" element={<ProfilePage />} />
        </CustomRoutes>
        {resourceElements}
      </AreaAdmin>
    </RegistryProvider>
  );
}
