import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useState } from 'react';
import {
  useDataProvider,
  useListContext,
  useRefresh,
  useResourceContext,
  useTranslate,
  type Identifier,
} from 'react-admin';
import type { AnyResource } from '../../../core/resource';
import type { LanternDataProvider } from '../data-provider';
import { humanize, labels } from '../../../core/labels';
import { errorMessage } from './errors';
import { transitionInputs } from './inputs';
import { ActionButton } from './ActionButton';
import { TransitionDialog } from './TransitionDialog';
import { DialogTextButton } from '../DialogTextButton';

interface Outcome {
  id: Identifier;
  ok: boolean;
  message?: string;
}

/** Runs a `bulk` transition on every selected row, one request each, and reports each row's outcome. */
export function BulkTransitionButton({ config, action }: { config: AnyResource; action: string }) {
  const resource = useResourceContext() ?? config.name;
  const { selectedIds, onUnselectItems } = useListContext();
  const dataProvider = useDataProvider<LanternDataProvider>();
  const refresh = useRefresh();
  const translate = useTranslate();
  const transition = config.workflow!.transitions[action];
  const inputs = transitionInputs(config, transition);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[] | undefined>();
  const actionLabel = translate(labels.action(config, action), { _: humanize(action) });

  const run = async (values: Record<string, unknown> = {}) => {
    setBusy(true);
    const results: Outcome[] = [];
    // One at a time: each transition locks its row, and the report keeps the list's order.
    for (const id of selectedIds) {
      try {
        await dataProvider.runAction(resource, id, action, values);
        results.push({ id, ok: true });
      } catch (error) {
        results.push({ id, ok: false, message: translate(errorMessage(error), { _: errorMessage(error) }) });
      }
    }
    setBusy(false);
    setAsking(false);
    setOutcomes(results);
    onUnselectItems();
    refresh();
  };

  const done = outcomes?.filter((o) => o.ok).length ?? 0;
  return (
    <>
      <ActionButton
        label={actionLabel}
        icon={transition.icon}
        color={transition.tone ?? 'primary'}
        disabled={busy || !selectedIds.length}
        onClick={() => (inputs.length || transition.confirm ? setAsking(true) : void run())}
        data-bulk-action={action}
      />
      {inputs.length || transition.confirm ? (
        <TransitionDialog
          config={config}
          action={action}
          inputs={inputs}
          open={asking}
          count={selectedIds.length}
          onClose={() => setAsking(false)}
          onSubmit={run}
        />
      ) : null}
      <Dialog open={Boolean(outcomes)} onClose={() => setOutcomes(undefined)} fullWidth maxWidth="sm">
        <DialogTitle>
          {translate('app.workflow.bulkResult', {
            action: actionLabel,
            done,
            total: outcomes?.length ?? 0,
            _: `${actionLabel}: ${done} / ${outcomes?.length ?? 0}`,
          })}
        </DialogTitle>
        <DialogContent>
          <List dense data-testid="bulk-outcomes">
            {outcomes?.map((outcome) => (
              <ListItem key={String(outcome.id)} data-ok={outcome.ok}>
                <ListItemText
                  primary={`#${outcome.id}`}
                  secondary={
                    outcome.ok
                      ? translate('app.workflow.succeeded', { _: 'Done' })
                      : `${translate('app.workflow.refused', { _: 'Refused' })}: ${outcome.message}`
                  }
                  secondaryTypographyProps={{ color: outcome.ok ? 'success.main' : 'error.main' }}
                />
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <DialogTextButton label="ra.action.close" onClick={() => setOutcomes(undefined)} />
        </DialogActions>
      </Dialog>
    </>
  );
}
