import {
  DateInput,
  NullableBooleanInput,
  NumberInput,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import type { EnumField, FieldKind, RefField } from '../../core/fields';
import { statusField, type AnyResource } from '../../core/resource';
import { isBelow, ruleMessage } from '../../core/rules';
import { useEnumChoices } from './fields/EnumInput';
import { RefInput } from './fields/FieldInput';
import { fieldOf } from '../../core/value-text';
import { StatusChip } from './fields/StatusChip';
import { labels } from '../../core/labels';

/** The `q` search applies when the resource declares search fields. */
export function hasSearch(config: AnyResource): boolean {
  return Boolean(config.list.search?.length || Object.values(config.fields).some((field) => field.searchable));
}

function StatusFilter({
  config,
  name,
}: {
  config: AnyResource;
  name: string;
  alwaysOn?: boolean;
  source?: string;
  label?: string;
}) {
  const choices = useEnumChoices(config, name, config.workflow?.states ?? []);
  return (
    <SelectArrayInput
      source={name}
      label={labels.field(config, name)}
      choices={choices}
      optionText={(choice: { id: string }) => <StatusChip config={config} field={name} value={choice.id} />}
    />
  );
}

function EnumFilter({
  config,
  name,
}: {
  config: AnyResource;
  name: string;
  alwaysOn?: boolean;
  source?: string;
  label?: string;
}) {
  const field = fieldOf(config, name) as EnumField;
  const choices = useEnumChoices(config, name, field.values);
  return field.multiple ? (
    <SelectArrayInput source={name} label={labels.field(config, name)} choices={choices} />
  ) : (
    <SelectInput source={name} label={labels.field(config, name)} choices={choices} />
  );
}

/**
 * A range filter's label says which end it is ("Created at · From"): filter inputs show no helper text, and
 * the two inputs of a range would otherwise read the same.
 */
function RangeLabel({ field, bound }: { field: string; bound: 'from' | 'to' | 'min' | 'max' }) {
  const translate = useTranslate();
  return (
    <>
      {translate(field)} · {translate(`app.list.${bound}`)}
    </>
  );
}

/**
 * The upper bound of a range may not lie below its lower bound: the message shows under it and the list keeps
 * its last valid filter meanwhile (the server refuses such a range too, with the same message).
 */
const notBelow = (kind: FieldKind, lower: string) => (value: unknown, values: Record<string, unknown>) =>
  isBelow(kind, value, values?.[lower]) ? `validation.${ruleMessage(kind).key}` : undefined;

/**
 * The filter bar from `list.filters`: `q` search, enum and status selects, reference autocompletes,
 * and `_gte`/`_lte` pairs for dates and numbers (SPEC §6's filter language).
 */
export function buildFilters(config: AnyResource, options: { omit?: string[] } = {}) {
  const filters: React.ReactElement[] = [];
  if (hasSearch(config)) filters.push(<SearchInput key="q" source="q" alwaysOn />);
  const status = statusField(config);
  for (const name of config.list.filters ?? []) {
    if (options.omit?.includes(name)) continue;
    const field = fieldOf(config, name);
    const label = labels.field(config, name);
    switch (field.kind) {
      case 'status':
        if (name === status)
          filters.push(<StatusFilter key={name} source={name} label={label} config={config} name={name} />);
        break;
      case 'enum':
        filters.push(<EnumFilter key={name} source={name} label={label} config={config} name={name} />);
        break;
      case 'ref':
        filters.push(
          <RefInput
            key={name}
            source={name}
            label={label}
            config={config}
            name={name}
            field={field as RefField}
            asFilter
          />,
        );
        break;
      case 'boolean':
        filters.push(<NullableBooleanInput key={name} source={name} label={label} />);
        break;
      case 'date':
      case 'datetime': {
        const end = (value: string) => (value && field.kind === 'datetime' ? `${value}T23:59:59.999Z` : value);
        filters.push(
          <DateInput key={`${name}_gte`} source={`${name}_gte`} label={<RangeLabel field={label} bound="from" />} />,
          <DateInput
            key={`${name}_lte`}
            source={`${name}_lte`}
            label={<RangeLabel field={label} bound="to" />}
            parse={end}
            validate={notBelow(field.kind, `${name}_gte`)}
          />,
        );
        break;
      }
      case 'integer':
      case 'money':
      case 'percent':
        filters.push(
          <NumberInput key={`${name}_gte`} source={`${name}_gte`} label={<RangeLabel field={label} bound="min" />} />,
          <NumberInput
            key={`${name}_lte`}
            source={`${name}_lte`}
            label={<RangeLabel field={label} bound="max" />}
            validate={notBelow(field.kind, `${name}_gte`)}
          />,
        );
        break;
      case 'localized':
      case 'images':
      case 'json':
      case 'password':
        break;
      default:
        filters.push(<TextInput key={name} source={name} label={label} />);
    }
  }
  return filters;
}
