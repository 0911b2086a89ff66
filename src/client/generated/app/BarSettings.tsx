import Tune from '@mui/icons-material/Tune';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { PHONE } from '../workflow/ActionButton';

/**
 * The app bar's display settings (language, theme, refresh): beside the title on a wide screen, folded behind one
 * button on a phone so the title keeps the bar's width.
 */
export function BarSettings({ children }: { children: ReactNode }) {
  const phone = useMediaQuery(PHONE.replace('@media ', ''));
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!phone) return <>{children}</>;
  const label = translate('app.menu.display');
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="true"
          aria-expanded={Boolean(anchor)}
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid="bar-settings"
          sx={{ minWidth: 40, minHeight: 40 }}
        >
          <Tune />
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Stack direction="row" spacing={1} sx={{ p: 1, alignItems: 'center' }} data-testid="bar-settings-menu">
          {children}
        </Stack>
      </Popover>
    </>
  );
}
