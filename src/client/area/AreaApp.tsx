import { useMemo } from 'react';
import { Route } from 'react-router';
import { CustomRoutes, Loading, localStorageStore, type LayoutProps } from 'react-admin';
import areas from '../../../resources/areas';
import resources from '../../../resources/index';
import type { Locale } from '../../core/locales';
import type { Portal } from '../../core/portal';
import { AREA_KIND, type Area } from '../../core/routes';
import { AreaAdmin } from '../generated/app/AreaAdmin';
import { AreaLayout } from '../generated/app/AppLayout';
import { loginWithReturn } from '../shell/safe-redirect';
import { createAuthProvider } from '../generated/auth-provider';
import { RegistryProvider } from '../generated/context';
import { createDataProvider } from '../generated/data-provider';
import { createQueryClient } from '../generated/query-client';
import { withResourceAliases } from '../generated/i18n-aliases';
import { withServerMessages } from '../generated/i18n-server-messages';
import { buildRegistry, type AreaRegistry } from '../generated/registry';
import { useI18nProvider } from '../i18n/context';
import { useThemeMode } from '../theme/mode';
import { AreaMenu } from './AreaMenu';
import { areaResources } from './area-resources';
import { PortalScreen } from './PortalScreen';

/** Content never widens the page (a phone gets no sideways scroll); wide tables scroll inside their own box. */
const CONTENT_SX = { '& .RaLayout-content': { minWidth: 0, contain: 'inline-size' } } as const;

interface AreaParts {
  portal: Portal;
  registry: AreaRegistry;
  store: ReturnType<typeof localStorageStore>;
  Layout: (props: LayoutProps) => React.JSX.Element;
  Dashboard: () => React.JSX.Element | null;
  fixed: Portal['screens'];
  resourceElements: React.JSX.Element[];
}

const built = new Map<Area, AreaParts>();

/**
 * An area's parts, built once per area: the shell re-renders the app on every navigation, and new view components
 * would remount the screens (a tabbed form would lose what was typed when its tab changes the URL).
 */
function partsOf(area: Area): AreaParts {
  let parts = built.get(area);
  if (parts) return parts;
  const portal = areas[area] ?? { screens: [], menu: [] };
  const registry = buildRegistry(resources, area);
  const home = portal.screens.find((screen) => screen.path === '');
  const Menu = () => <AreaMenu portal={portal} />;
  parts = {
    portal,
    registry,
    store: localStorageStore(undefined, `lantern-${area}`),
    Layout: (props: LayoutProps) => <AreaLayout {...props} kind={AREA_KIND[area]} menu={Menu} sx={CONTENT_SX} />,
    Dashboard: () => (home ? <PortalScreen screen={home} /> : null),
    fixed: portal.screens.filter((screen) => screen.path !== ''),
    resourceElements: areaResources(registry, portal),
  };
  built.set(area, parts);
  return parts;
}

/**
 * An owner's area (the partner portal, the customer's area), mounted by the shell at `/{locale}/{area}/*`: its
 * fixed screens from `resources/areas.ts`, the resources' generated screens for the paths they declare for the
 * area, every read scoped by the server.
 */
export default function AreaApp({ locale, area }: { locale: Locale; area: Area }) {
  const { registry, store, Layout, Dashboard, fixed, resourceElements } = partsOf(area);
  const messages = useI18nProvider();
  const { mode } = useThemeMode();
  const dataProvider = useMemo(
    () => createDataProvider({ getLocale: () => locale, toApi: registry.toApi }),
    [locale, registry],
  );
  // A new cache per language, as react-admin makes one per mount of <Admin key={locale}>.
  const queryClient = useMemo(() => createQueryClient(), [locale]);
  const authProvider = useMemo(
    () =>
      createAuthProvider({
        locale,
        // The shared sign-in screen brings the visitor back here afterwards. An absolute URL makes react-admin
        // load it as a page: a client-side move would leave the area mounted (and checking) while it loads.
        loginPath: (requested) => `${window.location.origin}${loginWithReturn(`/${locale}/login`, requested)}`,
        toApi: registry.toApi,
      }),
    [locale, registry],
  );
  const i18nProvider = useMemo(
    () => messages && withServerMessages(withResourceAliases(messages, registry)),
    [messages, registry],
  );
  if (!i18nProvider) return <Loading />;
  return (
    <RegistryProvider registry={registry}>
      <AreaAdmin
        key={locale}
        basename={`/${locale}/${area}`}
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        mode={mode}
        store={store}
        queryClient={queryClient}
        layout={Layout}
        dashboard={Dashboard}
        requireAuth
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
