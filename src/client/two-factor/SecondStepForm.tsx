import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useT } from '../i18n/context';
import { CodeField } from './CodeField';
import { codeFailureKey, SIGN_IN_AGAIN, statusOf, type SecondFactorProof } from './api';
import { FormFrame } from '../shell/FormFrame';

/**
 * The second step of a sign-in whose password was right (SPEC §12): a code of the app, or a recovery code.
 * `verify` sends it (and completes the sign-in); `onRestart` goes back to the password when the step expired.
 */
export function SecondStepForm({
  verify,
  onRestart,
}: {
  verify: (proof: SecondFactorProof) => Promise<void>;
  onRestart: () => void;
}) {
  const t = useT();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await verify(recovery ? { recoveryCode: value } : { code: value });
    } catch (failure) {
      // No sign-in waits for this step any more (it expired, or ended): back to the password.
      if (statusOf(failure) === 401 && (failure as Error).message === SIGN_IN_AGAIN) setExpired(true);
      else setError(t(codeFailureKey(failure)));
    } finally {
      setBusy(false);
    }
  };

  if (expired)
    return (
      <Stack spacing={2}>
        <Alert severity="warning" role="alert">
          {t('app.twoFactor.expired')}
        </Alert>
        <Button variant="contained" onClick={onRestart}>
          {t('app.twoFactor.back')}
        </Button>
      </Stack>
    );

  return (
    <FormFrame
      testId="second-step-form"
      failure={error}
      onSubmit={submit}
      before={
        <Typography>{t(recovery ? 'app.twoFactor.recoveryStepHelp' : 'app.twoFactor.secondStepHelp')}</Typography>
      }
    >
      {recovery ? (
        <TextField
          label={t('app.twoFactor.recoveryCode')}
          name="recoveryCode"
          required
          autoFocus
          autoComplete="off"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'two-factor-recovery-code', spellCheck: false } }}
        />
      ) : (
        <CodeField value={value} onChange={setValue} autoFocus />
      )}
      <Button type="submit" variant="contained" size="large" disabled={busy || value.trim() === ''}>
        {t('app.twoFactor.verify')}
      </Button>
      <Link
        component="button"
        type="button"
        variant="body2"
        onClick={() => {
          setRecovery(!recovery);
          setValue('');
          setError(undefined);
        }}
      >
        {t(recovery ? 'app.twoFactor.useCode' : 'app.twoFactor.useRecovery')}
      </Link>
      <Link component="button" type="button" variant="body2" onClick={onRestart}>
        {t('app.twoFactor.back')}
      </Link>
    </FormFrame>
  );
}
