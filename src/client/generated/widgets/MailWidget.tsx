import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useBasename, useDataProvider, useGetIdentity, useTranslate } from 'react-admin';
import type { Me } from '../auth-provider';
import { useRegistry } from '../context';
import type { LanternDataProvider } from '../data-provider';

interface MailState {
  enabled: boolean;
  server: string | null;
  pending: number;
  failed: number;
}

/**
 * The outbox on the system screen (SPEC §8): whether mail goes out (and through which server), how many mails
 * wait, and the failed ones, which open the outbox list where super_admin sends them again. Only super_admin
 * reads it; for others it shows nothing.
 */
export function MailWidget() {
  const translate = useTranslate();
  const basename = useBasename();
  const registry = useRegistry();
  const dataProvider = useDataProvider<LanternDataProvider>();
  const { identity } = useGetIdentity();
  const { data } = useQuery({
    enabled: (identity as Me | undefined)?.role === 'super_admin',
    queryKey: ['system', 'mail'],
    queryFn: () => dataProvider.getJson<MailState>('/system/mail'),
    refetchInterval: 30_000,
    retry: false,
  });
  const store = registry.resources.find((config) => config.mailStore);
  const route = store ? registry.routeOf(store.name) : undefined;
  if (!data) return null;
  const failedList = `${basename}/${route}?filter=${encodeURIComponent(JSON.stringify({ status: 'failed' }))}`;
  return (
    <Alert
      severity={!data.enabled ? 'warning' : data.failed ? 'error' : 'info'}
      sx={{ mb: 2 }}
      data-testid="mail-state"
      action={
        <Stack direction="row" spacing={1}>
          <Chip size="small" label={`${translate('app.mail.pending')}: ${data.pending}`} />
          {route ? (
            <Chip
              size="small"
              color={data.failed ? 'error' : 'default'}
              label={`${translate('app.mail.failed')}: ${data.failed}`}
              component={Link}
              to={failedList}
              clickable
            />
          ) : null}
        </Stack>
      }
    >
      {data.enabled ? translate('app.mail.on', { server: data.server }) : translate('app.mail.off')}
    </Alert>
  );
}
