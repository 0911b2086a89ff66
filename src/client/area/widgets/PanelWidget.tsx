import Box from '@mui/material/Box';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import {
  CreateBase,
  ResourceContextProvider,
  SaveButton,
  SimpleForm,
  Toolbar,
  useDataProvider,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { writableFieldsFor } from '../../../core/access';
import type { Bound, PanelWidget as PanelWidgetConfig } from '../../../core/portal';
import type { AnyResource } from '../../../core/resource';
import { EntryProvider, useRegistry } from '../../generated/context';
import type { LanternDataProvider } from '../../generated/data-provider';
import { FieldInput } from '../../generated/fields/FieldInput';
import { useActiveLocale } from '../../generated/fields/FieldValue';
import { formGroups } from '../../generated/GeneratedForm';
import { GeneratedList } from '../../generated/GeneratedList';
import { allows, usePermissionMap } from '../../generated/permissions';
import { configResolver } from '../../generated/resolver';
import { formatMoney, formatNumber } from '../../../core/format';
import { useAccount } from '../account';
import { WidgetCard } from './WidgetCard';
import { saveNotice } from '../../generated/save-notice';

type Limits = NonNullable<PanelWidgetConfig['limits']>;

/** The values of the bounds (an endpoint of the account, or a settings group), each fetched once. */
function useBounds(limits: Limits | undefined) {
  const registry = useRegistry();
  const { me, config } = useAccount();
  const dataProvider = useDataProvider<LanternDataProvider>();
  const store = registry.resources.find((resource) => resource.settingsStore);
  const valuesField = store && Object.entries(store.fields).find(([, field]) => field.kind === 'json')?.[0];
  const bounds = Object.values(limits ?? {}).flatMap((limit) => [limit.min, limit.max].filter(Boolean) as Bound[]);
  const sources = [
    ...new Set(bounds.map((bound) => ('endpoint' in bound ? `e:${bound.endpoint}` : `s:${bound.settings}`))),
  ];
  const results = useQueries({
    queries: sources.map((source) => {
      const [kind, name] = [source.slice(0, 1), source.slice(2)];
      return kind === 'e'
        ? {
            queryKey: [config?.name, me?.id, 'endpoint', name],
            queryFn: () => dataProvider.getJson<Record<string, unknown>>(`/${config!.name}/${me!.id}/${name}`),
            enabled: Boolean(config && me),
          }
        : {
            queryKey: [store?.name, 'group', name],
            queryFn: () => dataProvider.getJson<Record<string, unknown>>(`/${store!.name}/${name}`),
            enabled: Boolean(store),
          };
    }),
  });
  const currency = results.map((result) => result.data?.currency).find((value) => typeof value === 'string') as
    string | undefined;
  const boundOf = (bound: Bound | undefined): number | undefined => {
    if (!bound) return undefined;
    const index = sources.indexOf('endpoint' in bound ? `e:${bound.endpoint}` : `s:${bound.settings}`);
    const data = results[index]?.data;
    const holder =
      'endpoint' in bound ? data : (data?.[valuesField ?? 'values'] as Record<string, unknown> | undefined);
    const value = holder?.[bound.key];
    return typeof value === 'number' ? value : undefined;
  };
  return { boundOf, currency };
}

/**
 * The create form of a panel: the config's create fields the account may write, the shared yup schema, and the
 * widget's limits (e.g. a withdrawal between the settings minimum and the available balance). The server
 * checks the same limits again inside its transaction.
 */
function PanelCreate({ config, limits }: { config: AnyResource; limits?: Limits }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const locale = useActiveLocale();
  const { principal } = useAccount();
  const { boundOf, currency } = useBounds(limits);
  const writable = writableFieldsFor(config, principal, 'create');
  const fields = formGroups(config, 'create')
    .flatMap((group) => group.fields as readonly string[])
    .filter((name) => writable.includes(name));
  // A string key keeps the resolver stable while the same fields are validated.
  const fieldsKey = fields.join(',');
  const base = useMemo(
    () => configResolver(config, 'create', fieldsKey ? fieldsKey.split(',') : [], translate),
    [config, fieldsKey, translate],
  );
  const show = (name: string, value: number) =>
    config.fields[name]?.kind === 'money' ? formatMoney(value, currency, locale) : formatNumber(value, locale);
  const resolver: Resolver<FieldValues> = async (values, context, options) => {
    const result = await base(values, context, options);
    const errors: Record<string, unknown> = { ...result.errors };
    for (const [name, limit] of Object.entries(limits ?? {})) {
      const value = values[name];
      if (typeof value !== 'number' || errors[name]) continue;
      const min = boundOf(limit.min);
      const max = boundOf(limit.max);
      if (min !== undefined && value < min)
        errors[name] = { type: 'min', message: translate('validation.minValue', { 0: show(name, min) }) };
      else if (max !== undefined && value > max)
        errors[name] = { type: 'max', message: translate('validation.maxValue', { 0: show(name, max) }) };
    }
    return Object.keys(errors).length ? { values: {}, errors: errors as never } : { values, errors: {} };
  };
  return (
    <Box data-testid={`create-${config.name}`}>
      <CreateBase
        resource={config.name}
        redirect={false}
        transform={(values: Record<string, unknown>) =>
          Object.fromEntries(fields.filter((name) => values[name] !== undefined).map((name) => [name, values[name]]))
        }
        mutationOptions={{
          onSuccess: () => {
            notify(...saveNotice(translate, config.name, 'created'));
            refresh();
          },
        }}
      >
        <SimpleForm
          resolver={resolver}
          toolbar={
            <Toolbar sx={{ px: 0 }}>
              <SaveButton label="app.portal.send" alwaysEnable />
            </Toolbar>
          }
          sx={{ px: 0, '& > *': { maxWidth: 480 } }}
        >
          {fields.map((name) => (
            <FieldInput key={name} config={config} name={name} mode="create" />
          ))}
        </SimpleForm>
      </CreateBase>
    </Box>
  );
}

/** A scoped list of a resource on a fixed screen, with its create form where the account may create rows. */
export function PanelWidget({ widget }: { widget: PanelWidgetConfig }) {
  const registry = useRegistry();
  const translate = useTranslate();
  const { permissions } = usePermissionMap();
  const config = registry.config(widget.resource);
  if (!config || !allows(permissions, config.name, 'list')) return null;
  const canCreate = allows(permissions, config.name, 'create') && config.create !== false;
  return (
    <EntryProvider entry={{ route: config.name, config }}>
      <ResourceContextProvider value={config.name}>
        <WidgetCard name={widget.name} title={translate(`app.portal.widgets.${widget.name}`, { _: config.name })}>
          {canCreate ? <PanelCreate config={config} limits={widget.limits} /> : null}
          <Box data-panel={config.name} sx={{ overflowX: 'auto', minWidth: 0, contain: 'inline-size' }}>
            <GeneratedList embedded />
          </Box>
        </WidgetCard>
      </ResourceContextProvider>
    </EntryProvider>
  );
}
