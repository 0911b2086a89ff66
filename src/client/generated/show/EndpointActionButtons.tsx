import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import {
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { humanize, labels } from '../../../core/labels';
import type { AnyResource, Endpoint } from '../../../core/resource';
import { grants } from '../../../core/roles';
import type { LanternDataProvider } from '../data-provider';
import { usePrincipal } from '../principal';
import { ActionButton } from '../workflow/ActionButton';
import { errorMessage } from '../workflow/errors';
import { keepOnce } from './OnceSecret';

type ButtonEndpoint = Endpoint & { button: NonNullable<Endpoint['button']> };

/** The record actions the config draws as buttons (`button`) that this account may run. */
function buttonEndpoints(config: AnyResource, principal: Parameters<typeof grants>[1]): [string, ButtonEndpoint][] {
  return Object.entries(config.endpoints ?? {}).filter(
    (entry): entry is [string, ButtonEndpoint] => Boolean(entry[1].button) && grants(entry[1].by, principal),
  );
}

/** One record action: asks first when the config says so, runs, says it is done and shows a key it answers once. */
function EndpointActionButton({
  config,
  name,
  endpoint,
}: {
  config: AnyResource;
  name: string;
  endpoint: ButtonEndpoint;
}) {
  const translate = useTranslate();
  const record = useRecordContext();
  // the area's own name for the resource, as the workflow buttons pass it
  const resource = useResourceContext() ?? config.name;
  const dataProvider = useDataProvider<LanternDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const label = translate(labels.action(config, name), { _: humanize(name) });
  const tone = endpoint.button.tone ?? 'primary';

  const run = async () => {
    if (record?.id === undefined) return;
    setBusy(true);
    try {
      const answer = await dataProvider.runAction(resource, record.id, name);
      setAsking(false);
      if (config.apiClient) keepOnce(config.name, record.id, answer?.[config.apiClient.key]);
      notify('app.workflow.done', { type: 'success', messageArgs: { action: label, _: 'Done' } });
      refresh();
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ActionButton
        label={label}
        color={tone}
        variant="outlined"
        disabled={busy}
        data-action={name}
        onClick={() => (endpoint.button.confirm ? setAsking(true) : void run())}
      />
      {endpoint.button.confirm ? (
        <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby={`endpoint-${name}-title`}>
          <DialogTitle id={`endpoint-${name}-title`}>{label}</DialogTitle>
          <DialogContent>
            <DialogContentText data-testid={`confirm-${name}`}>
              {translate(`resources.${config.name}.endpoints.${name}.confirm`)}
            </DialogContentText>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
            <ActionButton
              label={translate('ra.action.cancel')}
              onClick={() => setAsking(false)}
              sx={{ minHeight: 40 }}
            />
            <ActionButton
              label={label}
              color={tone}
              variant="contained"
              disabled={busy}
              onClick={() => void run()}
              sx={{ minHeight: 40 }}
            />
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}

/** The record's actions drawn as buttons (`endpoints.{name}.button`) for this account. */
export function EndpointActionButtons({ config }: { config: AnyResource }) {
  const { principal } = usePrincipal();
  return (
    <>
      {buttonEndpoints(config, principal).map(([name, endpoint]) => (
        <EndpointActionButton key={name} config={config} name={name} endpoint={endpoint} />
      ))}
    </>
  );
}
