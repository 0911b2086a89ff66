import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ResourceContextProvider, Title, useTranslate } from 'react-admin';
import { EntryProvider, useRegistry } from '../generated/context';
import { GeneratedCreate } from '../generated/GeneratedForm';
import { GeneratedList } from '../generated/GeneratedList';
import { labels } from '../generated/labels';
import { allows, usePermissionMap } from '../generated/permissions';
import { AccountSummary } from './AccountSummary';

/**
 * A fixed screen made of panels: the account summary, then the list of every resource whose config puts it
 * on this screen (`panelOf`), with a request form where the account may create rows.
 */
export function PanelScreen({ screen }: { screen: string }) {
  const registry = useRegistry();
  const translate = useTranslate();
  const { permissions } = usePermissionMap();
  const panels = registry.resources.filter(
    (config) => config.panelOf?.[registry.area] === screen && allows(permissions, config.name, 'list'),
  );
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate(`app.${screen}.title`, { _: screen })} />
      <AccountSummary />
      {panels.map((config) => (
        <EntryProvider key={config.name} entry={{ route: config.name, config }}>
          <ResourceContextProvider value={config.name}>
            <Box component="section" sx={{ mt: 3 }} data-panel={config.name}>
              <Typography variant="h6" component="h2">
                {translate(labels.name(config), { smart_count: 2, _: config.name })}
              </Typography>
              {allows(permissions, config.name, 'create') && config.create !== false ? (
                <GeneratedCreate embedded />
              ) : null}
              <GeneratedList embedded />
            </Box>
          </ResourceContextProvider>
        </EntryProvider>
      ))}
    </Box>
  );
}
