import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { useGetOne, useInput, useTranslate } from 'react-admin';
import type { JsonField, MapKeys, MoneyField } from '../../../core/fields';
import { formatMoney, toMajor, toMinor } from '../../../core/format';
import { pickLocalized, type LocalizedText } from '../../../core/locales';
import type { AnyResource } from '../../../core/resource';
import { useActiveLocale } from '../active-locale';

type Amounts = Record<string, number>;

/**
 * A `mapOf` field whose keys are another record's rows (`keysFrom`): one amount per row, named as the reader reads
 * it (a departure's price per ticket type of its service). A row left empty is not in the map: the row's own value
 * applies, shown as the placeholder. Keys the map holds that the rows no longer name stay listed, to be cleared.
 */
export function KeyedMapInput({
  config,
  source,
  label,
  field,
  keysFrom,
  disabled,
}: {
  config: AnyResource;
  source: string;
  /** The field's message key, as react-admin's inputs take it. */
  label: string;
  field: JsonField;
  keysFrom: MapKeys;
  disabled?: boolean;
}) {
  const locale = useActiveLocale();
  const translate = useTranslate();
  const { field: input, fieldState } = useInput({ source });
  const pointer = config.fields[keysFrom.ref];
  const refId = useWatch({ name: keysFrom.ref }) as number | string | null | undefined;
  const reference = pointer?.kind === 'ref' ? pointer.reference : '';
  const { data: owner } = useGetOne(reference, { id: refId! }, { enabled: Boolean(reference) && refId != null });
  const money = field.values?.kind === 'money' ? (field.values as MoneyField) : undefined;
  const currency = ((useWatch({ name: money?.currencyField ?? 'currency' }) as string | undefined) ||
    (owner?.[money?.currencyField ?? 'currency'] as string | undefined) ||
    'LAK') as string;

  const value: Amounts = input.value && typeof input.value === 'object' ? (input.value as Amounts) : {};
  const listed = ((owner?.[keysFrom.list] as Record<string, unknown>[] | undefined) ?? []).map((row) => ({
    key: String(row[keysFrom.key] ?? ''),
    name: keysFrom.label ? pickLocalized(row[keysFrom.label] as LocalizedText, locale) : '',
    own: keysFrom.own && typeof row[keysFrom.own] === 'number' ? (row[keysFrom.own] as number) : undefined,
  }));
  const stale = Object.keys(value)
    .filter((key) => !listed.some((row) => row.key === key))
    .map((key) => ({ key, name: '', own: undefined }));

  const set = (key: string, typed: string) => {
    const next: Amounts = { ...value };
    const major = typed.trim() === '' ? NaN : Number(typed);
    if (Number.isNaN(major)) delete next[key];
    else next[key] = money ? toMinor(major, currency) : major;
    input.onChange(Object.keys(next).length ? next : null);
  };

  return (
    <Stack component="fieldset" spacing={1.5} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} data-testid={`map-${source}`}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1, p: 0 }}>
        {translate(label, { _: label })}
      </Typography>
      {[...listed, ...stale].map((row) => {
        const amount = value[row.key];
        return (
          <TextField
            key={row.key}
            type="number"
            size="small"
            label={row.name ? `${row.name} (${row.key})` : row.key}
            value={amount == null ? '' : String(money ? toMajor(amount, currency) : amount)}
            onChange={(event) => set(row.key, event.target.value)}
            onBlur={input.onBlur}
            disabled={disabled}
            placeholder={row.own !== undefined && money ? String(toMajor(row.own, currency)) : undefined}
            helperText={
              amount != null && money
                ? formatMoney(amount, currency, locale)
                : row.own !== undefined && money
                  ? formatMoney(row.own, currency, locale)
                  : undefined
            }
            slotProps={{
              htmlInput: { min: money?.min ?? 0, 'data-testid': `map-${source}-${row.key}` },
              input: money ? { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> } : undefined,
            }}
            sx={{ maxWidth: 360 }}
          />
        );
      })}
      {fieldState.error?.message && (
        <Typography variant="caption" color="error" role="alert">
          {translate(fieldState.error.message, { _: fieldState.error.message })}
        </Typography>
      )}
    </Stack>
  );
}
