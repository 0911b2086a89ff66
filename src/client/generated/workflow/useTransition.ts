import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate, type Identifier } from 'react-admin';
import type { AnyResource, Transition } from '../../../core/resource';
import type { LanternDataProvider } from '../data-provider';
import { humanize, labels } from '../../../core/labels';
import { errorMessage, fieldErrors } from './errors';
import { transitionInputs } from './inputs';

/** Whether a transition opens its dialog before it runs: it asks for inputs, states a preview, or asks to confirm. */
export function asks(transition: Transition | undefined, inputs: readonly unknown[]): boolean {
  return Boolean(inputs.length || transition?.preview || transition?.confirm);
}

/** Runs one transition on one record: opens the inputs dialog first when the transition asks for inputs. */
export function useRunTransition(
  config: AnyResource,
  resource: string,
  id: Identifier | undefined,
  action: string,
  /** Called with the updated record after a success (e.g. to open the next item of a queue). */
  onDone?: (record: Record<string, unknown>) => void,
) {
  const dataProvider = useDataProvider<LanternDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const transition = config.workflow?.transitions[action];
  const inputs = transition ? transitionInputs(config, transition) : [];

  const run = async (values: Record<string, unknown> = {}): Promise<Record<string, string> | void> => {
    if (id === undefined) return;
    setBusy(true);
    try {
      const record = await dataProvider.runAction(resource, id, action, values);
      setOpen(false);
      notify('app.workflow.done', {
        type: 'success',
        messageArgs: { action: translate(labels.action(config, action), { _: humanize(action) }), _: 'Done' },
      });
      if (onDone) onDone(record ?? {});
      else refresh();
    } catch (error) {
      const errors = fieldErrors(error);
      if (errors && open) return errors;
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return {
    inputs,
    open,
    busy,
    close: () => setOpen(false),
    // A transition with a preview opens its dialog to state it even when it asks for nothing, and one that asks to
    // be confirmed (`confirm`) to ask first.
    start: () => (asks(transition, inputs) ? setOpen(true) : void run()),
    run,
  };
}
