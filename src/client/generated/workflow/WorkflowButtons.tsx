import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState, type ComponentProps } from 'react';
import { useDataProvider, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import type { AnyResource } from '../../../core/resource';
import type { LanternDataProvider } from '../data-provider';
import { lazyWithReload } from '../../shell/chunk-reload';
import { formatDateTime } from '../../../core/format';
import { useActiveLocale } from '../fields/FieldValue';
import { humanize, labels } from '../../../core/labels';
import type { TransitionDialog as Dialog } from './TransitionDialog';
import { asks, useRunTransition } from './useTransition';
import { ActionButton } from './ActionButton';

// The dialog and its inputs (the form code) load when a transition that asks for input is first started: a
// screen showing the buttons (a dashboard's record card) does not fetch form code for its first paint.
const TransitionDialog = lazyWithReload<ComponentProps<typeof Dialog>>(() =>
  import('./TransitionDialog').then((m) => ({ default: m.TransitionDialog })),
);

export function TransitionButton({
  config,
  action,
  onDone,
  size,
  disabledReason,
}: {
  config: AnyResource;
  action: string;
  onDone?: (record: Record<string, unknown>) => void;
  size?: 'small' | 'medium';
  /** Why the button is disabled (e.g. the admin has signed and another must). */
  disabledReason?: string;
}) {
  const resource = useResourceContext() ?? config.name;
  const record = useRecordContext();
  const translate = useTranslate();
  const transition = config.workflow?.transitions[action];
  const tone = transition?.tone ?? 'primary';
  const { inputs, open, busy, close, start, run } = useRunTransition(config, resource, record?.id, action, onDone);
  // Once opened it stays mounted, so closing it plays its exit and hands focus back to the button.
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  const button = (
    <ActionButton
      label={translate(labels.action(config, action), { _: humanize(action) })}
      icon={transition?.icon}
      color={tone}
      variant={tone === 'primary' ? 'contained' : 'outlined'}
      onClick={start}
      disabled={busy || Boolean(disabledReason)}
      size={size}
      data-action={action}
      aria-describedby={disabledReason ? `${action}-disabled-reason` : undefined}
    />
  );
  return (
    <>
      {disabledReason ? (
        // A disabled button takes no pointer events: the tooltip hangs on its wrapper; the reason is also text.
        <Tooltip title={disabledReason}>
          <span>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
      {asks(transition, inputs) && (open || opened) ? (
        <Suspense fallback={null}>
          <TransitionDialog
            config={config}
            action={action}
            inputs={inputs}
            open={open}
            onClose={close}
            onSubmit={run}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** The transitions the server says the signed-in account may run on this record now (`GET …/actions`). */
export function WorkflowButtons({
  config,
  onDone,
}: {
  config: AnyResource;
  onDone?: (record: Record<string, unknown>) => void;
}) {
  const resource = useResourceContext() ?? config.name;
  const record = useRecordContext();
  const dataProvider = useDataProvider<LanternDataProvider>();
  const translate = useTranslate();
  const locale = useActiveLocale();
  const { data } = useQuery({
    queryKey: [resource, 'getActions', { id: String(record?.id), version: record?.version }],
    queryFn: () => dataProvider.getActions(resource, record!.id),
    enabled: Boolean(config.workflow && record?.id !== undefined),
  });
  const actions = (data?.actions ?? []).filter((action) => config.workflow?.transitions[action]);
  if (!actions.length) return null;
  const signatures = data?.signatures ?? {};
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" data-testid="workflow-actions">
        {actions.map((action) => (
          <TransitionButton
            key={action}
            config={config}
            action={action}
            onDone={onDone}
            disabledReason={signatures[action]?.mine ? translate('app.workflow.signedByYou') : undefined}
          />
        ))}
      </Stack>
      {Object.entries(signatures).map(([action, state]) => (
        <Typography
          key={action}
          variant="body2"
          color="text.secondary"
          id={`${action}-disabled-reason`}
          data-testid={`signatures-${action}`}
        >
          {state.signed.length
            ? translate('app.workflow.signatures', {
                count: state.signed.length,
                required: state.required,
                names: state.signed.map((s) => `${s.name}, ${formatDateTime(s.at, locale)}`).join('; '),
              })
            : translate('app.workflow.needsSignatures', { required: state.required })}
          {state.mine ? ` · ${translate('app.workflow.signedByYou')}` : ''}
        </Typography>
      ))}
    </Stack>
  );
}
