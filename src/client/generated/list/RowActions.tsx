import Stack from '@mui/material/Stack';
import { useRecordContext } from 'react-admin';
import type { AnyResource } from '../../../core/resource';
import { availableActions } from '../../../core/workflow';
import { DEFAULT_TIME_ZONE } from '../../../core/zoned-time';
import { usePrincipal } from '../principal';
import { TransitionButton } from '../workflow/WorkflowButtons';

/**
 * One-click decisions in a review list: the row's bulk-capable transitions the account may run from its
 * state (the server still checks each one). Clicks stay in the cell so the row does not open.
 */
export function RowActions({ config }: { config: AnyResource }) {
  const record = useRecordContext();
  const { principal } = usePrincipal();
  if (!record) return null;
  // The platform's clock as a new database sets it: the server refuses anything its own settings do not allow.
  const actions = availableActions(config, record, principal, new Date(), DEFAULT_TIME_ZONE).filter(
    (name) => config.workflow?.transitions[name]?.bulk,
  );
  if (!actions.length) return null;
  return (
    <Stack
      direction="row"
      spacing={0.5}
      onClick={(event) => event.stopPropagation()}
      data-testid="row-actions"
      sx={{ whiteSpace: 'nowrap' }}
    >
      {actions.map((action) => (
        <TransitionButton key={action} config={config} action={action} size="small" />
      ))}
    </Stack>
  );
}
