import { ArrayInput, NumberInput, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import {
  isNumericKind,
  type EnumField,
  type ListItems,
  type LocalizedField,
  type MoneyField,
} from '../../../core/fields';
import { useActiveLocale } from '../active-locale';
import { EnumInput } from './EnumInput';
import { LocalizedInput } from './LocalizedInput';
import { MoneyInput } from './MoneyInput';
import type { AnyResource } from '../../../core/resource';
import { humanize, labels } from '../../../core/labels';

/**
 * A `listOf` field: one row of inputs per entry, rows added and removed in place. Each key is labelled like a field
 * of the resource (`resources.{name}.fields.{key}`). The remove and add buttons are 40 × 40 for a thumb.
 */
export function ListInput({
  config,
  source,
  label,
  items,
  disabled,
}: {
  config: AnyResource;
  source: string;
  label: string;
  items: ListItems;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const locale = useActiveLocale();
  return (
    <ArrayInput
      source={source}
      label={label}
      // The list's label wraps on a phone: on one line ("Bank QR codes (LAO QR, PromptPay, VietQR) by currency") it
      // widened the whole form past a 390 px screen. Drawn at 75 %, it may take 133 % of the width.
      sx={{ '& .RaArrayInput-label': { whiteSpace: 'normal', maxWidth: '133%' } }}
    >
      <SimpleFormIterator
        // Named here: a keyed settings form (`settings/payments`) has no resource context of its own.
        resource={config.name}
        inline
        disableReordering
        disableClear
        disableAdd={disabled}
        disableRemove={disabled}
        sx={{
          '& .RaSimpleFormIterator-buttons button, & .button-add, & .button-remove': { minWidth: 40, minHeight: 40 },
        }}
      >
        {Object.entries(items.fields).map(([key, field]) => {
          const itemLabel = translate(labels.field(config, key), { _: humanize(key) });
          // What the server fixes (a line's price when booked) is shown on the page, not typed in the form.
          if (field.readOnly) return null;
          if (field.kind === 'localized')
            return (
              <LocalizedInput
                key={key}
                source={key}
                label={itemLabel}
                field={field as LocalizedField}
                disabled={disabled}
                initialLocale={locale}
              />
            );
          if (field.kind === 'enum')
            return (
              <EnumInput
                key={key}
                config={config}
                name={key}
                source={key}
                field={field as EnumField}
                disabled={disabled}
              />
            );
          if (field.kind === 'money')
            return (
              <MoneyInput
                key={key}
                source={key}
                label={itemLabel}
                field={field as MoneyField}
                disabled={disabled}
                locale={locale}
              />
            );
          return isNumericKind(field.kind) ? (
            <NumberInput
              key={key}
              source={key}
              label={itemLabel}
              min={field.min}
              max={field.max}
              step={1}
              isRequired={field.required}
              disabled={disabled}
              sx={{ minWidth: 140 }}
            />
          ) : (
            <TextInput key={key} source={key} label={itemLabel} isRequired={field.required} disabled={disabled} />
          );
        })}
      </SimpleFormIterator>
    </ArrayInput>
  );
}
