import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  BulkDeleteButton,
  ColumnsButton,
  CreateButton,
  DataTable,
  FilterButton,
  List,
  Pagination,
  TopToolbar,
  useBasename,
  useGetIdentity,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { openingSort } from '../../core/list-order';
import { DEFAULT_PAGE_SIZES } from '../../core/list-opening';
import { statusField, type AnyResource, type Verb } from '../../core/resource';
import { grants } from '../../core/roles';
import { useEntry } from './context';
import { listMeta } from './data-provider';
import { FieldValue, useActiveLocale } from './fields/FieldValue';
import { buildFilters } from './filters';
import { labels } from '../../core/labels';
import { ChunkedBody } from './list/ChunkedBody';
import { fixedTableSx } from './list/column-widths';
import { PlaceholderRows } from './list/PlaceholderRows';
import { useScrollableByKeyboard } from './list/keyboard-scroll';
import { PhoneList } from './list/PhoneList';
import { ExportCsvButton } from './list/ExportCsvButton';
import { FileEndpointButton, useFileEndpoints } from './list/FileEndpointButton';
import { FormEndpointButton, useFormEndpoints } from './list/FormEndpointButton';
import { InlineToggle } from './list/InlineToggle';
import { ListEmpty } from './list/ListEmpty';
import { UpcomingToggle } from './list/UpcomingToggle';
import { FocusNewFilter } from './list/FocusNewFilter';
import { MineToggle } from './list/MineToggle';
import { MoveButtons } from './list/MoveButtons';
import { ReorderBody } from './list/ReorderBody';
import { RowActions } from './list/RowActions';
import { listParamsKey } from './queue-next';
import { SavedQueriesButton } from './list/SavedQueriesButton';
import { StatusTabs } from './list/StatusTabs';
import { TotalsBar } from './list/TotalsBar';
import { allows, usePermissionMap } from './permissions';
import { usePrincipal } from './principal';
import { recordTitle } from '../../core/record-title';
import { ownerOmits, phoneItem } from '../../core/list-columns';
import { alignsRight, deskTable, isSortable, OWN_COLUMNS } from '../../core/desk-table';
import { RecordLink } from './list/RecordLink';
import { WIDGETS } from './widgets';
import { BulkTransitionButton } from './workflow/BulkTransitionButton';

