import TextField from '@mui/material/TextField';
import { useT } from '../i18n/context';

/** The six digits of the authenticator app: a numeric keypad on phones, filled in by the OS where it can. */
export function CodeField({
  value,
  onChange,
  autoFocus,
  error,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
  error?: string;
  label?: string;
}) {
  const t = useT();
  return (
    <TextField
      label={label ?? t('app.twoFactor.code')}
      name="code"
      required
      autoFocus={autoFocus}
      autoComplete="one-time-code"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? t('app.twoFactor.codeHelp')}
      slotProps={{
        htmlInput: { inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 7, 'data-testid': 'two-factor-code' },
      }}
    />
  );
}
