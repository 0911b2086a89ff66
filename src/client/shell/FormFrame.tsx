import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { FormEvent, ReactNode } from 'react';

/**
 * The frame of the public forms (sign-in, sign-up, password reset, the second step): a column that submits without
 * the browser's own validation (ours speaks the page's language) and announces its failure first.
 */
export function FormFrame({
  testId,
  failure,
  onSubmit,
  before,
  children,
}: {
  testId: string;
  failure?: string;
  onSubmit: (event: FormEvent) => void;
  /** Shown above the failure (e.g. what the form asks for). */
  before?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate data-testid={testId}>
      {before}
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      {children}
    </Stack>
  );
}