function ListActions({
  config,
  canCreate,
  filters,
  columnsKey,
  small,
  savedQueries,
}: {
  config: AnyResource;
  canCreate: boolean;
  filters: boolean;
  columnsKey: string;
  /** A phone shows a simple list, which has no columns to choose. */
  small: boolean;
  /** A panel inside another screen keeps no queries of its own. */
  savedQueries: boolean;
}) {
  const fileEndpoints = useFileEndpoints(config);
  const formEndpoints = useFormEndpoints(config);
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
      {config.list.mine ? <MineToggle field={config.list.mine} /> : null}
      {config.list.upcoming ? <UpcomingToggle field={config.list.upcoming} /> : null}
      {filters ? <FilterButton /> : null}
      {filters ? <FocusNewFilter /> : null}
      {canCreate && config.create !== false ? <CreateButton /> : null}
      {formEndpoints.map(([name, endpoint]) => (
        <FormEndpointButton key={name} name={name} form={endpoint.form} />
      ))}
      {savedQueries ? <SavedQueriesButton /> : null}
      {small ? null : <ColumnsButton storeKey={columnsKey} />}
      <ExportCsvButton />
      {fileEndpoints.map(([name, endpoint]) => (
        <FileEndpointButton key={name} name={name} endpoint={endpoint} />
      ))}
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
  const { config, queue, route } = useEntry();
  const translate = useTranslate();
  const locale = useActiveLocale();
  const { permissions } = usePermissionMap();
  const { principal } = usePrincipal();
  const { identity } = useGetIdentity();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const status = statusField(config);
  const tabs = Boolean(config.list.statusTabs && status && !queue?.filter[status]);
  const may = (resource: string, verb: Verb) => allows(permissions, resource, verb);
  const omitted = ownerOmits(config, principal, (resource) => may(resource, 'list'));
  const table = deskTable(config, principal, may, { queued: Boolean(queue), embedded });
  const { columns, canDelete } = table;
  const filters = buildFilters(config, {
    omit: [...(tabs && status ? [status] : []), ...(config.list.filters ?? []).filter(omitted)],
  });
  const pageSizes = config.list.perPage ?? DEFAULT_PAGE_SIZES;
  const sort = queue?.sort ?? openingSort(config);
  const canCreate = allows(permissions, config.name, 'create') && !queue && !embedded && config.create !== false;
  const basename = useBasename();
  const keyField = config.lookupField;
  // Column choices are remembered per signed-in account (and per screen, as a queue has its own columns).
  const columnsKey = `${embedded ? `panel.${config.name}` : route}.u${identity?.id ?? 0}.datatable`;
  const title = queue
    ? translate(labels.queue(config, queue.name), { _: queue.name })
    : translate(labels.name(config), { smart_count: 2, _: config.name });
  const rowClick = embedded
    ? false
    : keyField
      ? (_id: unknown, resource: string, record: RaRecord) =>
          `${basename}/${resource}/${encodeURIComponent(String(record[keyField]))}`
      : ('show' as const);
  const widgets = embedded ? [] : (config.widgets ?? []).map((name) => WIDGETS[name]).filter(Boolean);
  const phone = phoneItem(config, columns, 'lines');
  const primary = phone.title;
  const { reorder, decides, toggles } = table;
  const scrollable = useScrollableByKeyboard(title);
  return (
    <>
      {widgets.map((Widget, index) => (
        <Widget key={index} />
      ))}
      <List
        filters={filters.length ? filters : undefined}
        filter={queue?.filter}
        filterDefaultValues={embedded ? undefined : config.list.defaultFilter}
        sort={{ field: sort[0], order: sort[1] }}
        queryOptions={{ meta: listMeta(config) }}
        perPage={pageSizes[0]}
        pagination={<Pagination rowsPerPageOptions={[...pageSizes].sort((a, b) => a - b)} />}
        exporter={false}
        actions={
          <ListActions
            config={config}
            canCreate={canCreate}
            filters={filters.length > 1}
            columnsKey={columnsKey}
            small={small}
            savedQueries={!embedded}
          />
        }
        empty={<ListEmpty name={title} done={Boolean(queue)} canCreate={canCreate} />}
        storeKey={embedded ? `panel.${config.name}` : listParamsKey(route, queue)}
        disableSyncWithLocation={embedded}
        resource={embedded ? config.name : undefined}
        title={embedded ? false : title}
        sx={{
          ...(embedded ? { '& .RaList-main': { mt: 0 } } : {}),
          // A wide table scrolls inside the list instead of widening the page: its width is not the list's.
          '& .RaList-content': { overflowX: 'auto', contain: 'inline-size' },
          '& .RaList-content:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
          // With nothing selected the bulk toolbar is folded away: its buttons must not take focus either.
          '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' },
        }}
      >
        {tabs ? <StatusTabs config={config} /> : null}
        <PlaceholderRows count={pageSizes[0]} ref={small ? undefined : scrollable}>
          {small ? (
            <PhoneList
              primaryText={(record) =>
                primary ? (
                  <FieldValue config={config} name={primary} variant="summary" />
                ) : (
                  recordTitle(config, record, locale)
                )
              }
              secondaryText={() => (
                <Box component="span" sx={{ display: 'flex', gap: 1, overflow: 'hidden' }}>
                  {phone.details.map((name) => (
                    <FieldValue key={name} config={config} name={name} variant="summary" />
                  ))}
                </Box>
              )}
              tertiaryText={status ? () => <FieldValue config={config} name={status} variant="summary" /> : undefined}
              linkType={rowClick === false ? false : keyField ? (record) => `/${route}/${record[keyField]}` : 'show'}
            />
          ) : (
            <DataTable
              rowClick={rowClick}
              storeKey={columnsKey}
              hiddenColumns={config.list.hidden as string[] | undefined}
              bulkActionButtons={table.bulk ? <BulkActions config={config} canDelete={canDelete} /> : false}
              body={reorder ? ReorderBody : ChunkedBody}
              sx={fixedTableSx(config, table.tableColumns, table.bulk)}
            >
              {reorder ? (
                <DataTable.Col
                  source="-move"
                  label={translate(OWN_COLUMNS['-move'].key, { _: OWN_COLUMNS['-move'].fallback })}
                  disableSort
                >
                  <MoveButtons />
                </DataTable.Col>
              ) : null}
              {columns.map((name) => (
                <DataTable.Col
                  key={name}
                  source={name}
                  label={labels.field(config, name)}
                  disableSort={!isSortable(config, name)}
                  align={alignsRight(config, name) ? 'right' : undefined}
                >
                  {toggles.includes(name) ? (
                    <InlineToggle config={config} name={name} />
                  ) : name === primary && rowClick !== false ? (
                    <RecordLink route={route} keyField={keyField}>
                      <FieldValue config={config} name={name} variant="list" />
                    </RecordLink>
                  ) : (
                    <FieldValue config={config} name={name} variant="list" />
                  )}
                </DataTable.Col>
              ))}
              {decides ? (
                <DataTable.Col
                  source="-actions"
                  label={translate(OWN_COLUMNS['-actions'].key, { _: OWN_COLUMNS['-actions'].fallback })}
                  disableSort
                >
                  <RowActions config={config} />
                </DataTable.Col>
              ) : null}
            </DataTable>
          )}
        </PlaceholderRows>
        {config.list.totals?.length ? <TotalsBar config={config} /> : null}
      </List>
    </>
  );
}
