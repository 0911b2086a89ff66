import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { useT } from '../i18n/context';

/** The non-blocking "new version" offer; loaded only once a newer build is seen. */
export default function UpdateSnackbar() {
  const t = useT();
  const [open, setOpen] = useState(true);
  return (
    <Snackbar
      open={open}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      message={t('app.update.available', { _: 'A new version is available.' })}
      data-testid="build-update"
      action={
        <>
          <Button color="primary" size="small" onClick={() => window.location.reload()}>
            {t('app.update.reload', { _: 'Reload' })}
          </Button>
          <Button color="inherit" size="small" onClick={() => setOpen(false)}>
            {t('app.update.later', { _: 'Later' })}
          </Button>
        </>
      }
    />
  );
}
