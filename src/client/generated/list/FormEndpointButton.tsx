import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import Alert from '@mui/material/Alert';
import MuiButton from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useGetList, useRefresh, useTranslate } from 'react-admin';
import type { AnyResource, Endpoint, EndpointForm, EndpointFormInput } from '../../../core/resource';
import { recordTitle } from '../../../core/record-title';
import { grants } from '../../../core/roles';
import { useActiveLocale } from '../active-locale';
import { useEntry, useRegistry } from '../context';
import type { LanternDataProvider } from '../data-provider';
import { translateServerText } from '../i18n-server-messages';
import { usePrincipal } from '../principal';

/** How many entries of a preview are listed; its count says how many there are in all. */
const PREVIEWED = 10;
/** The phone's minimum tap target (docs/resources.md). */
const TAP = 40;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

type Values = Record<string, unknown>;
type Answer = Record<string, unknown>;

/** The collection endpoints a list offers as form buttons to this account (`form`). */
export function useFormEndpoints(config: AnyResource): [string, Endpoint & { form: EndpointForm }][] {
  const { principal } = usePrincipal();
  return Object.entries(config.endpoints ?? {}).filter(
    (entry): entry is [string, Endpoint & { form: EndpointForm }] =>
      Boolean(entry[1].form) && !entry[1].record && grants(entry[1].by, principal),
  );
}

function initialValues(form: EndpointForm): Values {
  return Object.fromEntries(
    Object.entries(form.inputs).map(([name, input]) => {
      switch (input.kind) {
        case 'weekdays':
          return [name, [] as number[]];
        case 'times':
          return [name, ['']];
        case 'integer':
          return [name, input.default === undefined ? '' : String(input.default)];
        default:
          return [name, ''];
      }
    }),
  );
}

/** The form's values as the endpoint takes them: ids and integers as numbers, empty inputs left out. */
function bodyOf(form: EndpointForm, values: Values): Values {
  const body: Values = {};
  for (const [name, input] of Object.entries(form.inputs)) {
    const value = values[name];
    if (input.kind === 'times') body[name] = (value as string[]).filter(Boolean);
    else if (input.kind === 'weekdays') body[name] = value;
    else if (value === '') continue;
    else body[name] = input.kind === 'ref' || input.kind === 'integer' ? Number(value) : value;
  }
  return body;
}

/** A preview entry in the reader's words: its days as dates of their language, the rest as written. */
function entryText(entry: unknown, locale: string): string {
  const days = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const parts = entry && typeof entry === 'object' ? Object.values(entry) : [entry];
  return parts
    .map((part) =>
      typeof part === 'string' && DAY.test(part) ? days.format(new Date(`${part}T00:00:00Z`)) : String(part),
    )
    .join(' · ');
}

/** What each input of the form is given: its name, label, value and error, and how to change the value. */
interface InputProps<T> {
  name: string;
  label: string;
  required?: boolean;
  value: T;
  error?: string;
  onChange: (value: T) => void;
}

function RefSelect({
  name,
  input,
  label,
  value,
  error,
  onChange,
}: InputProps<string> & { input: Extract<EndpointFormInput, { kind: 'ref' }> }) {
  const registry = useRegistry();
  const locale = useActiveLocale();
  const target = registry.config(input.resource);
  const { data = [] } = useGetList(registry.routeOf(input.resource) ?? input.resource, {
    filter: input.filter,
    pagination: { page: 1, perPage: 200 },
  });
  return (
    <TextField
      select
      name={name}
      label={label}
      value={value}
      required={input.required}
      error={Boolean(error)}
      helperText={error}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      data-testid={`input-${name}`}
    >
      <option value="" />
      {data.map((record) => (
        <option key={record.id} value={String(record.id)}>
          {recordTitle(target, record, locale)}
        </option>
      ))}
    </TextField>
  );
}

