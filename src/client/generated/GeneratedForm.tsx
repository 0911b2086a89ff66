import {
  Create,
  DeleteButton,
  Edit,
  SaveButton,
  SimpleForm,
  TabbedForm,
  type SimpleFormProps,
  Toolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  useResourceContext,
  useTranslate,
  HttpError,
} from 'react-admin';
import { useMemo, type ReactNode } from 'react';
import { rowScope, writableFieldsFor } from '../../core/access';
import type { AnyResource, FormGroup } from '../../core/resource';
import { ChangedElsewhere } from './ChangedElsewhere';
import { CreateTitle } from './CreateTitle';
import { useEntry } from './context';
import { isFault } from './faults';
import { GroupSection } from './GroupSection';
import { CURRENT_PASSWORD, CurrentPasswordInput } from './fields/CurrentPasswordInput';
import { FieldInput } from './fields/FieldInput';
import { labels } from '../../core/labels';
import { allows, usePermissionMap } from './permissions';
import { usePrincipal } from './principal';
import { configResolver } from './resolver';
import { RecordTitle } from './GeneratedShow';
import { writableFields } from '../../core/validation';
import { saveNotice } from './save-notice';
import { keepOnce } from './show/OnceSecret';
import { useFixedBottom } from './app/fixed-bottom';

type Mode = 'create' | 'edit';

const formView = (config: AnyResource, mode: Mode) =>
  mode === 'create' ? config.create : (config.edit ?? config.create);

/** The form's fields: the view's own list or groups, else every field the client may write. */
export function formGroups(config: AnyResource, mode: Mode): readonly FormGroup<Record<string, unknown>>[] {
  const view = formView(config, mode);
  if (view && view.groups?.length) return view.groups as never;
  const fields = (view && view.fields) ?? writableFields(config, mode === 'create' ? 'create' : 'update');
  return [{ name: 'main', fields: fields as never }];
}

const isPassword = (config: AnyResource, name: string) => config.fields[name]?.kind === 'password';

/** Only what this account may write goes to the server, plus `version` for the optimistic lock. */
export function pickWritable(config: AnyResource, values: Record<string, unknown>, writable: string[], mode: Mode) {
  const out: Record<string, unknown> = {};
  for (const name of writable) {
    if (!(name in values)) continue;
    const value = values[name];
    // An empty password on edit means "keep the current one".
    if (mode === 'edit' && (value === '' || value == null) && config.fields[name]?.kind === 'password') continue;
    out[name] = Array.isArray(value) ? value.filter((item) => item !== '' && item !== null) : value;
  }
  if (mode === 'edit' && values.version !== undefined) out.version = values.version;
  // Sent only with a new password of one's own account (the input shows only there).
  const current = values[CURRENT_PASSWORD];
  if (
    mode === 'edit' &&
    typeof current === 'string' &&
    current !== '' &&
    Object.keys(out).some((n) => isPassword(config, n))
  )
    out[CURRENT_PASSWORD] = current;
  return out;
}

/** The form's Save (and Delete): fixed at the bottom on a phone, where the layout keeps room of its height. */
function FormToolbar({ canDelete }: { canDelete: boolean }) {
  const bar = useFixedBottom<HTMLDivElement>();
  return (
    <Toolbar ref={bar} sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {canDelete ? <DeleteButton mutationMode="pessimistic" /> : null}
    </Toolbar>
  );
}

function useFormSetup(mode: Mode) {
  const { config } = useEntry();
  const { principal } = usePrincipal();
  const translate = useTranslate();
  const writable = useMemo(
    () => writableFieldsFor(config, principal, mode === 'create' ? 'create' : 'update'),
    [config, principal, mode],
  );
  const groups = formGroups(config, mode);
  const shown = groups.flatMap((group) => group.fields as readonly string[]);
  // A string key keeps the resolver stable while the same fields are validated.
  const validatedKey = writable.filter((name) => shown.includes(name)).join(',');
  const resolver = useMemo(
    () =>
      configResolver(
        config,
        mode === 'create' ? 'create' : 'update',
        validatedKey ? validatedKey.split(',') : [],
        translate,
      ),
    [config, mode, validatedKey, translate],
  );
  // An owner's scope field is always its own id, set by the server: no input for it.
  const scope = rowScope(config, principal)?.field;
  const inputs = (fields: readonly string[]) =>
    fields
      .filter((name) => name !== scope)
      .flatMap((name) => [
        <FieldInput key={name} config={config} name={name} mode={mode} disabled={!writable.includes(name)} />,
        ...(mode === 'edit' && isPassword(config, name) && writable.includes(name)
          ? [<CurrentPasswordInput key={`${name}:current`} config={config} />]
          : []),
      ]);
  const label = (group: FormGroup<Record<string, unknown>>) =>
    translate(labels.group(config, group.name), { _: group.name });
  const view = formView(config, mode);
  const tabbed = groups.length > 1 && view !== false && view?.layout !== 'sections';
  const body =
    groups.length < 2
      ? inputs(groups[0]?.fields as readonly string[])
      : groups.map((group) =>
          tabbed ? (
            <TabbedForm.Tab key={group.name} label={label(group)}>
              {inputs(group.fields as readonly string[])}
            </TabbedForm.Tab>
          ) : (
            <GroupSection key={group.name} name={group.name} title={label(group)}>
              {inputs(group.fields as readonly string[])}
            </GroupSection>
          ),
        );
  return { config, writable, resolver, body, tabbed };
}

