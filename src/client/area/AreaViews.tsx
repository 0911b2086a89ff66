import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import ViewList from '@mui/icons-material/ViewList';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useParams } from 'react-router';
import { useGetOne, useStore, useTranslate } from 'react-admin';
import { statusField } from '../../core/resource';
import { grants } from '../../core/roles';
import areas from '../../../resources/areas';
import { useEntry, useRegistry } from '../generated/context';
import { GeneratedEdit } from '../generated/GeneratedForm';
import { GeneratedList } from '../generated/GeneratedList';
import { GeneratedShow } from '../generated/GeneratedShow';
import { humanize, labels } from '../../core/labels';
import { usePrincipal } from '../generated/principal';
import { CalendarView } from './CalendarView';
import { CardList } from './CardList';
import { decisionOf } from './account';
import { Decision } from './widgets/Decision';
import { RecordTables, useLeadTablesSettled } from '../generated/show/RecordTable';
import { RecordPageView } from '../generated/show/RecordPageView';

/** A list, and for resources with `list.calendar` a switch to the month calendar (remembered). */
export function AreaList() {
  const { config, route } = useEntry();
  const translate = useTranslate();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [view, setView] = useStore<'list' | 'calendar'>(`${route}.view`, 'list');
  const list = small ? <CardList /> : <GeneratedList />;
  if (!config.list.calendar) return list;
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          // Each a tap target of the phone's size (40 px).
          sx={{ '& .MuiToggleButton-root': { minHeight: 40 } }}
          value={view}
          onChange={(_, value: 'list' | 'calendar' | null) => value && setView(value)}
        >
          <ToggleButton value="list" data-view="list" aria-label={translate('app.portal.calendar.list', { _: 'List' })}>
            <ViewList fontSize="small" sx={{ mr: 0.5 }} />
            {translate('app.portal.calendar.list', { _: 'List' })}
          </ToggleButton>
          <ToggleButton
            value="calendar"
            data-view="calendar"
            aria-label={translate('app.portal.calendar.title', { _: 'Calendar' })}
          >
            <CalendarMonth fontSize="small" sx={{ mr: 0.5 }} />
            {translate('app.portal.calendar.title', { _: 'Calendar' })}
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {view === 'calendar' ? <CalendarView /> : list}
    </>
  );
}

function useRouteRecord() {
  const { route } = useEntry();
  const { id } = useParams();
  return useGetOne(route, { id: id ?? '' }, { enabled: Boolean(id) });
}

/** The show page with the record's review state and, after a refusal, its reason on top. */
export function AreaShow() {
  const { config } = useEntry();
  const registry = useRegistry();
  const record = useRouteRecord().data;
  // An area whose records are read as pages shows one page, no tabs, and no form to go to.
  const asPage = areas[registry.area]?.recordPage === 'show';
  // The config may lay the record out for this area's reader (a traveller's ticket).
  const page = config.pages?.[registry.area]?.show;
  // The state (and a refusal's reason) is drawn above the page, not again inside it.
  const above = record && config.workflow ? decisionOf(config, record).drawn : undefined;
  // A table the config draws first (the guide's manifest) comes before the record's own fields.
  const lead = config.recordTables?.some((table) => table.first) ? (
    <RecordTables config={config} record={record} place="first" />
  ) : undefined;
  const settled = useLeadTablesSettled(config, record);
  return (
    <>
      {record && config.workflow ? (
        <Box sx={{ mt: 2 }}>
          <Decision config={config} record={record} />
        </Box>
      ) : null}
      {/* Drawn with the state above it, once the record has come: drawn before, empty, it would be pushed down. */}
      <Box hidden={!record}>
        {page ? (
          <>
            {lead}
            {settled ? <RecordPageView config={config} page={page} /> : null}
          </>
        ) : asPage ? (
          <GeneratedShow layout="sections" readOnly shownAbove={above} lead={lead} leadPending={!settled} />
        ) : (
          <GeneratedShow shownAbove={above} lead={lead} leadPending={!settled} />
        )}
      </Box>
      {settled ? <RecordTables config={config} record={record} place="after" /> : null}
    </>
  );
}

/** The edit page, warning first when saving moves the record to another state (e.g. back to review). */
export function AreaEdit() {
  const { config } = useEntry();
  const translate = useTranslate();
  const { principal } = usePrincipal();
  const { data: record, isPending } = useRouteRecord();
  const onEdit = config.workflow?.onEdit;
  const field = statusField(config);
  const moves =
    onEdit && field && record && grants(onEdit.by, principal) && onEdit.from.includes(String(record[field]));
  const first = config.recordTables?.some((table) => table.first);
  const settled = useLeadTablesSettled(config, record);
  // Held while the record and the manifest come; a record that fails to come is the form's to say (404).
  const held = Boolean(first) && (isPending || (record !== undefined && !settled));
  return (
    <>
      {moves ? (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="edit-moves">
          {translate('app.portal.editMoves', {
            from: translate(labels.enumValue(config, field, String(record[field])), {
              _: humanize(String(record[field])),
            }),
            to: translate(labels.enumValue(config, field, onEdit.to), { _: humanize(onEdit.to) }),
            _: 'Saving changes moves this record back to review.',
          })}
        </Alert>
      ) : null}
      {/* A table the config draws first (the guide's manifest) comes before the record's form. */}
      {first ? <RecordTables config={config} record={record} place="first" /> : null}
      {/* Below the manifest once it has come: drawn before, the form would be pushed a screen down by its rows. */}
      {held ? null : (
        <>
          <GeneratedEdit />
          <RecordTables config={config} record={record} place="after" />
        </>
      )}
    </>
  );
}
