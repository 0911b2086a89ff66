import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { AnyResource } from '../../../core/resource';
import { StatusChip } from '../../generated/fields/StatusChip';
import { humanize, labels } from '../../../core/labels';
import { decisionOf } from '../account';

/** A record's workflow state as a chip and, after a refusal, the reason given. */
export function Decision({ config, record }: { config: AnyResource; record?: Record<string, unknown> }) {
  const translate = useTranslate();
  const { field, status, reason, tone } = decisionOf(config, record);
  if (!field || !status) return null;
  return (
    <Stack spacing={1} sx={{ mb: 1 }} data-testid={`decision-${config.name}`} data-status={status}>
      <Stack direction="row" spacing={1} alignItems="center">
        <Typography variant="body2" color="text.secondary">
          {translate(labels.field(config, field), { _: humanize(field) })}
        </Typography>
        <StatusChip config={config} field={field} value={status} size="medium" />
      </Stack>
      {reason ? (
        <Alert severity={tone === 'error' ? 'error' : 'warning'} data-testid="decision-reason">
          <strong>{translate('app.portal.reason', { _: 'Reason' })}:</strong> {reason}
        </Alert>
      ) : null}
    </Stack>
  );
}
