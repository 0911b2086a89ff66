import InputAdornment from '@mui/material/InputAdornment';
import { useWatch } from 'react-hook-form';
import { NumberInput, useWrappedSource } from 'react-admin';
import type { MoneyField } from '../../../core/fields';
import { formatMoney, toMajor, toMinor } from '../../../core/format';
import type { Locale } from '../../../core/locales';

/** Money is kept in integer minor units in the form (what the API and yup check); people type major units. */
export function MoneyInput({
  source,
  label,
  field,
  disabled,
  locale,
}: {
  source: string;
  label: string;
  field: MoneyField;
  disabled?: boolean;
  locale: Locale;
}) {
  const currency = (useWatch({ name: field.currencyField }) as string | undefined) || 'LAK';
  // Inside a list's row the source is the row's key; the currency stays the record's own.
  const value = useWatch({ name: useWrappedSource(source) }) as number | null | undefined;
  return (
    <NumberInput
      source={source}
      label={label}
      disabled={disabled}
      isRequired={field.required}
      format={(minor: number | null | undefined) => (minor == null ? '' : String(toMajor(minor, currency)))}
      parse={(major: number | string | null) =>
        major === '' || major == null || Number.isNaN(Number(major)) ? null : toMinor(Number(major), currency)
      }
      helperText={value != null ? formatMoney(value, currency, locale) : undefined}
      InputProps={{ endAdornment: <InputAdornment position="end">{currency}</InputAdornment> }}
    />
  );
}