/** The config's groups as tabs, or one form whose groups are titled sections. */
function GroupedForm({
  tabbed,
  children,
  ...props
}: { tabbed: boolean; children: ReactNode } & Pick<SimpleFormProps, 'resolver' | 'toolbar' | 'defaultValues'>) {
  return tabbed ? (
    <TabbedForm {...props} warnWhenUnsavedChanges noValidate>
      {children}
    </TabbedForm>
  ) : (
    <SimpleForm {...props} warnWhenUnsavedChanges noValidate>
      {children}
    </SimpleForm>
  );
}

function useSaveErrorHandler() {
  const notify = useNotify();
  return (error: unknown) => {
    if (error instanceof HttpError && error.status === 409 && !isFault(error)) {
      notify('app.error.conflict', { type: 'error' });
      return;
    }
    if (error instanceof HttpError && error.status === 400 && error.body?.errors) {
      notify('ra.message.invalid_form', { type: 'error' });
      return;
    }
    notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
  };
}

/** The edit screen: typed inputs, the shared yup schema, the server's field errors, and the version lock. */
export function GeneratedEdit() {
  const { config, writable, resolver, body, tabbed } = useFormSetup('edit');
  const onError = useSaveErrorHandler();
  const { permissions } = usePermissionMap();
  const canDelete = allows(permissions, config.name, 'delete') && !config.appendOnly;
  const toolbar = <FormToolbar canDelete={canDelete} />;
  return (
    <Edit
      title={<RecordTitle config={config} />}
      mutationMode="pessimistic"
      mutationOptions={{ onError }}
      transform={(values: Record<string, unknown>) => pickWritable(config, values, writable, 'edit')}
      redirect="show"
    >
      <EditBody config={config} tabbed={tabbed} resolver={resolver} toolbar={toolbar}>
        {body}
      </EditBody>
    </Edit>
  );
}

/** The loaded record's form, new for each version (a reload after a colleague's change starts it afresh). */
function EditBody({
  config,
  children,
  ...props
}: { config: AnyResource; tabbed: boolean; children: ReactNode } & Pick<SimpleFormProps, 'resolver' | 'toolbar'>) {
  const record = useRecordContext();
  const version = typeof record?.version === 'number' ? record.version : undefined;
  return (
    <>
      <ChangedElsewhere config={config} id={record?.id} version={version} />
      <GroupedForm key={String(version)} {...props}>
        {children}
      </GroupedForm>
    </>
  );
}

export function GeneratedCreate({ embedded = false }: { embedded?: boolean } = {}) {
  const { config, writable, resolver, body, tabbed } = useFormSetup('create');
  const translate = useTranslate();
  const onError = useSaveErrorHandler();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  // The screen's resource as the router names it (its path), where the new record's page is.
  const screen = useResourceContext();
  const defaults = Object.fromEntries(
    Object.entries(config.fields)
      .filter(([, field]) => field.default !== undefined)
      .map(([name, field]) => [name, field.default]),
  );
  const toolbar = <FormToolbar canDelete={false} />;
  return (
    <Create
      title={embedded ? false : <CreateTitle config={config} />}
      resource={embedded ? config.name : undefined}
      mutationOptions={
        embedded
          ? {
              onError,
              // A panel's form stays on its screen: the list beside it shows the new row.
              onSuccess: () => {
                notify(...saveNotice(translate, config.name, 'created'));
                refresh();
              },
            }
          : config.apiClient
            ? {
                onError,
                // An API client's key comes in this answer only: its page shows it once (SPEC §19).
                onSuccess: (data: Record<string, unknown>) => {
                  keepOnce(config.name, data.id, data[config.apiClient!.key]);
                  notify(...saveNotice(translate, config.name, 'created'));
                  redirect('show', screen ?? config.name, data.id as string);
                },
              }
            : { onError }
      }
      transform={(values: Record<string, unknown>) => pickWritable(config, values, writable, 'create')}
      redirect={embedded ? false : 'show'}
    >
      <GroupedForm tabbed={tabbed} resolver={resolver} toolbar={toolbar} defaultValues={defaults}>
        {body}
      </GroupedForm>
    </Create>
  );
}
