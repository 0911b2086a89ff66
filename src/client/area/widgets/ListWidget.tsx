import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Chip from '@mui/material/Chip';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, RecordContextProvider, useBasename, useGetList, useRecordContext, useTranslate } from 'react-admin';
import { resolveFilter, type ListWidget as ListWidgetConfig } from '../../../core/portal';
import type { AnyResource } from '../../../core/resource';
import { useRegistry } from '../../generated/context';
import { FieldValue } from '../../generated/fields/FieldValue';
import { fieldOf } from '../../../core/value-text';
import { humanize, labels } from '../../../core/labels';
import { allows, usePermissionMap } from '../../generated/permissions';
import { WidgetCard } from './WidgetCard';

function Detail({ config, name }: { config: AnyResource; name: string }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const kind = fieldOf(config, name).kind;
  const value = record?.[name];
  if (value === null || value === undefined || value === '') return null;
  if (kind === 'status') return <FieldValue config={config} name={name} variant="list" />;
  return (
    <Typography variant="body2" component="span" color="text.secondary">
      {translate(labels.field(config, name), { _: humanize(name) })}:{' '}
      <FieldValue config={config} name={name} variant="list" />
    </Typography>
  );
}

/** The first rows of a scoped, pre-filtered list, its total, and a link to the full list with the same filter. */
export function ListWidget({ widget }: { widget: ListWidgetConfig }) {
  const registry = useRegistry();
  const basename = useBasename();
  const navigate = useNavigate();
  const translate = useTranslate();
  const { permissions } = usePermissionMap();
  const config = registry.config(widget.resource);
  const route = registry.routeOf(widget.resource) ?? widget.resource;
  const filter = useMemo(() => resolveFilter(widget.filter, new Date()), [widget.filter]);
  const sort = widget.sort ?? config?.list.sort ?? ['id', 'DESC'];
  const allowed = Boolean(config) && allows(permissions, widget.resource, 'list');
  const { data, total, isPending } = useGetList(
    route,
    { filter, sort: { field: sort[0], order: sort[1] }, pagination: { page: 1, perPage: widget.limit ?? 5 } },
    { enabled: allowed },
  );
  if (!config || !allowed) return null;
  const [titleField, ...details] = widget.fields;
  const search = `?filter=${encodeURIComponent(JSON.stringify(filter))}`;
  const followUp = widget.followUp ? config.followUps?.[widget.followUp] : undefined;
  const followRoute = followUp && registry.routeOf(followUp.resource);
  const rowPath = (id: unknown) =>
    followUp && followRoute
      ? `${basename}/${followRoute}/create?source=${encodeURIComponent(JSON.stringify({ [followUp.field]: id }))}`
      : `${basename}/${route}/${id}/show`;
  return (
    <WidgetCard
      name={widget.name}
      aside={<Chip size="small" label={isPending ? '…' : (total ?? 0)} data-testid={`count-${widget.name}`} />}
    >
      {data && data.length ? (
        <List dense disablePadding>
          {data.map((record) => (
            <RecordContextProvider key={record.id} value={record}>
              {/*
                A plain list item, not a button: reference values inside are links of their own, and an interactive
                element may not hold others. The title links to the record for keyboards (a reference there shows
                as text, so the link holds no other); a click anywhere opens it too.
              */}
              <ListItem
                onClick={() => navigate(rowPath(record.id))}
                data-record={record.id}
                sx={{ px: 1, cursor: 'pointer', '&:hover': { bgcolor: 'action.hover' } }}
              >
                <ListItemText
                  primary={
                    <Link
                      to={rowPath(record.id)}
                      onClick={(event) => event.stopPropagation()}
                      style={{ color: 'inherit' }}
                    >
                      <FieldValue
                        config={config}
                        name={titleField}
                        variant={fieldOf(config, titleField).kind === 'ref' ? 'summary' : 'list'}
                      />
                    </Link>
                  }
                  secondary={
                    <Stack component="span" direction="row" spacing={1.5} useFlexGap flexWrap="wrap">
                      {details.map((name) => (
                        <Detail key={name} config={config} name={name} />
                      ))}
                    </Stack>
                  }
                  slotProps={{ secondary: { component: 'div' } }}
                />
              </ListItem>
            </RecordContextProvider>
          ))}
        </List>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {isPending ? '…' : translate('app.portal.empty', { _: 'Nothing here' })}
        </Typography>
      )}
      {total ? (
        <Button
          component={Link}
          to={`${basename}/${route}${search}`}
          label={translate('app.dashboard.viewAll', { _: 'View all' })}
          sx={{ mt: 1 }}
        />
      ) : null}
    </WidgetCard>
  );
}
