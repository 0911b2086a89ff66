import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, useCallback, type ReactNode } from 'react';
import {
  AddNotificationContext,
  useAddNotificationContext,
  useCloseNotification,
  useNotify,
  useRefresh,
  useTranslate,
  type NotificationPayload,
} from 'react-admin';
import { errorMessage } from '../workflow/errors';
import { FAULT_MESSAGES, faultOfMessage, takeLatestFault, type FaultKind } from '../faults';

/** One fault toast at a time: the several requests of a screen that fail together ask for one Retry. */
let showing = false;

/**
 * The toast of a busy record or an unavailable server (SPEC §10): the message and a Retry that sends the failed
 * write again (a read is simply fetched again) and refreshes the screen. It stays until the user acts: a
 * choice offered should not vanish before a keyboard or screen-reader user reaches it.
 */
function FaultToast({ kind, replay }: { kind: FaultKind; replay?: () => Promise<unknown> }) {
  const translate = useTranslate();
  const close = useCloseNotification();
  const refresh = useRefresh();
  const notify = useNotify();
  useEffect(
    () => () => {
      showing = false;
    },
    [],
  );
  const retry = async () => {
    close();
    try {
      await replay?.();
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    }
    refresh();
  };
  return (
    <Alert
      severity="warning"
      variant="filled"
      data-testid="fault-toast"
      onClose={close}
      closeText={translate('ra.action.close')}
      action={
        <Button color="inherit" size="small" onClick={() => void retry()}>
          {translate('app.error.retry')}
        </Button>
      }
    >
      {translate(FAULT_MESSAGES[kind])}
    </Alert>
  );
}

/**
 * Turns the notifications whose message is a fault (whatever screen or hook shows an error's message) into the
 * toast with its Retry. Wraps both the area's screens and the notification itself (a Retry that fails again
 * shows its toast the same way).
 */
export function FaultNotifications({ children }: { children: ReactNode }) {
  const add = useAddNotificationContext();
  const addNotification = useCallback(
    (notification: NotificationPayload) => {
      const kind = faultOfMessage(notification.message);
      if (!kind) return add(notification);
      const fault = takeLatestFault();
      if (showing) return;
      showing = true;
      add({
        message: <FaultToast kind={kind} replay={fault?.replay} />,
        type: 'warning',
        notificationOptions: { autoHideDuration: null },
      });
    },
    [add],
  );
  return <AddNotificationContext.Provider value={addNotification}>{children}</AddNotificationContext.Provider>;
}
