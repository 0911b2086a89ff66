import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import {
  EditButton,
  Labeled,
  Show,
  TabbedShowLayout,
  TopToolbar,
  useBasename,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import { useDataProvider } from 'react-admin';
import { SYSTEM_FIELDS, statusField, type AnyResource, type FollowUp, type GroupLayout } from '../../core/resource';
import type { LanternDataProvider } from './data-provider';
import { useEntry, useRegistry } from './context';
import { GroupSection } from './GroupSection';
import { FieldValue, useActiveLocale } from './fields/FieldValue';
import { History } from './HistoryTab';
import { humanize, labels } from '../../core/labels';
import { allows, usePermissionMap } from './permissions';
import { recordTitle } from '../../core/record-title';
import { shownOnPage } from '../../core/value-text';
import { ownerOmits } from '../../core/list-columns';
import { usePrincipal } from './principal';
import { grants } from '../../core/roles';
import { useNextInList } from './queue-next';
import { ComparePanel } from './show/ComparePanel';
import { EndpointAside } from './show/EndpointAside';
import { InstructionsPanel } from './show/InstructionsPanel';
import { OnceSecret } from './show/OnceSecret';
import { WorkflowButtons } from './workflow/WorkflowButtons';
import { ActionButton, PHONE } from './workflow/ActionButton';
import { useFixedBottom } from './app/fixed-bottom';
import { EndpointActionButtons } from './show/EndpointActionButtons';

/**
 * On a phone the record's actions sit in a bar at the bottom of the screen, where the thumb reaches them; the
 * layout keeps room of the bar's height below the page's last row (useFixedBottom) so the bar covers nothing.
 */
const THUMB_BAR = {
  position: 'fixed',
  left: 0,
  right: 0,
  bottom: 0,
  zIndex: 1100,
  justifyContent: 'flex-end',
  alignItems: 'center',
  whiteSpace: 'normal',
  px: 1,
  py: 1,
  paddingBottom: 'calc(8px + env(safe-area-inset-bottom))',
  borderTop: 1,
  borderColor: 'divider',
  boxShadow: 3,
  '&:empty': { display: 'none' },
} as const;

/** Fields a show page lists when the config names none: every readable field, then the system columns. */
export function defaultShowFields(config: AnyResource): string[] {
  // Signatures are shown with the workflow's buttons ("1 of 2 signatures: …"), not as raw json.
  const signatures = new Set(
    Object.values(config.workflow?.transitions ?? {}).flatMap((t) => (t.signatures ? [t.signatures.field] : [])),
  );
  const own = Object.entries(config.fields)
    .filter(([name, field]) => !field.hidden && !field.writeOnly && field.kind !== 'password' && !signatures.has(name))
    .map(([name]) => name);
  return ['id', ...own, 'createdAt', 'updatedAt'];
}

export function showGroups(config: AnyResource): readonly { name: string; fields: readonly string[] }[] {
  if (config.show?.groups?.length) return config.show.groups;
  return [{ name: 'main', fields: config.show?.fields ?? defaultShowFields(config) }];
}

/** Whether the record may be edited now: the verb, the config, and the workflow's `editableIn`. */
export function useCanEdit(config: AnyResource): boolean {
  const record = useRecordContext();
  const { permissions } = usePermissionMap();
  if (config.edit === false || config.appendOnly || config.serverOnly) return false;
  if (!allows(permissions, config.name, 'update')) return false;
  const editableIn = config.workflow?.editableIn;
  const status = statusField(config);
  return !(editableIn && status && record && !editableIn.includes(String(record[status])));
}

/**
 * A link to the follow-up's form, started with the reference to this record and, with `prefill`, the answer of that
 * record endpoint (what a refund may still ask for); with one, the link comes once it has answered, and not where it
 * refuses (the server would refuse the new record: no button that answers 409 when tapped).
 */
function FollowUpButton({
  name,
  followUp,
  config,
  record,
  to,
  label,
}: {
  name: string;
  followUp: FollowUp;
  config: AnyResource;
  record: RaRecord;
  to: string;
  label: string;
}) {
  const dataProvider = useDataProvider<LanternDataProvider>();
  const { principal } = usePrincipal();
  // The prefill is the rules of those it grants (a customer's request); another account that may create the record
  // (finance) starts from the reference alone, without asking an endpoint that would answer 403.
  const prefill =
    followUp.prefill && principal && grants(config.endpoints?.[followUp.prefill]?.by, principal)
      ? followUp.prefill
      : undefined;
  const path = `/${config.name}/${encodeURIComponent(String(record.id))}/${prefill}`;
  const { data, isPending, isError } = useQuery({
    queryKey: ['endpoint', path, record.version],
    queryFn: () => dataProvider.getJson<Record<string, unknown>>(path),
    enabled: Boolean(prefill),
    retry: false,
  });
  // Offered only where the server would take the new record: its prefill answered, without a `refusal` (why the
  // account may not start it now), and not refused outright.
  if (prefill && (isPending || isError || !data || typeof data.refusal === 'string')) return null;
  const source = encodeURIComponent(JSON.stringify({ ...(data ?? {}), [followUp.field]: record.id }));
  return (
    <ActionButton
      to={`${to}?source=${source}`}
      label={label}
      icon={followUp.icon}
      variant="outlined"
      data-follow-up={name}
    />
  );
}

/** The config's follow-ups this account may start on the record now, as links to their prefilled forms. */
function FollowUpButtons({ config }: { config: AnyResource }) {
  const record = useRecordContext();
  const registry = useRegistry();
  const basename = useBasename();
  const translate = useTranslate();
  const { permissions } = usePermissionMap();
  const status = statusField(config);
  if (!record) return null;
  return (
    <>
      {Object.entries(config.followUps ?? {}).map(([key, followUp]) => {
        const route = registry.routeOf(followUp.resource);
        if (!route || !allows(permissions, followUp.resource, 'create')) return null;
        if (followUp.in && status && !followUp.in.includes(String(record[status]))) return null;
        return (
          <FollowUpButton
            key={key}
            name={key}
            followUp={followUp}
            config={config}
            record={record}
            to={`${basename}/${route}/create`}
            label={translate(labels.action(config, key), { _: humanize(key) })}
          />
        );
      })}
    </>
  );
}

/** The record's workflow actions, follow-ups and edit button: on top, or in the thumb's bar on a phone. */
export function ShowActions({ config, readOnly }: { config: AnyResource; readOnly?: boolean }) {
  const canEdit = useCanEdit(config) && !readOnly;
  const record = useRecordContext();
  const next = useNextInList(record?.id);
  const bar = useFixedBottom<HTMLDivElement>();
  return (
    <TopToolbar ref={bar} sx={{ gap: 1, flexWrap: 'wrap', [PHONE]: THUMB_BAR }}>
      <WorkflowButtons config={config} onDone={next} />
      <FollowUpButtons config={config} />
      <EndpointActionButtons config={config} />
      {canEdit ? <EditButton /> : null}
    </TopToolbar>
  );
}

export function RecordTitle({ config }: { config: AnyResource }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const locale = useActiveLocale();
  const name = translate(labels.name(config), { smart_count: 1, _: config.name });
  return <span>{record ? `${name} ${recordTitle(config, record, locale)}` : name}</span>;
}

/**
 * The show screen: the config's groups as tabs (or sections), one field component per kind, workflow actions,
 * history.
 */
export function GeneratedShow({
  layout: forcedLayout,
  readOnly,
  shownAbove = NONE,
  lead,
  leadPending = false,
}: {
  /** The groups' layout here, whatever the config says (an area that reads records as one page). */
  layout?: GroupLayout;
  /** No edit button: the area edits nothing in place. */
  readOnly?: boolean;
  /** Fields the screen draws above the record (its state), left out of its groups. */
  shownAbove?: readonly string[];
  /** What the page shows before the record's fields (a record table drawn `first`: the guide's manifest). */
  lead?: ReactNode;
  /** The rest waits below the lead until it has come (else the lead's rows push it down as they arrive). */
  leadPending?: boolean;
} = {}) {
  const { config, queue } = useEntry();
  const sections = (forcedLayout ?? queue?.showLayout ?? config.show?.layout) === 'sections';
  return (
    <Show
      title={<RecordTitle config={config} />}
      actions={<ShowActions config={config} readOnly={readOnly} />}
      aside={config.aside ? <AsideSlot config={config} /> : undefined}
      sx={{ '& .RaShow-main': { flexDirection: { xs: 'column', md: 'row' } } }}
    >
      {config.apiClient ? <OnceSecret config={config} /> : null}
      {lead ? <Box sx={{ px: 2 }}>{lead}</Box> : null}
      {leadPending ? null : <ShowRest config={config} sections={sections} shownAbove={shownAbove} />}
    </Show>
  );
}

/** The record's instructions, comparison and groups: what a show page draws after its lead. */
function ShowRest({
  config,
  sections,
  shownAbove,
}: {
  config: AnyResource;
  sections: boolean;
  shownAbove: readonly string[];
}) {
  return (
    <>
      {config.instructions?.length ? (
        <Box sx={{ p: 2, pb: 0 }}>
          <InstructionsPanel config={config} />
        </Box>
      ) : null}
      {config.compare ? (
        <Box sx={{ p: 2, pb: 0 }}>
          <ComparePanel config={config} />
        </Box>
      ) : null}
      <ShowBody config={config} sections={sections} shownAbove={shownAbove} />
    </>
  );
}

const NONE: readonly string[] = [];

/** The groups of the record in context, as tabs or as sections of one tab, and its history. */
function ShowBody({
  config,
  sections: sectionsAsked,
  shownAbove,
}: {
  config: AnyResource;
  sections: boolean;
  shownAbove: readonly string[];
}) {
  const showSystem = !showGroups(config).some((g) => g.fields.includes('createdAt'));
  const registry = useRegistry();
  const translate = useTranslate();
  const { permissions } = usePermissionMap();
  const { principal } = usePrincipal();
  const record = useRecordContext();
  // As in the lists: an owner's page leaves out the owner (themself) and references it cannot open (a customer's
  // account id would read "#361").
  const omitted = ownerOmits(config, principal, (resource) => allows(permissions, resource, 'list'));
  // Only what the reader may read (the API leaves the rest out) and what has a value; the whole layout while the
  // record loads.
  const groups = showGroups(config)
    .map((group) => ({
      ...group,
      fields: group.fields.filter(
        (name) => !omitted(name) && !shownAbove.includes(name) && (!record || shownOnPage(config, name, record)),
      ),
    }))
    .filter((group, index, all) => group.fields.length > 0 || (index === all.length - 1 && showSystem));
  const sections = sectionsAsked && groups.length > 1;
  const history = registry.auditLog && allows(permissions, registry.auditLog.name, 'list');
  const groupLabel = (name: string) =>
    translate(labels.group(config, name), {
      _: name === 'main' ? translate('app.show.details', { _: 'Details' }) : name,
    });
  const fields = (group: { fields: readonly string[] }, last: boolean) => [
    ...group.fields.map((name) => (
      <FieldValue key={name} config={config} name={name} source={name} label={labels.field(config, name)} />
    )),
    ...(last && showSystem
      ? SYSTEM_FIELDS.filter(
          (name) =>
            name !== 'version' && !group.fields.includes(name) && (!record || shownOnPage(config, name, record)),
        ).map((name) => (
          <FieldValue key={name} config={config} name={name} source={name} label={labels.field(config, name)} />
        ))
      : []),
  ];
  // Sections: every group on the first tab under its title (History stays a tab of its own).
  const tabs = sections
    ? [
        <TabbedShowLayout.Tab key="all" label={translate('app.show.details', { _: 'Details' })}>
          {groups.map((group, index) => (
            <GroupSection key={group.name} name={group.name} title={groupLabel(group.name)}>
              <Stack spacing={1}>
                {fields(group, index === groups.length - 1).map((field) => (
                  <Labeled key={field.key}>{field}</Labeled>
                ))}
              </Stack>
            </GroupSection>
          ))}
        </TabbedShowLayout.Tab>,
      ]
    : groups.map((group, index) => (
        <TabbedShowLayout.Tab
          key={group.name}
          label={groupLabel(group.name)}
          path={index === 0 ? undefined : group.name}
        >
          {fields(group, index === groups.length - 1)}
        </TabbedShowLayout.Tab>
      ));
  return (
    <TabbedShowLayout>
      {tabs}
      {history ? (
        <TabbedShowLayout.Tab label={translate('app.history.title', { _: 'History' })} path="history">
          <History config={config} label={false} />
        </TabbedShowLayout.Tab>
      ) : null}
    </TabbedShowLayout>
  );
}

/** The aside needs the record, which ShowView only provides to its children and aside through context. */
function AsideSlot({ config }: { config: AnyResource }) {
  const record = useRecordContext();
  return record ? <EndpointAside config={config} /> : null;
}
