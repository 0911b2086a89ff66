import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import type { PortalScreen as PortalScreenConfig, Widget } from '../../core/portal';
import { SCREEN_QUERIES } from '../generated/query-client';
import { importWithReload } from '../shell/chunk-reload';
import { useOwnHeading } from '../generated/app/screen-heading';

type WidgetProps<K extends Widget['kind']> = { widget: Extract<Widget, { kind: K }> };
type WidgetLoaders = { [K in Widget['kind']]: () => Promise<ComponentType<WidgetProps<K>>> };

/**
 * Each kind of widget is its own chunk: a screen loads the code of the widgets it shows (the dashboard no form or
 * chart code, the revenue screen no account form). The files are named `{Kind}Widget.tsx`: the portal home's shell
 * preloads its widgets by that name (vite.config.ts).
 */
const loaders: WidgetLoaders = {
  account: () => import('./widgets/AccountWidget').then((m) => m.AccountWidget),
  ownRecord: () => import('./widgets/OwnRecordWidget').then((m) => m.OwnRecordWidget),
  list: () => import('./widgets/ListWidget').then((m) => m.ListWidget),
  amounts: () => import('./widgets/AmountsWidget').then((m) => m.AmountsWidget),
  chart: () => import('./widgets/ChartWidget').then((m) => m.ChartWidget),
  table: () => import('./widgets/TableWidget').then((m) => m.TableWidget),
  panel: () => import('./widgets/PanelWidget').then((m) => m.PanelWidget),
  twoFactor: () => import('./widgets/TwoFactorWidget').then((m) => m.TwoFactorWidget),
  scan: () => import('./widgets/ScanWidget').then((m) => m.ScanWidget),
};
const loading = new Map<Widget['kind'], Promise<unknown>>();
const loaded = new Map<Widget['kind'], ComponentType<{ widget: Widget }>>();
/** A kind's chunk, loaded once for every screen. */
const loadWidget = (kind: Widget['kind']): Promise<unknown> => {
  let load = loading.get(kind);
  if (!load) {
    load = importWithReload(loaders[kind] as () => Promise<unknown>).then(
      (component) => {
        loaded.set(kind, component as ComponentType<{ widget: Widget }>);
      },
      (error: unknown) => {
        // Not kept: the next screen that shows this kind tries again.
        loading.delete(kind);
        throw error;
      },
    );
    loading.set(kind, load);
  }
  return load;
};

/** How far below the screen a widget starts loading, so it is usually drawn before it scrolls into view. */
const NEAR_MARGIN_PX = 300;
/** The room a widget not yet loaded takes: about a short card, so those after it start out of sight too. */
const PLACEHOLDER_HEIGHT = 200;

/**
 * The screen's grid: told when a widget's code is on its way (the grid stays hidden until it has come), and
 * whether the first screen has settled (the widgets further down wait for that).
 */
const GridState = createContext<{ register: (load: Promise<unknown>) => void; settled: boolean }>({
  register: () => undefined,
  settled: true,
});

const onFirstScreen = (element: Element) => element.getBoundingClientRect().top < window.innerHeight;

/**
 * A widget below the fold loads (code and data) when it comes near the screen: a phone's first screen waits for
 * the two or three cards it shows, not for the lists further down. The code is awaited here rather than by a
 * lazy component, so the widgets of one screen load their chunks together and draw as each arrives (a suspended
 * sibling would hold the others' render back).
 */
