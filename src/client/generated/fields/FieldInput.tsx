import {
  AutocompleteInput,
  BooleanInput,
  DateInput,
  DateTimeInput,
  NumberInput,
  PasswordInput,
  ReferenceInput,
  TextInput,
} from 'react-admin';
import type { EnumField, ImagesField, JsonField, LocalizedField, MoneyField, RefField } from '../../../core/fields';
import type { AnyResource } from '../../../core/resource';
import { useRegistry } from '../context';
import { labels } from '../../../core/labels';
import { recordTitle } from '../../../core/record-title';
import { useActiveLocale } from './FieldValue';
import { fieldOf } from '../../../core/value-text';
import { EnumInput } from './EnumInput';
import { ImagesInput } from './ImagesInput';
import { ListInput } from './ListInput';
import { KeyedMapInput } from './KeyedMapInput';
import { LocalizedInput } from './LocalizedInput';
import { MoneyInput } from './MoneyInput';
import { StarsInput } from './StarsInput';

/** A reference picker: autocomplete over the referenced resource's `q` search, titled by its record title. */
export function RefInput({
  config,
  name,
  field,
  disabled,
  source = name,
  alwaysOn,
  asFilter,
}: {
  config: AnyResource;
  name: string;
  field: RefField;
  disabled?: boolean;
  source?: string;
  alwaysOn?: boolean;
  /** In a filter bar: never marked required, whatever the field is in forms. */
  asFilter?: boolean;
  /** Read by the filter bar's "add filter" menu. */
  label?: string;
}) {
  const registry = useRegistry();
  const locale = useActiveLocale();
  const target = registry.config(field.reference);
  const searchable = Boolean(
    target && (target.list.search?.length || Object.values(target.fields).some((f) => f.searchable)),
  );
  return (
    <ReferenceInput
      source={source}
      reference={registry.routeOf(field.reference) ?? field.reference}
      alwaysOn={alwaysOn}
      // A hand-ordered resource (`list.reorder`) is offered in its own order.
      sort={target?.list.reorder ? { field: target.list.reorder, order: 'ASC' } : undefined}
    >
      <AutocompleteInput
        label={labels.field(config, name)}
        optionText={(record: Record<string, unknown>) => recordTitle(target, record, locale, field.display)}
        filterToQuery={(q: string) => (searchable && q ? { q } : {})}
        disabled={disabled}
        isRequired={!asFilter && field.required}
        // In a form, room for a whole code or title (a booking's "LT-7AV2K9QX" was cut to "LT-7AV…" on a phone).
        sx={asFilter ? undefined : { minWidth: 'min(100%, 20rem)' }}
      />
    </ReferenceInput>
  );
}

/** The input of one field, by its kind; readOnly or not-writable fields are shown disabled. */
export function FieldInput({
  config,
  name,
  disabled,
  mode,
  source = name,
  required,
}: {
  config: AnyResource;
  name: string;
  disabled?: boolean;
  mode: 'create' | 'edit';
  /** Where the value goes in the form when it is not the field's own name (e.g. a transition input). */
  source?: string;
  /** Whether the form asks for it, where that is not the field's own rule (a transition's optional input). */
  required?: boolean;
}) {
  const locale = useActiveLocale();
  const field = fieldOf(config, name);
  const label = labels.field(config, name);
  const off = disabled || field.readOnly || (mode === 'edit' && field.immutable);
  const common = { source, label, disabled: off, isRequired: Boolean(required ?? field.required) && !off };
  switch (field.kind) {
    case 'password':
      return <PasswordInput {...common} isRequired={mode === 'create' && field.required} autoComplete="new-password" />;
    case 'email':
      return <TextInput {...common} type="email" />;
    case 'phone':
      return <TextInput {...common} type="tel" />;
    case 'longText':
      return <TextInput {...common} multiline minRows={3} fullWidth />;
    case 'integer':
      if (field.stars && field.max !== undefined)
        return (
          <StarsInput source={source} label={label} max={field.max} disabled={off} isRequired={common.isRequired} />
        );
      return <NumberInput {...common} step={1} />;
    case 'percent':
      return <NumberInput {...common} step={0.1} />;
    case 'money':
      return <MoneyInput source={source} label={label} field={field as MoneyField} disabled={off} locale={locale} />;
    case 'boolean':
      return <BooleanInput source={source} label={label} disabled={off} />;
    case 'date':
      return <DateInput {...common} />;
    case 'datetime':
      return <DateTimeInput {...common} parse={(value: string) => (value ? new Date(value).toISOString() : null)} />;
    case 'enum':
      return <EnumInput config={config} name={name} source={source} field={field as EnumField} disabled={off} />;
    case 'status':
      return <TextInput {...common} disabled />;
    case 'ref':
      return <RefInput config={config} name={name} source={source} field={field as RefField} disabled={off} />;
    case 'localized':
      return (
        <LocalizedInput
          source={source}
          label={label}
          field={field as LocalizedField}
          disabled={off}
          initialLocale={locale}
        />
      );
    case 'images':
      return <ImagesInput source={source} label={label} field={field as ImagesField} disabled={off} />;
    case 'json': {
      const items = (field as JsonField).items;
      if (items) return <ListInput config={config} source={source} label={label} items={items} disabled={off} />;
      const { keysFrom } = field as JsonField;
      if (keysFrom)
        return (
          <KeyedMapInput
            config={config}
            source={source}
            label={label}
            field={field as JsonField}
            keysFrom={keysFrom}
            disabled={off}
          />
        );
      return (
        <TextInput
          {...common}
          multiline
          minRows={3}
          fullWidth
          format={(value: unknown) =>
            value == null ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2)
          }
          parse={(text: string) => {
            try {
              return text === '' ? null : JSON.parse(text);
            } catch {
              return text;
            }
          }}
        />
      );
    }
    default:
      return <TextInput {...common} />;
  }
}
