import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Button, useDataProvider, useRefresh, useTranslate } from 'react-admin';
import type { AnyResource, Endpoint } from '../../../core/resource';
import { grants } from '../../../core/roles';
import { useEntry } from '../context';
import type { LanternDataProvider } from '../data-provider';
import { usePrincipal } from '../principal';
import { DialogTextButton } from '../DialogTextButton';

/** How many entries of one list of the answer are shown; the count says how many there are. */
const SHOWN = 200;

type Entry = { line?: number; reason?: string } & Record<string, unknown>;

/** The collection endpoints a list offers as file buttons to this account (`listButton`). */
export function useFileEndpoints(config: AnyResource): [string, Endpoint][] {
  const { principal } = usePrincipal();
  return Object.entries(config.endpoints ?? {}).filter(
    ([, endpoint]) => endpoint.listButton && !endpoint.record && grants(endpoint.by, principal),
  );
}

function AnswerList({
  config,
  endpoint,
  name,
  entries,
}: {
  config: AnyResource;
  endpoint: string;
  name: string;
  entries: Entry[];
}) {
  const translate = useTranslate();
  const base = `resources.${config.name}.endpoints.${endpoint}`;
  return (
    <div data-testid={`answer-${name}`} data-count={entries.length}>
      <Typography variant="subtitle1" component="h3">
        {translate(`${base}.${name}`, { _: name })}: {entries.length}
      </Typography>
      <Typography component="ul" variant="body2" sx={{ m: 0, pl: 3 }}>
        {entries.slice(0, SHOWN).map((entry, index) => (
          <li key={index}>
            {entry.line !== undefined
              ? translate('app.endpoints.file.line', { line: entry.line, _: `Line ${entry.line}` })
              : null}
            {entry.reason ? `: ${translate(`${base}.reasons.${entry.reason}`, { _: entry.reason })}` : null}
            {!entry.reason && typeof entry.orderCode === 'string' ? `: ${entry.orderCode}` : null}
          </li>
        ))}
        {entries.length > SHOWN ? <li>…</li> : null}
      </Typography>
    </div>
  );
}

/**
 * A file endpoint of the list's resource (`listButton`): choose a file, send it, and read the answer — each of
 * its lists with its count and, line by line, the reasons — in the reader's language.
 */
export function FileEndpointButton({ name, endpoint }: { name: string; endpoint: Endpoint }) {
  const { config } = useEntry();
  const translate = useTranslate();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<LanternDataProvider>();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<Record<string, unknown> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const base = `resources.${config.name}.endpoints.${name}`;
  const accept = typeof endpoint.body === 'object' ? endpoint.body.file.accept : undefined;
  const close = () => {
    setOpen(false);
    setFile(null);
    setAnswer(null);
    setError(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setSending(true);
    setError(null);
    try {
      const form = new FormData();
      form.append('file', file);
      setAnswer(await dataProvider.sendForm<Record<string, unknown>>(`/${config.name}/-/${name}`, form));
      refresh();
    } catch (caught) {
      const body = (caught as { body?: { message?: string } }).body;
      setError(body?.message ?? (caught as Error).message);
    } finally {
      setSending(false);
    }
  };
  const title = translate(`${base}.title`, { _: name });
  return (
    <>
      <Button label={title} onClick={() => setOpen(true)} data-testid={`endpoint-${name}`}>
        <UploadFileIcon />
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby={`endpoint-${name}-title`}>
        <form onSubmit={submit}>
          <DialogTitle id={`endpoint-${name}-title`}>{title}</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <label>
                <Typography variant="body2" component="span" sx={{ display: 'block', mb: 0.5 }}>
                  {translate('app.endpoints.file.choose', { _: 'Choose a file' })}
                </Typography>
                <input
                  type="file"
                  name="file"
                  accept={accept}
                  data-testid={`endpoint-${name}-file`}
                  onChange={(event) => {
                    setFile(event.target.files?.[0] ?? null);
                    setAnswer(null);
                    setError(null);
                  }}
                />
              </label>
              {error ? (
                <Alert severity="error" data-testid={`endpoint-${name}-error`}>
                  {error}
                </Alert>
              ) : null}
              {answer ? (
                <Stack spacing={1} data-testid={`endpoint-${name}-answer`} role="status">
                  {(endpoint.listButton?.lists ?? [])
                    .filter((key) => Array.isArray(answer[key]))
                    .map((key) => (
                      <AnswerList
                        key={key}
                        config={config}
                        endpoint={name}
                        name={key}
                        entries={answer[key] as Entry[]}
                      />
                    ))}
                </Stack>
              ) : null}
            </Stack>
          </DialogContent>
          <DialogActions>
            <DialogTextButton label="ra.action.close" onClick={close} />
            {/* react-admin's Button drops its label below 600 px: without an icon it was an empty 24 px square. */}
            <MuiButton
              type="submit"
              variant="contained"
              disabled={!file || sending}
              sx={{ minHeight: 40, minWidth: 64 }}
              data-testid={`endpoint-${name}-send`}
            >
              {translate('app.endpoints.file.send', { _: 'Send' })}
            </MuiButton>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
