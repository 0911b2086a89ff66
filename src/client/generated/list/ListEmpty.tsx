import InboxIcon from '@mui/icons-material/Inbox';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CreateButton, useTranslate } from 'react-admin';

/** What an empty list says: a queue is done, a resource has nothing yet (and offers to create when allowed). */
export function ListEmpty({ name, done, canCreate }: { name: string; done: boolean; canCreate: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }} data-testid="list-empty">
      <InboxIcon sx={{ fontSize: 64, color: 'text.disabled' }} />
      <Typography variant="h6" color="text.secondary" gutterBottom>
        {done
          ? translate('app.list.queueEmpty', { _: 'Nothing waiting here. All done!' })
          : translate('ra.page.empty', { name })}
      </Typography>
      {canCreate ? <CreateButton variant="contained" /> : null}
    </Box>
  );
}
