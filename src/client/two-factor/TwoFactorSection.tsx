import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useLocale, useT } from '../i18n/context';
import { CodeField } from './CodeField';
import { translateServerText } from '../generated/i18n-server-messages';
import { codeFailureKey, statusOf, twoFactorCall, type TwoFactorStatus } from './api';

type Mode =
  | { kind: 'idle' }
  | { kind: 'password' }
  | { kind: 'setup'; secret: string; qr?: string }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'confirm'; action: 'disable' | 'recovery-codes' };

/** The QR code of the otpauth URL as an SVG image; the QR library loads only when a setup starts. */
async function qrImage(url: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * The signed-in account's two-step sign-in (SPEC §12), for any area's profile screen: set it up from a QR code
 * (or its key typed by hand) and a first code, keep the recovery codes shown once, see how many are left, make
 * new ones, turn it off. `onChange` runs when it is turned on or off (the area refreshes who is signed in).
 */
export default function TwoFactorSection({ onChange, titled = true }: { onChange?: () => void; titled?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const [status, setStatus] = useState<TwoFactorStatus>();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setStatus(await twoFactorCall<TwoFactorStatus>('', locale));
    } catch {
      setError(t('app.error.network'));
    }
  }, [locale, t]);
  useEffect(() => {
    void load();
  }, [load]);

  const reset = (next: Mode) => {
    setMode(next);
    setCode('');
    setError(undefined);
  };

  // The setup starts with the account's password (SPEC §12): a session left open elsewhere is not enough.
  const startSetup = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setNotice(undefined);
    setError(undefined);
    try {
      const setup = await twoFactorCall<{ secret: string; otpauthUrl: string }>('/setup', locale, {
        currentPassword: password,
      });
      setPassword('');
      reset({ kind: 'setup', secret: setup.secret });
      const qr = await qrImage(setup.otpauthUrl);
      setMode({ kind: 'setup', secret: setup.secret, qr });
    } catch (failure) {
      const fieldError = (failure as { errors?: Record<string, string> }).errors?.currentPassword;
      if (fieldError) setError(translateServerText(t, fieldError));
      else setError(t(statusOf(failure) === 429 ? 'app.auth.tooManyAttempts' : 'app.error.network'));
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (mode.kind !== 'setup' && mode.kind !== 'confirm') return;
    setBusy(true);
    setError(undefined);
    try {
      if (mode.kind === 'setup') {
        const { recoveryCodes } = await twoFactorCall<{ recoveryCodes: string[] }>('/enable', locale, { code });
        reset({ kind: 'codes', codes: recoveryCodes });
        setNotice(t('app.twoFactor.enabled'));
        onChange?.();
      } else if (mode.action === 'recovery-codes') {
        const { recoveryCodes } = await twoFactorCall<{ recoveryCodes: string[] }>('/recovery-codes', locale, {
          code,
        });
        reset({ kind: 'codes', codes: recoveryCodes });
      } else {
        await twoFactorCall('/disable', locale, { code });
        reset({ kind: 'idle' });
        setNotice(t('app.twoFactor.disabled'));
        onChange?.();
      }
      await load();
    } catch (failure) {
      setError(t(codeFailureKey(failure)));
    } finally {
      setBusy(false);
    }
  };

  const codeForm = (submitLabel: string) => (
    <Stack component="form" spacing={2} onSubmit={submitCode} noValidate sx={{ maxWidth: 360 }}>
      <CodeField value={code} onChange={setCode} autoFocus error={error} />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={busy || code.trim() === ''}>
          {submitLabel}
        </Button>
        <Button onClick={() => reset({ kind: 'idle' })}>{t('app.twoFactor.cancel')}</Button>
      </Stack>
    </Stack>
  );

  return (
    <Box component="section" aria-label={t('app.twoFactor.title')} data-testid="two-factor">
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
        {/* In a frame that titles it already (a portal card), the section only says whether it is on. */}
        {titled && (
          <Typography variant="h6" component="h2">
            {t('app.twoFactor.title')}
          </Typography>
        )}
        {status && (
          <Chip
            size="small"
            color={status.enabled ? 'success' : 'default'}
            label={t(status.enabled ? 'app.twoFactor.statusOn' : 'app.twoFactor.statusOff')}
            data-testid="two-factor-status"
          />
        )}
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('app.twoFactor.intro')}
      </Typography>
      {status?.required && !status.enabled && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="two-factor-required">
          {t('app.twoFactor.required')}
        </Alert>
      )}
      {notice && (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {notice}
        </Alert>
      )}
      {error && mode.kind === 'idle' && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error}
        </Alert>
      )}

      {mode.kind === 'setup' && (
        <Stack spacing={2}>
          <Typography>{t('app.twoFactor.scan')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} alignItems={{ sm: 'center' }}>
            <Box sx={{ width: 200, height: 200, bgcolor: '#fff', borderRadius: 1, flexShrink: 0 }}>
              {mode.qr && <img src={mode.qr} alt={t('app.twoFactor.qrAlt')} width={200} height={200} />}
            </Box>
            <Box>
              <Typography variant="body2" color="text.secondary" id="two-factor-secret-label">
                {t('app.twoFactor.secretLabel')}
              </Typography>
              <Typography
                component="code"
                aria-labelledby="two-factor-secret-label"
                data-testid="two-factor-secret"
                sx={{ fontFamily: 'monospace', fontSize: '1.05rem', wordBreak: 'break-all', letterSpacing: 1 }}
              >
                {mode.secret}
              </Typography>
            </Box>
          </Stack>
          {codeForm(t('app.twoFactor.confirm'))}
        </Stack>
      )}

      {mode.kind === 'codes' && (
        <Stack spacing={2}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('app.twoFactor.recoveryTitle')}
          </Typography>
          <Typography>{t('app.twoFactor.recoveryHelp')}</Typography>
          <Box
            component="ul"
            data-testid="recovery-codes"
            sx={{ fontFamily: 'monospace', columns: 2, maxWidth: 360, pl: 3, m: 0 }}
          >
            {mode.codes.map((recoveryCode) => (
              <li key={recoveryCode}>{recoveryCode}</li>
            ))}
          </Box>
          <Box>
            <Button variant="contained" onClick={() => reset({ kind: 'idle' })}>
              {t('app.twoFactor.done')}
            </Button>
          </Box>
        </Stack>
      )}

      {mode.kind === 'confirm' && (
        <Stack spacing={2}>
          <Typography>{t('app.twoFactor.confirmWithCode')}</Typography>
          {codeForm(t(mode.action === 'disable' ? 'app.twoFactor.disable' : 'app.twoFactor.newCodes'))}
        </Stack>
      )}

      {mode.kind === 'idle' && status && !status.enabled && (
        <Button
          variant="contained"
          onClick={() => reset({ kind: 'password' })}
          disabled={busy}
          data-testid="two-factor-start"
        >
          {t('app.twoFactor.start')}
        </Button>
      )}
      {mode.kind === 'password' && (
        <Stack component="form" spacing={2} onSubmit={startSetup} noValidate sx={{ maxWidth: 360 }}>
          <TextField
            label={t('app.auth.currentPassword')}
            type="password"
            name="currentPassword"
            required
            autoFocus
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={Boolean(error)}
            helperText={error}
            slotProps={{ htmlInput: { 'data-testid': 'two-factor-password' } }}
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={busy || password === ''}>
              {t('app.twoFactor.continue')}
            </Button>
            <Button onClick={() => reset({ kind: 'idle' })}>{t('app.twoFactor.cancel')}</Button>
          </Stack>
        </Stack>
      )}
      {mode.kind === 'idle' && status?.enabled && (
        <Stack spacing={2}>
          <Typography data-testid="recovery-codes-left">
            {t('app.twoFactor.recoveryLeft', { count: status.recoveryCodesLeft })}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="outlined" onClick={() => reset({ kind: 'confirm', action: 'recovery-codes' })}>
              {t('app.twoFactor.newCodes')}
            </Button>
            <Button variant="outlined" color="error" onClick={() => reset({ kind: 'confirm', action: 'disable' })}>
              {t('app.twoFactor.disable')}
            </Button>
          </Stack>
        </Stack>
      )}
    </Box>
  );
}
