import { LOCALE_TAGS, type Locale } from '../../core/locales';
import { ApiError } from '../home/api';

/** `GET /api/auth/two-factor`. */
export interface TwoFactorStatus {
  enabled: boolean;
  required: boolean;
  recoveryCodesLeft: number;
}

/** What proves the second factor: a code of the app, or (where allowed) a recovery code. */
export type SecondFactorProof = { code: string } | { recoveryCode: string };

/** A call of the two-factor routes; non-2xx answers throw an ApiError with the server's message and fields. */
export async function twoFactorCall<T>(path: string, locale: Locale, body?: unknown): Promise<T> {
  const response = await fetch(`/api/auth/two-factor${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      'Accept-Language': LOCALE_TAGS[locale],
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const json = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw new ApiError(response.status, json?.message ?? response.statusText, json?.errors);
  return json as T;
}

/** The message key for a failed code check, by status. */
export function codeFailureKey(error: unknown): string {
  const status = statusOf(error);
  if (status === 400 || status === 401) return 'app.twoFactor.invalidCode';
  if (status === 429) return 'app.auth.tooManyAttempts';
  return 'app.error.network';
}

/** The HTTP status of a failed call, from this module's client or react-admin's. */
export function statusOf(error: unknown): number {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : 0;
}

/** The server's answer when no sign-in waits for a second step (it expired or was used). */
export const SIGN_IN_AGAIN = 'Sign in again';