function WhenNear({ widget }: { widget: Widget }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const { register, settled } = useContext(GridState);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [, setArrived] = useState(0);
  const Component = near ? loaded.get(widget.kind) : undefined;
  useEffect(() => {
    if (!near || Component) return;
    const load = loadWidget(widget.kind);
    register(load);
    void load.then(() => setArrived((count) => count + 1)).catch(() => undefined);
  }, [near, Component, register, widget.kind]);
  // Those on the first screen are known before the first paint, so the grid knows at once what it waits for.
  useLayoutEffect(() => {
    if (!near && placeholder.current && onFirstScreen(placeholder.current)) setNear(true);
  }, [near]);
  // The others once the first screen is drawn: they would compete with it for a slow connection.
  useEffect(() => {
    const element = placeholder.current;
    if (near || !settled || !element) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && setNear(true),
      { rootMargin: `0px 0px ${NEAR_MARGIN_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, settled]);
  if (!Component)
    return <div ref={placeholder} style={{ minHeight: PLACEHOLDER_HEIGHT }} data-widget-pending={widget.name} />;
  // Its own boundary: code a widget loads inside (the account form) holds back that widget only.
  return (
    <Suspense fallback={<Suspended />}>
      <Component widget={widget} />
    </Suspense>
  );
}

/** A widget waiting for code of its own: the grid stays hidden meanwhile, as for the widget's own chunk. */
function Suspended() {
  const { register } = useContext(GridState);
  useLayoutEffect(() => {
    let done = () => {};
    register(new Promise<void>((resolve) => (done = resolve)));
    return () => done();
  }, [register]);
  return <div style={{ minHeight: PLACEHOLDER_HEIGHT }} />;
}

/** How long a screen's widgets may stay hidden waiting for their first data. */
const SETTLE_LIMIT_MS = 3000;

/**
 * The widgets, kept out of sight until their code and first data have come (at most SETTLE_LIMIT_MS): each fills
 * in when its own answer arrives, and one growing above another would push it down while the visitor reads it.
 */
function SettledGrid({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const [settled, setSettled] = useState(false);
  const [loads, setLoads] = useState(0);
  const register = useCallback((load: Promise<unknown>) => {
    setLoads((count) => count + 1);
    void load.catch(() => undefined).finally(() => setLoads((count) => count - 1));
  }, []);
  const state = useMemo(() => ({ register, settled }), [register, settled]);
  useEffect(() => {
    const id = setTimeout(() => setSettled(true), SETTLE_LIMIT_MS);
    return () => clearTimeout(id);
  }, []);
  useEffect(() => {
    if (settled) return;
    // Read again on every change of the queries: an answer found in the page (primed) starts and ends its fetch
    // between two renders, where a count of fetching queries never moves and would leave the grid hidden.
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      if (loads > 0 || client.isFetching(SCREEN_QUERIES) > 0) {
        clearTimeout(quiet);
        quiet = undefined;
        return;
      }
      // Quiet for a moment: a query that follows another's answer (the account, then its record) starts meanwhile.
      quiet ??= setTimeout(() => setSettled(true), 100);
    };
    check();
    const unsubscribe = client.getQueryCache().subscribe(check);
    return () => {
      unsubscribe();
      clearTimeout(quiet);
    };
  }, [client, loads, settled]);
  return (
    <GridState.Provider value={state}>
      <div style={settled ? undefined : { visibility: 'hidden' }}>{children}</div>
    </GridState.Provider>
  );
}

const COLUMNS = { third: 4, half: 6, full: 12 } as const;

/** A fixed screen of the portal: its widgets on a grid, one per row on a phone. */
export function PortalScreen({ screen }: { screen: PortalScreenConfig }) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const title = translate(`app.portal.screens.${screen.name}`, { _: screen.name });
  useOwnHeading();
  return (
    <>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mt: 2, mb: 2 }} data-screen={screen.name}>
        {screen.path === ''
          ? translate('app.dashboard.welcome', { name: identity?.fullName ?? '', _: 'Welcome' })
          : title}
      </Typography>
      {/* The widgets appear together, none pushed down by one above it. */}
      <SettledGrid>
        <Grid container spacing={2} sx={{ mb: 2 }}>
          {screen.widgets.map((widget) => (
            <Grid key={widget.name} size={{ xs: 12, md: COLUMNS[widget.width ?? 'full'] }} sx={{ minWidth: 0 }}>
              <WhenNear widget={widget} />
            </Grid>
          ))}
        </Grid>
      </SettledGrid>
    </>
  );
}
