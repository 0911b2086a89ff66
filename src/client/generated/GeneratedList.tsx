import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import {
  BulkDeleteButton,
  ColumnsButton,
  CreateButton,
  DataTable,
  ExportButton,
  FilterButton,
  List,
  Pagination,
  TopToolbar,
  useBasename,
  useGetList,
  useListContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { SYSTEM_FIELDS, statusField, type AnyResource } from '../../core/resource';
import { grants } from '../../core/roles';
import { useEntry } from './context';
import { configExporter } from './exporter';
import { FieldValue, fieldOf, useActiveLocale } from './fields/FieldValue';
import { StatusChip } from './fields/StatusChip';
import { buildFilters } from './filters';
import { labels } from './labels';
import { allows, usePermissionMap } from './permissions';
import { usePrincipal } from './principal';
import { BulkTransitionButton } from './workflow/BulkTransitionButton';

const DEFAULT_PAGE_SIZES = [25, 10, 50, 100];

/** Sortable columns: the system columns, fields marked sortable, and the default sort field. */
export function isSortable(config: AnyResource, name: string): boolean {
  if ((SYSTEM_FIELDS as readonly string[]).includes(name)) return name !== 'version';
  return Boolean(config.fields[name]?.sortable) || config.list.sort[0] === name;
}

function StatusTab({ config, state, label }: { config: AnyResource; state: string; label: React.ReactNode }) {
  const resource = useResourceContext();
  const { filterValues } = useListContext();
  const field = statusField(config)!;
  const { [field]: _ignored, ...others } = filterValues ?? {};
  const { total } = useGetList(resource!, {
    filter: state ? { ...others, [field]: state } : others,
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'id', order: 'ASC' },
  });
  return (
    <>
      {label}
      {total !== undefined ? ` (${total})` : ''}
    </>
  );
}

/** One tab per workflow state, each with its count under the other filters (`list.statusTabs`). */
function StatusTabs({ config }: { config: AnyResource }) {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const field = statusField(config)!;
  const current = typeof filterValues?.[field] === 'string' ? (filterValues[field] as string) : '';
  const states = config.workflow?.states ?? [];
  return (
    <Tabs
      value={current}
      variant="scrollable"
      onChange={(_, value: string) => {
        const { [field]: _old, ...rest } = filterValues ?? {};
        setFilters(value ? { ...rest, [field]: value } : rest, displayedFilters);
      }}
      sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
      data-testid="status-tabs"
    >
      <Tab value="" label={<StatusTab config={config} state="" label={translate('app.list.all', { _: 'All' })} />} />
      {states.map((state) => (
        <Tab
          key={state}
          value={state}
          data-state={state}
          label={
            <StatusTab
              config={config}
              state={state}
              label={<StatusChip config={config} field={field} value={state} />}
            />
          }
        />
      ))}
    </Tabs>
  );
}

function ListActions({ config, canCreate, filters }: { config: AnyResource; canCreate: boolean; filters: boolean }) {
  return (
    <TopToolbar>
      {filters ? <FilterButton /> : null}
      {canCreate && config.create !== false ? <CreateButton /> : null}
      <ColumnsButton />
      <ExportButton maxResults={10000} />
    </TopToolbar>
  );
}

function BulkActions({ config, canDelete }: { config: AnyResource; canDelete: boolean }) {
  const { principal } = usePrincipal();
  const transitions = Object.entries(config.workflow?.transitions ?? {}).filter(
    ([, transition]) => transition.bulk && grants(transition.by, principal),
  );
  return (
    <>
      {transitions.map(([action]) => (
        <BulkTransitionButton key={action} config={config} action={action} />
      ))}
      {canDelete ? <BulkDeleteButton mutationMode="pessimistic" /> : null}
    </>
  );
}

/** The list screen of a resource (or of one of its queues), entirely from its `list` config. */
export function GeneratedList({ embedded = false }: { embedded?: boolean } = {}) {
  const { config, queue } = useEntry();
  const translate = useTranslate();
  const locale = useActiveLocale();
  const { permissions } = usePermissionMap();
  const { principal } = usePrincipal();
  const status = statusField(config);
  const tabs = Boolean(config.list.statusTabs && status && !queue?.filter[status]);
  const filters = buildFilters(config, { omit: tabs && status ? [status] : [] });
  const pageSizes = config.list.perPage ?? DEFAULT_PAGE_SIZES;
  const sort = queue?.sort ?? config.list.sort;
  const canDelete = allows(permissions, config.name, 'delete') && !config.appendOnly && principal.kind !== 'public';
  const hasBulk =
    canDelete || Object.values(config.workflow?.transitions ?? {}).some((t) => t.bulk && grants(t.by, principal));
  const basename = useBasename();
  const keyField = config.lookupField;
  const title = queue
    ? translate(labels.queue(config, queue.name), { _: queue.name })
    : translate(labels.name(config), { smart_count: 2, _: config.name });
  return (
    <List
      filters={filters.length ? filters : undefined}
      filter={queue?.filter}
      sort={{ field: sort[0], order: sort[1] }}
      perPage={pageSizes[0]}
      pagination={<Pagination rowsPerPageOptions={[...pageSizes].sort((a, b) => a - b)} />}
      exporter={configExporter(config, locale)}
      actions={
        <ListActions
          config={config}
          canCreate={allows(permissions, config.name, 'create') && !queue && !embedded}
          filters={filters.length > 1}
        />
      }
      storeKey={queue ? `queue.${queue.path}` : embedded ? `panel.${config.name}` : undefined}
      disableSyncWithLocation={embedded}
      resource={embedded ? config.name : undefined}
      title={embedded ? false : title}
      sx={embedded ? { '& .RaList-main': { mt: 0 } } : undefined}
    >
      {tabs ? <StatusTabs config={config} /> : null}
      <DataTable
        rowClick={
          embedded
            ? false
            : keyField
              ? (_id, resource, record) => `${basename}/${resource}/${encodeURIComponent(String(record[keyField]))}`
              : 'show'
        }
        bulkActionButtons={hasBulk ? <BulkActions config={config} canDelete={canDelete} /> : false}
      >
        {config.list.columns.map((name) => {
          const kind = fieldOf(config, name).kind;
          return (
            <DataTable.Col
              key={name}
              source={name}
              label={labels.field(config, name)}
              disableSort={!isSortable(config, name)}
              align={kind === 'money' || kind === 'integer' || kind === 'percent' ? 'right' : undefined}
            >
              <FieldValue config={config} name={name} variant="list" />
            </DataTable.Col>
          );
        })}
      </DataTable>
    </List>
  );
}
