import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import {
  Button,
  RecordContextProvider,
  ResourceContextProvider,
  useBasename,
  useGetList,
  useTranslate,
} from 'react-admin';
import type { OwnRecordWidget as OwnRecordWidgetConfig } from '../../../core/portal';
import { OWN_RECORD_QUERY } from '../../../core/portal-reads';
import { statusField } from '../../../core/resource';
import { useRegistry } from '../../generated/context';
import { allows, usePermissionMap } from '../../generated/permissions';
import { WorkflowButtons } from '../../generated/workflow/WorkflowButtons';
import { Decision } from './Decision';
import { RecordFields } from './RecordFields';
import { WidgetCard } from './WidgetCard';

/**
 * The account's one row of a resource (e.g. its proposed profile): status and reason, fields, the workflow
 * actions the server offers now, and a link to edit it, or to create it when there is none yet.
 */
export function OwnRecordWidget({ widget }: { widget: OwnRecordWidgetConfig }) {
  const registry = useRegistry();
  const basename = useBasename();
  const translate = useTranslate();
  const { permissions } = usePermissionMap();
  const config = registry.config(widget.resource);
  const route = registry.routeOf(widget.resource) ?? widget.resource;
  const allowed = Boolean(config) && allows(permissions, widget.resource, 'list');
  // The request the server primes the portal's home with (core/portal-reads.ts): range [0, 0] is page 1 of 1.
  const [field, order] = OWN_RECORD_QUERY.sort;
  const { data, isPending, refetch } = useGetList(
    route,
    { pagination: { page: 1, perPage: 1 }, sort: { field, order }, filter: OWN_RECORD_QUERY.filter },
    { enabled: allowed },
  );
  if (!config || !allowed) return null;
  const record = data?.[0];
  const status = statusField(config);
  const editableIn = config.workflow?.editableIn;
  const canEdit =
    record &&
    allows(permissions, widget.resource, 'update') &&
    !(editableIn && status && !editableIn.includes(String(record[status])));
  return (
    <WidgetCard name={widget.name}>
      {record ? (
        <ResourceContextProvider value={route}>
          <RecordContextProvider value={record}>
            <Decision config={config} record={record} />
            <RecordFields config={config} record={record} fields={widget.fields} />
            <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mt: 1 }}>
              <WorkflowButtons config={config} onDone={() => void refetch()} />
              {canEdit ? (
                <Button
                  component={Link}
                  to={`${basename}/${route}/${record.id}`}
                  label="ra.action.edit"
                  variant="outlined"
                />
              ) : null}
            </Stack>
          </RecordContextProvider>
        </ResourceContextProvider>
      ) : (
        <Stack spacing={1} alignItems="flex-start">
          <Typography variant="body2" color="text.secondary">
            {isPending ? '…' : translate('app.portal.none', { _: 'Not created yet' })}
          </Typography>
          {!isPending && allows(permissions, widget.resource, 'create') ? (
            <Button component={Link} to={`${basename}/${route}/create`} label="ra.action.create" variant="contained" />
          ) : null}
        </Stack>
      )}
    </WidgetCard>
  );
}
