import MuiButton, { type ButtonProps } from '@mui/material/Button';
import { forwardRef } from 'react';
import { Link } from 'react-router';
import { iconFor } from '../icons';

/** A phone, as the brief measures it (up to 600 CSS px wide, both ends). */
export const PHONE = '@media (max-width: 600px)';

/**
 * A workflow action or follow-up: its text always drawn and a tap target of at least 40 × 40 CSS px.
 * react-admin's own Button drops its label below 600 px and draws only its icon, which the generated actions do
 * not have; an icon the config names is drawn beside the text.
 */
export const ActionButton = forwardRef<
  HTMLButtonElement,
  ButtonProps & { label: string; icon?: string; /** A link to this route instead of a button. */ to?: string }
>(function ActionButton({ label, icon, to, sx, ...props }, ref) {
  const Icon = icon ? iconFor(icon) : undefined;
  return (
    <MuiButton
      ref={ref}
      {...(to ? { component: Link, to } : {})}
      startIcon={Icon ? <Icon /> : undefined}
      sx={[{ whiteSpace: 'nowrap', [PHONE]: { minHeight: 40, minWidth: 40 } }, ...(Array.isArray(sx) ? sx : [sx])]}
      {...props}
    >
      {label}
    </MuiButton>
  );
});
