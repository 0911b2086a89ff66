import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { Button, useDataProvider, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import type { AnyResource } from '../../../core/resource';
import type { LanternDataProvider } from '../data-provider';
import { humanize, labels } from '../labels';
import { TransitionDialog } from './TransitionDialog';
import { useRunTransition } from './useTransition';

export function TransitionButton({
  config,
  action,
  onDone,
  size,
}: {
  config: AnyResource;
  action: string;
  onDone?: (record: Record<string, unknown>) => void;
  size?: 'small' | 'medium';
}) {
  const resource = useResourceContext() ?? config.name;
  const record = useRecordContext();
  const translate = useTranslate();
  const tone = config.workflow?.transitions[action]?.tone ?? 'primary';
  const { inputs, open, busy, close, start, run } = useRunTransition(config, resource, record?.id, action, onDone);
  return (
    <>
      <Button
        label={translate(labels.action(config, action), { _: humanize(action) })}
        color={tone}
        variant={tone === 'primary' ? 'contained' : 'outlined'}
        onClick={start}
        disabled={busy}
        size={size}
        data-action={action}
      />
      {inputs.length ? (
        <TransitionDialog config={config} action={action} inputs={inputs} open={open} onClose={close} onSubmit={run} />
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
  const { data: actions = [] } = useQuery({
    queryKey: [resource, 'getActions', { id: String(record?.id), version: record?.version }],
    queryFn: () => dataProvider.getActions(resource, record!.id),
    enabled: Boolean(config.workflow && record?.id !== undefined),
  });
  if (!actions.length) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" data-testid="workflow-actions">
      {actions
        .filter((action) => config.workflow?.transitions[action])
        .map((action) => (
          <TransitionButton key={action} config={config} action={action} onDone={onDone} />
        ))}
    </Stack>
  );
}
