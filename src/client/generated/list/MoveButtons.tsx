import DownIcon from '@mui/icons-material/ArrowDownward';
import UpIcon from '@mui/icons-material/ArrowUpward';
import DragIcon from '@mui/icons-material/DragIndicator';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useRef } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { useReorder } from './reorder-context';

/**
 * The drag handle and the move up/down buttons of a row (`list.reorder`): the buttons are the keyboard's way to
 * reorder and keep the focus on the moved row. Clicks stay in the cell so the row does not open.
 */
export function MoveButtons() {
  const record = useRecordContext();
  const translate = useTranslate();
  const { ids, active, fieldLabel, step, focus } = useReorder();
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const index = record ? ids.indexOf(record.id) : -1;
  const refocus = focus && record && focus.id === record.id ? focus : undefined;
  useEffect(() => {
    if (!refocus) return;
    // At the top or bottom the button pressed turns off: the other one takes the focus.
    const [pressed, other] = refocus.by === -1 ? [up, down] : [down, up];
    (pressed.current && !pressed.current.disabled ? pressed : other).current?.focus();
  }, [refocus, index]);
  if (!record) return null;
  const hint = active ? '' : translate('app.list.sortToMove', { field: translate(fieldLabel) });
  const button = (by: -1 | 1) => (
    <IconButton
      ref={by === -1 ? up : down}
      size="small"
      disabled={!active || index + by < 0 || index + by >= ids.length}
      aria-label={translate(by === -1 ? 'app.list.moveUp' : 'app.list.moveDown')}
      onClick={() => step(record.id, by)}
      data-testid={by === -1 ? 'move-up' : 'move-down'}
    >
      {by === -1 ? <UpIcon fontSize="small" /> : <DownIcon fontSize="small" />}
    </IconButton>
  );
  return (
    <Tooltip title={hint}>
      <Stack
        direction="row"
        alignItems="center"
        onClick={(event) => event.stopPropagation()}
        sx={{ whiteSpace: 'nowrap' }}
        data-testid="move-buttons"
      >
        <DragIcon
          fontSize="small"
          aria-hidden
          sx={{ cursor: active ? 'grab' : 'default', color: active ? 'action.active' : 'action.disabled' }}
        />
        {button(-1)}
        {button(1)}
      </Stack>
    </Tooltip>
  );
}
