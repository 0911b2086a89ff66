import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Rating from '@mui/material/Rating';
import { useInput, useTranslate } from 'react-admin';

/**
 * An integer rated in stars (`stars`): a group of `max` choices, one radio each (arrow keys move between them), named
 * by its label; its range is what it offers, not an error after the fact.
 */
export function StarsInput({
  source,
  label,
  max,
  disabled,
  isRequired,
}: {
  source: string;
  label: string;
  max: number;
  disabled?: boolean;
  isRequired?: boolean;
}) {
  const translate = useTranslate();
  const { id, field, fieldState } = useInput({ source, isRequired });
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  const name = translate(label);
  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled} sx={{ mb: 2 }}>
      <FormLabel component="legend" required={isRequired} sx={{ mb: 0.5 }}>
        {name}
      </FormLabel>
      <Rating
        name={id}
        max={max}
        size="large"
        value={typeof field.value === 'number' ? field.value : null}
        onChange={(_event, value) => field.onChange(value)}
        onBlur={field.onBlur}
        disabled={disabled}
        getLabelText={(value: number) => translate('app.home.starChoice', { smart_count: value })}
        // Each star a 40 px target on a phone.
        sx={{ fontSize: 40 }}
      />
      {error ? <FormHelperText>{translate(error, { _: error })}</FormHelperText> : null}
    </FormControl>
  );
}
