import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import type { PortalScreen as PortalScreenConfig, Widget } from '../../core/portal';
import { AccountWidget } from './widgets/AccountWidget';
import { AmountsWidget } from './widgets/AmountsWidget';
import { ChartWidget } from './widgets/ChartWidget';
import { ListWidget } from './widgets/ListWidget';
import { OwnRecordWidget } from './widgets/OwnRecordWidget';
import { PanelWidget } from './widgets/PanelWidget';
import { TableWidget } from './widgets/TableWidget';

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
      <Grid container spacing={2} sx={{ mb: 2 }}>
        {screen.widgets.map((widget) => (
          <Grid key={widget.name} size={{ xs: 12, md: COLUMNS[widget.width ?? 'full'] }} sx={{ minWidth: 0 }}>
            <WidgetView widget={widget} />
          </Grid>
        ))}
      </Grid>
    </>
  );
}
