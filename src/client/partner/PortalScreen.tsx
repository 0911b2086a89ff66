import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import type { PortalScreen as PortalScreenConfig, Widget } from '../../core/portal';
import { lazyWithReload } from '../shell/chunk-reload';
import { Loading } from '../shell/Loading';

type WidgetProps<K extends Widget['kind']> = { widget: Extract<Widget, { kind: K }> };
const widgetModule = <K extends Widget['kind']>(load: () => Promise<ComponentType<WidgetProps<K>>>) =>
  lazyWithReload<WidgetProps<K>>(() => load().then((component) => ({ default: component })));

/**
 * Each kind of widget is its own chunk: a screen loads the code of the widgets it shows (the dashboard no form or
 * chart code, the revenue screen no account form).
 */
const AccountWidget = widgetModule<'account'>(() => import('./widgets/AccountWidget').then((m) => m.AccountWidget));
const OwnRecordWidget = widgetModule<'ownRecord'>(() =>
  import('./widgets/OwnRecordWidget').then((m) => m.OwnRecordWidget),
);
const ListWidget = widgetModule<'list'>(() => import('./widgets/ListWidget').then((m) => m.ListWidget));
const AmountsWidget = widgetModule<'amounts'>(() => import('./widgets/AmountsWidget').then((m) => m.AmountsWidget));
const ChartWidget = widgetModule<'chart'>(() => import('./widgets/ChartWidget').then((m) => m.ChartWidget));
const TableWidget = widgetModule<'table'>(() => import('./widgets/TableWidget').then((m) => m.TableWidget));
const PanelWidget = widgetModule<'panel'>(() => import('./widgets/PanelWidget').then((m) => m.PanelWidget));

function WidgetView({ widget }: { widget: Widget }) {
  switch (widget.kind) {
    case 'account':
      return <AccountWidget widget={widget} />;
    case 'ownRecord':
      return <OwnRecordWidget widget={widget} />;
    case 'list':
      return <ListWidget widget={widget} />;
    case 'amounts':
      return <AmountsWidget widget={widget} />;
    case 'chart':
      return <ChartWidget widget={widget} />;
    case 'table':
      return <TableWidget widget={widget} />;
    case 'panel':
      return <PanelWidget widget={widget} />;
  }
}

/** How long a screen's widgets may stay hidden waiting for their first data. */
const SETTLE_LIMIT_MS = 3000;

/**
 * The widgets, kept out of sight until their first data has come (at most SETTLE_LIMIT_MS): each fills in when its
 * own answer arrives, and one growing above another would push it down while the visitor reads it.
 */
function SettledGrid({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const fetching = useIsFetching();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setSettled(true), SETTLE_LIMIT_MS);
    return () => clearTimeout(id);
  }, []);
  useEffect(() => {
    if (settled || client.isFetching() > 0) return;
    // Quiet for a moment: a query that follows another's answer (the account, then its record) starts meanwhile.
    const id = setTimeout(() => setSettled(true), 100);
    return () => clearTimeout(id);
  }, [client, fetching, settled]);
  return <div style={settled ? undefined : { visibility: 'hidden' }}>{children}</div>;
}

const COLUMNS = { third: 4, half: 6, full: 12 } as const;

/** A fixed screen of the portal: its widgets on a grid, one per row on a phone. */
export function PortalScreen({ screen }: { screen: PortalScreenConfig }) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const title = translate(`app.portal.screens.${screen.name}`, { _: screen.name });
  return (
    <>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mt: 2, mb: 2 }} data-screen={screen.name}>
        {screen.path === ''
          ? translate('app.dashboard.welcome', { name: identity?.fullName ?? '', _: 'Welcome' })
          : title}
      </Typography>
      {/* One boundary for the whole grid: the widgets appear together, none pushed down by one above it. */}
      <Suspense fallback={<Loading />}>
        <SettledGrid>
          <Grid container spacing={2} sx={{ mb: 2 }}>
            {screen.widgets.map((widget) => (
              <Grid key={widget.name} size={{ xs: 12, md: COLUMNS[widget.width ?? 'full'] }} sx={{ minWidth: 0 }}>
                <WidgetView widget={widget} />
              </Grid>
            ))}
          </Grid>
        </SettledGrid>
      </Suspense>
    </>
  );
}
