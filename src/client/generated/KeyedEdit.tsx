import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChangedElsewhere } from './ChangedElsewhere';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import {
  Form,
  HttpError,
  Loading,
  SaveButton,
  Title,
  Toolbar,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { Field, JsonField } from '../../core/fields';
import type { AnyResource } from '../../core/resource';
import { useEntry } from './context';
import { isFault } from './faults';
import type { LanternDataProvider } from './data-provider';
import { FieldInput } from './fields/FieldInput';
import { humanize, labels } from '../../core/labels';
import { allows, usePermissionMap } from './permissions';
import { configResolver } from './resolver';
import { saveNotice } from './save-notice';

/** The JSON field typed per key (`shapes.by` is the lookup field) and the variant of this key. */
export function keyedShape(config: AnyResource, key: string) {
  for (const [name, field] of Object.entries(config.fields)) {
    const shapes = (field as JsonField).shapes;
    if (field.kind === 'json' && shapes && shapes.by === config.lookupField)
      return { field: name, fields: (shapes.variants[key] ?? {}) as Record<string, Field> };
  }
  return undefined;
}

/**
 * A record opened by its key (`settings/general`): a typed form over `GET/PUT /api/{name}/{key}`, its
 * inputs from the JSON field's variant for that key.
 */
export function KeyedEdit() {
  const { config } = useEntry();
  const { key = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<LanternDataProvider>();
  const { permissions } = usePermissionMap();
  const shape = useMemo(() => keyedShape(config, key), [config, key]);
  const path = `/${config.name}/${encodeURIComponent(key)}`;
  const {
    data: record,
    isPending,
    error,
  } = useQuery({
    queryKey: [config.name, 'keyed', key],
    queryFn: () => dataProvider.getJson<Record<string, unknown>>(path),
    retry: false,
  });
  // The variant's fields act as the fields of a resource of their own, so inputs and yup rules are the usual ones.
  const variant = useMemo<AnyResource>(() => ({ ...config, fields: shape?.fields ?? {} }), [config, shape]);
  const names = Object.keys(variant.fields);
  const resolver = useMemo(
    () => configResolver(variant, 'update', Object.keys(variant.fields), translate),
    [variant, translate],
  );
  const canSave = allows(permissions, config.name, 'update');
  if (isPending) return <Loading />;
  if (error || !record || !shape)
    return <Typography color="error">{translate('ra.notification.http_error')}</Typography>;
  const values = (record[shape.field] ?? {}) as Record<string, unknown>;

  const save = async (data: Record<string, unknown>) => {
    const { version, ...rest } = data;
    try {
      await dataProvider.sendJson('PUT', path, { [shape.field]: rest, version });
      await queryClient.invalidateQueries({ queryKey: [config.name, 'keyed', key] });
      notify(...saveNotice(translate, config.name, 'updated'));
    } catch (error) {
      if (error instanceof HttpError && error.status === 409 && !isFault(error))
        notify('app.error.conflict', { type: 'error' });
      else if (error instanceof HttpError && error.body?.errors) {
        // Errors on `values.x` belong to input `x` of this form.
        const prefix = `${shape.field}.`;
        return Object.fromEntries(
          Object.entries(error.body.errors as Record<string, string>).map(([k, v]) => [
            k.startsWith(prefix) ? k.slice(prefix.length) : k,
            v,
          ]),
        );
      } else notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    }
  };

  const title = translate(labels.enumValue(config, config.lookupField ?? 'key', key), { _: humanize(key) });
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={`${translate(labels.name(config), { smart_count: 2, _: config.name })}: ${title}`} />
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {title}
        </Typography>
        <ChangedElsewhere
          config={config}
          id={record.id}
          version={typeof record.version === 'number' ? record.version : undefined}
          holdAs={`keyed:${key}`}
        />
        <Form
          record={{ ...values, version: record.version }}
          onSubmit={save}
          resolver={resolver}
          warnWhenUnsavedChanges
          noValidate
          key={String(record.version)}
        >
          {names.map((name) => (
            <FieldInput key={name} config={variant} name={name} mode="edit" disabled={!canSave} />
          ))}
          {canSave ? (
            <Toolbar>
              {/* A thumb's target on a phone (40 px), as the other actions there. */}
              <SaveButton sx={(theme) => ({ [theme.breakpoints.down('sm')]: { minHeight: 40 } })} />
            </Toolbar>
          ) : null}
        </Form>
      </CardContent>
    </Card>
  );
}
