import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  CreateButton,
  FilterButton,
  List,
  Pagination,
  SimpleList,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { openingSort } from '../../core/list-order';
import { CARD_PAGE_SIZES } from '../../core/list-opening';
import { UpcomingToggle } from '../generated/list/UpcomingToggle';
import { ownerOmits, phoneItem } from '../../core/list-columns';
import { statusField, type AnyResource } from '../../core/resource';
import { useEntry } from '../generated/context';
import { FieldValue } from '../generated/fields/FieldValue';
import { buildFilters } from '../generated/filters';
import { humanize, labels } from '../../core/labels';
import { ExportCsvButton } from '../generated/list/ExportCsvButton';
import { StatusTabs } from '../generated/list/StatusTabs';
import { FormEndpointButton, useFormEndpoints } from '../generated/list/FormEndpointButton';
import { allows, usePermissionMap } from '../generated/permissions';
import { usePrincipal } from '../generated/principal';

/** Fields an owner has no use for in lists and filters (core/list-columns.ts `ownerOmits`). */
function useOwnerOmitted(config: AnyResource): (name: string) => boolean {
  const { principal } = usePrincipal();
  const { permissions } = usePermissionMap();
  return ownerOmits(config, principal, (resource) => allows(permissions, resource, 'list'));
}

function Details({ config, names }: { config: AnyResource; names: readonly string[] }) {
  const translate = useTranslate();
  const record = useRecordContext();
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}>
      {names
        .filter((name) => record?.[name] !== null && record?.[name] !== undefined && record?.[name] !== '')
        .map((name) => (
          <Typography key={name} variant="body2" component="span" color="text.secondary">
            {translate(labels.field(config, name), { _: humanize(name) })}:{' '}
            <FieldValue config={config} name={name} variant="list" />
          </Typography>
        ))}
    </Box>
  );
}

/** A phone's list: one card per row (title, status, a few labelled details), the same filters, tabs and export. */
export function CardList() {
  const { config } = useEntry();
  const translate = useTranslate();
  const { permissions } = usePermissionMap();
  const omitted = useOwnerOmitted(config);
  const status = statusField(config);
  const tabs = Boolean(config.list.statusTabs && status);
  const filters = buildFilters(config, {
    omit: [...(tabs && status ? [status] : []), ...(config.list.filters ?? []).filter(omitted)],
  });
  const columns = config.list.columns.filter((name) => name !== status && !omitted(name));
  const phone = phoneItem(config, columns, 'cards');
  const canCreate = allows(permissions, config.name, 'create') && config.create !== false;
  const sort = openingSort(config);
  const formEndpoints = useFormEndpoints(config);
  return (
    <List
      filters={filters.length ? filters : undefined}
      sort={{ field: sort[0], order: sort[1] }}
      perPage={CARD_PAGE_SIZES[0]}
      pagination={<Pagination rowsPerPageOptions={[...CARD_PAGE_SIZES]} />}
      exporter={false}
      actions={
        <TopToolbar sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {config.list.upcoming ? <UpcomingToggle field={config.list.upcoming} /> : null}
          {filters.length > 1 ? <FilterButton /> : null}
          {canCreate ? <CreateButton /> : null}
          {formEndpoints.map(([name, endpoint]) => (
            <FormEndpointButton key={name} name={name} form={endpoint.form} />
          ))}
          <ExportCsvButton />
        </TopToolbar>
      }
      title={translate(labels.name(config), { smart_count: 2, _: config.name })}
      sx={{ '& .RaList-main': { minWidth: 0 }, contain: 'inline-size' }}
    >
      {tabs ? <StatusTabs config={config} /> : null}
      <SimpleList
        primaryText={() => (phone.title ? <FieldValue config={config} name={phone.title} variant="list" /> : null)}
        secondaryText={() => <Details config={config} names={phone.details} />}
        tertiaryText={status ? () => <FieldValue config={config} name={status} variant="list" /> : undefined}
        linkType="show"
        rowSx={() => ({ border: 1, borderColor: 'divider', borderRadius: 1, mb: 1, bgcolor: 'background.paper' })}
        sx={{
          px: 1,
          // The title and its status on one line, the details under both at the card's full width (react-admin
          // floats the status, which narrowed every detail line beside it, and fades it below a readable contrast).
          '& .MuiListItemText-primary > div': { display: 'flex', alignItems: 'center', gap: 1 },
          '& .RaSimpleList-tertiary': { flex: 'none', float: 'none', ml: 'auto', opacity: 1 },
        }}
        data-testid="card-list"
      />
    </List>
  );
}
