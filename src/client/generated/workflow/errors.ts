import { HttpError } from 'react-admin';

/** The server's per-field errors of a 400, if that is what the error is. */
export function fieldErrors(error: unknown): Record<string, string> | undefined {
  if (error instanceof HttpError && error.status === 400 && error.body?.errors) return error.body.errors;
  return undefined;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'ra.notification.http_error';
}
