import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { Form, SaveButton, TextInput, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import type { AnyResource } from '../../../core/resource';
import { usePrincipal } from '../principal';
import { FieldInput } from '../fields/FieldInput';
import { fieldOf } from '../../../core/value-text';
import { humanize, labels } from '../../../core/labels';
import type { TransitionInput } from './inputs';
import { DialogTextButton } from '../DialogTextButton';
import { useEndpointText } from '../show/InstructionsPanel';
import { recordTitle } from '../../../core/record-title';
import { useActiveLocale } from '../active-locale';

/** The transition's `preview`: what it will do, from a record endpoint, stated before it is confirmed. */
function Preview({
  config,
  endpoint,
  record,
  open,
}: {
  config: AnyResource;
  endpoint: string;
  record: RaRecord | undefined;
  open: boolean;
}) {
  const translate = useTranslate();
  const answer = useEndpointText(config, endpoint, record, open);
  if (!answer) return null;
  const message = typeof answer.data.message === 'string' ? answer.data.message : 'text';
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid={`preview-${endpoint}`}>
      {translate(`resources.${config.name}.endpoints.${endpoint}.${message}`, answer.params)}
    </Alert>
  );
}

const requiredValue = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
    ? 'validation.required'
    : undefined;

/** A text field that holds a short code or a time (a pattern, or a few characters), not words: one line. */
const SHORT_TEXT = 64;

function InputFor({ config, input }: { config: AnyResource; input: TransitionInput }) {
  const translate = useTranslate();
  const field = input.field ? fieldOf(config, input.field) : undefined;
  const words =
    !field ||
    field.kind === 'longText' ||
    (field.kind === 'text' && !field.pattern && (field.length ?? Infinity) > SHORT_TEXT);
  // Drawn as the record's form draws the field, asked for as the transition asks (an optional input is optional).
  if (field && !words)
    return <FieldInput config={config} name={input.field!} source={input.name} mode="edit" required={input.required} />;
  const key = input.field ? labels.field(config, input.field) : `app.workflow.inputs.${input.name}`;
  return (
    <TextInput
      source={input.name}
      label={translate(key, { _: humanize(input.name) })}
      multiline
      minRows={3}
      fullWidth
      autoFocus
      validate={input.required ? requiredValue : undefined}
      isRequired={input.required}
    />
  );
}

/**
 * Asks for a transition's inputs (e.g. a rejection reason). `onSubmit` returns the server's per-field
 * errors to show them on the inputs, or nothing on success.
 */
export function TransitionDialog({
  config,
  action,
  inputs,
  open,
  count,
  onClose,
  onSubmit,
}: {
  config: AnyResource;
  action: string;
  inputs: TransitionInput[];
  open: boolean;
  /** How many records the action applies to (bulk). */
  count?: number;
  onClose: () => void;
  onSubmit: (values: Record<string, unknown>) => Promise<Record<string, string> | void>;
}) {
  const translate = useTranslate();
  const actionLabel = translate(labels.action(config, action), { _: humanize(action) });
  // The dialog's own words for the reader's kind of account where the config asks for them (`dialogWords`): a
  // traveller's "Keep my booking" / "Cancel booking" rather than "Cancel" / "Cancel order", as written.
  const { principal } = usePrincipal();
  const kinds: readonly string[] = config.workflow?.transitions[action]?.dialogWords ?? [];
  const named = kinds.includes(principal.kind);
  const words = (key: 'title' | 'dismiss' | 'confirm', fallback: string) =>
    named
      ? translate(`resources.${config.name}.dialogs.${action}.${principal.kind}.${key}`, { _: fallback })
      : fallback;
  const transition = config.workflow?.transitions[action];
  const preview = transition?.preview;
  // Read before the form, whose own (empty) record its fields see.
  const record = useRecordContext();
  const locale = useActiveLocale();
  // A transition that asks to be confirmed names the record it is about to change (one record; a bulk run its count).
  const title = record ? recordTitle(config, record, locale) : '';
  const confirmText =
    transition?.confirm && record && !count
      ? translate('app.workflow.confirm', { record: title, _: `${actionLabel}: ${title}?` })
      : undefined;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`transition-${action}-title`}>
      <Form onSubmit={onSubmit} record={{}}>
        <DialogTitle id={`transition-${action}-title`}>{words('title', actionLabel)}</DialogTitle>
        <DialogContent>
          {count && count > 1 ? (
            <Typography variant="body2" sx={{ mb: 1 }}>
              {translate('app.workflow.bulkCount', { smart_count: count, _: `${count} records` })}
            </Typography>
          ) : null}
          {confirmText ? (
            <DialogContentText sx={{ mb: inputs.length ? 2 : 0 }} data-testid={`confirm-${action}`}>
              {confirmText}
            </DialogContentText>
          ) : null}
          {preview && !count ? (
            <Preview config={config} endpoint={preview.endpoint} record={record} open={open} />
          ) : null}
          {/* Room above the first input: its label, drawn above the box, is not cut by the dialog's scroll area. */}
          <Box sx={{ pt: 1.5 }}>
            {inputs.map((input) => (
              <InputFor key={input.name} config={config} input={input} />
            ))}
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
          <DialogTextButton
            label="ra.action.cancel"
            text={words('dismiss', translate('ra.action.cancel'))}
            onClick={onClose}
            asWritten={named}
          />
          <SaveButton
            label={words('confirm', actionLabel)}
            icon={<></>}
            alwaysEnable
            color={transition?.tone ?? 'primary'}
            sx={{ minHeight: 40, ...(named ? { textTransform: 'none' } : {}) }}
          />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
