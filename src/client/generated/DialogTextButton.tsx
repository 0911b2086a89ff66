import MuiButton from '@mui/material/Button';
import { useTranslate } from 'react-admin';

/**
 * A dialog's Cancel or Close, its text always drawn. react-admin's Button draws only its icon below 600 px, so one
 * without an icon was an empty, invisible tap target on a phone: the dialog could not be closed by its button.
 */
export function DialogTextButton({ label, onClick }: { label: string; onClick: () => void }) {
  const translate = useTranslate();
  return (
    <MuiButton onClick={onClick} sx={{ minHeight: 40, minWidth: 64 }} data-dialog-close>
      {translate(label)}
    </MuiButton>
  );
}
