import { SelectArrayInput, SelectInput, useTranslate } from 'react-admin';
import type { EnumField } from '../../../core/fields';
import { humanize, labels } from '../../../core/labels';
import type { AnyResource } from '../../../core/resource';

export function useEnumChoices(config: AnyResource, name: string, values: readonly string[]) {
  const translate = useTranslate();
  return values.map((value) => ({
    id: value,
    name: translate(labels.enumValue(config, name, value), { _: humanize(value) }),
  }));
}

/** One of an enum's values (or several), picked from its labels: a form's field or a key of a list's row. */
export function EnumInput({
  config,
  name,
  source,
  field,
  disabled,
}: {
  config: AnyResource;
  name: string;
  source: string;
  field: EnumField;
  disabled?: boolean;
}) {
  const choices = useEnumChoices(config, name, field.values);
  const label = labels.field(config, name);
  return field.multiple ? (
    <SelectArrayInput source={source} label={label} choices={choices} disabled={disabled} isRequired={field.required} />
  ) : (
    <SelectInput
      source={source}
      label={label}
      choices={choices}
      disabled={disabled}
      isRequired={field.required}
      emptyText=""
    />
  );
}
