import MuiButton from '@mui/material/Button';
import { useTranslate } from 'react-admin';

/**
 * A dialog's Cancel or Close, its text always drawn. react-admin's Button draws only its icon below 600 px, so one
 * without an icon was an empty, invisible tap target on a phone: the dialog could not be closed by its button.
 */
export function DialogTextButton({
  label,
  onClick,
  asWritten,
  text,
}: {
  label: string;
  /** The label's text already in the reader's words (its key's translation is not looked up). */
  text?: string;
  onClick: () => void;
  /** The label in the case it is written in ("Keep my booking"), not in capitals. */
  asWritten?: boolean;
}) {
  const translate = useTranslate();
  return (
    <MuiButton
      onClick={onClick}
      sx={{ minHeight: 40, minWidth: 64, ...(asWritten ? { textTransform: 'none' } : {}) }}
      data-dialog-close
    >
      {text ?? translate(label)}
    </MuiButton>
  );
}