/** ISO weekdays, Monday first, named by the browser in the page's language. */
function WeekdayChecks({ name, label, required, value, error, onChange }: InputProps<number[]>) {
  const locale = useActiveLocale();
  const short = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  const days = [1, 2, 3, 4, 5, 6, 7].map((day) => ({
    day,
    text: short.format(new Date(Date.UTC(2024, 0, day))),
  }));
  return (
    <FormControl component="fieldset" required={required} error={Boolean(error)} data-testid={`input-${name}`}>
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup row>
        {days.map(({ day, text }) => (
          <FormControlLabel
            key={day}
            sx={{ mr: 1, minHeight: TAP }}
            control={
              <Checkbox
                name={`${name}-${day}`}
                checked={value.includes(day)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...value, day].sort((a, b) => a - b)
                      : value.filter((other) => other !== day),
                  )
                }
              />
            }
            label={text}
          />
        ))}
      </FormGroup>
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
}

function TimeList({ name, label, required, value, error, onChange }: InputProps<string[]>) {
  const translate = useTranslate();
  return (
    <FormControl component="fieldset" required={required} error={Boolean(error)} data-testid={`input-${name}`}>
      <FormLabel component="legend">{label}</FormLabel>
      <Stack spacing={1} sx={{ mt: 1 }}>
        {value.map((time, index) => (
          <Stack key={index} direction="row" spacing={1} alignItems="center">
            <TextField
              type="time"
              name={`${name}-${index}`}
              value={time}
              size="small"
              slotProps={{ htmlInput: { 'aria-label': `${label} ${index + 1}` } }}
              onChange={(event) => onChange(value.map((other, at) => (at === index ? event.target.value : other)))}
            />
            {value.length > 1 ? (
              <IconButton
                aria-label={translate('app.endpoints.form.removeTime', { time: time || index + 1 })}
                onClick={() => onChange(value.filter((_, at) => at !== index))}
                sx={{ width: TAP, height: TAP }}
              >
                <DeleteIcon />
              </IconButton>
            ) : null}
          </Stack>
        ))}
        <MuiButton
          startIcon={<AddIcon />}
          onClick={() => onChange([...value, ''])}
          sx={{ alignSelf: 'flex-start', minHeight: TAP }}
          data-testid={`input-${name}-add`}
        >
          {translate('app.endpoints.form.addTime')}
        </MuiButton>
      </Stack>
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
}

/**
 * A form endpoint of the list's resource (`form`): fill its inputs, read the preview (how many, the first ones),
 * then send; the answer's counts are stated in the reader's language and the list refreshes. Full screen on a phone.
 */
export function FormEndpointButton({ name, form }: { name: string; form: EndpointForm }) {
  const { config } = useEntry();
  const translate = useTranslate();
  const locale = useActiveLocale();
  const refresh = useRefresh();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const dataProvider = useDataProvider<LanternDataProvider>();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>(() => initialValues(form));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<Answer | null>(null);
  const [done, setDone] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);
  const base = `resources.${config.name}.endpoints.${name}`;
  const title = translate(`${base}.title`, { _: name });

  const close = () => {
    setOpen(false);
    setValues(initialValues(form));
    setErrors({});
    setProblem(null);
    setPreview(null);
    setDone(null);
  };
  const change = (input: string, value: unknown) => {
    setValues((current) => ({ ...current, [input]: value }));
    // A preview is of the values it was asked for: any change asks for a new one before sending.
    setPreview(null);
    setDone(null);
    setErrors(({ [input]: _, ...rest }) => rest);
  };
  const post = async (endpoint: string): Promise<Answer | null> => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await dataProvider.sendJson<Answer>('POST', `/${config.name}/-/${endpoint}`, bodyOf(form, values));
      setErrors({});
      return answer;
    } catch (caught) {
      const body = (caught as { body?: { message?: string; errors?: Record<string, string> } }).body;
      const fieldErrors = Object.fromEntries(
        Object.entries(body?.errors ?? {}).map(([field, text]) => [
          field,
          translateServerText(translate, text, locale),
        ]),
      );
      setErrors(fieldErrors);
      const shown = Object.keys(fieldErrors).some((field) => field in form.inputs);
      if (!shown) setProblem(translateServerText(translate, body?.message ?? (caught as Error).message, locale));
      return null;
    } finally {
      setBusy(false);
    }
  };
  const askPreview = async () => {
    if (form.preview) setPreview(await post(form.preview.endpoint));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await post(name);
    if (!answer) return;
    setDone(answer);
    setPreview(null);
    refresh();
  };

  const entries = form.preview && preview ? ((preview[form.preview.list] as unknown[] | undefined) ?? []) : [];
  const total = form.preview && preview ? Number(preview[form.preview.count] ?? entries.length) : 0;
  const ready = !form.preview || (preview !== null && total > 0);

  const inputOf = (input: string, spec: EndpointFormInput) => {
    const label = translate(`${base}.inputs.${input}`, { _: input });
    const error = errors[input];
    switch (spec.kind) {
      case 'ref':
        return (
          <RefSelect
            key={input}
            name={input}
            input={spec}
            label={label}
            value={values[input] as string}
            error={error}
            onChange={(value) => change(input, value)}
          />
        );
      case 'weekdays':
        return (
          <WeekdayChecks
            key={input}
            name={input}
            label={label}
            required={spec.required}
            value={values[input] as number[]}
            error={error}
            onChange={(value) => change(input, value)}
          />
        );
      case 'times':
        return (
          <TimeList
            key={input}
            name={input}
            label={label}
            required={spec.required}
            value={values[input] as string[]}
            error={error}
            onChange={(value) => change(input, value)}
          />
        );
      default:
        return (
          <TextField
            key={input}
            name={input}
            type={spec.kind === 'date' ? 'date' : 'number'}
            label={label}
            value={values[input] as string}
            required={spec.required}
            error={Boolean(error)}
            helperText={error}
            onChange={(event) => change(input, event.target.value)}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: spec.kind === 'integer' ? { min: spec.min, max: spec.max, step: 1 } : undefined,
            }}
            data-testid={`input-${input}`}
          />
        );
    }
  };

  return (
    <>
      <MuiButton
        size="small"
        startIcon={<EventRepeatIcon />}
        onClick={() => setOpen(true)}
        sx={{ minHeight: TAP }}
        data-testid={`endpoint-${name}`}
      >
        {title}
      </MuiButton>
      <Dialog
        open={open}
        onClose={close}
        fullWidth
        fullScreen={phone}
        maxWidth="sm"
        aria-labelledby={`endpoint-${name}-title`}
      >
        <form onSubmit={submit} noValidate>
          <DialogTitle id={`endpoint-${name}-title`}>{title}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {Object.entries(form.inputs).map(([input, spec]) => inputOf(input, spec))}
              {problem ? (
                <Alert severity="error" data-testid={`endpoint-${name}-error`}>
                  {problem}
                </Alert>
              ) : null}
              {form.preview && preview ? (
                <div data-testid={`endpoint-${name}-preview`} data-count={total} role="status">
                  <Typography variant="subtitle1" component="h3">
                    {translate(`${base}.preview`, { count: total })}
                  </Typography>
                  <Typography component="ul" variant="body2" sx={{ m: 0, pl: 3 }}>
                    {entries.slice(0, PREVIEWED).map((entry, index) => (
                      <li key={index}>{entryText(entry, locale)}</li>
                    ))}
                    {total > PREVIEWED ? (
                      <li>{translate('app.endpoints.form.more', { count: total - PREVIEWED })}</li>
                    ) : null}
                  </Typography>
                </div>
              ) : null}
              {done ? (
                <Alert severity="success" data-testid={`endpoint-${name}-done`} role="status">
                  {translate(
                    `${base}.done`,
                    Object.fromEntries(form.counts.map((count) => [count, Number(done[count] ?? 0)])),
                  )}
                </Alert>
              ) : null}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <MuiButton onClick={close} sx={{ minHeight: TAP }} data-testid={`endpoint-${name}-close`}>
              {translate('ra.action.close')}
            </MuiButton>
            {form.preview ? (
              <MuiButton
                onClick={askPreview}
                disabled={busy}
                sx={{ minHeight: TAP }}
                data-testid={`endpoint-${name}-preview-button`}
              >
                {translate('app.endpoints.form.preview')}
              </MuiButton>
            ) : null}
            <MuiButton
              type="submit"
              variant="contained"
              disabled={busy || !ready}
              sx={{ minHeight: TAP }}
              data-testid={`endpoint-${name}-send`}
            >
              {translate(`${base}.send`)}
            </MuiButton>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
