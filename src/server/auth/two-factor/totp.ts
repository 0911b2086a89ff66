import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 as authenticator apps read it: SHA-1, 6 digits, a 30-second step. */
export const TOTP_PERIOD_SECONDS = 30;
/** Codes of one step before or after the server's are accepted (a phone's clock a little off). */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

/** A new 160-bit secret, Base32 as apps expect it. */
export function newSecret(): string {
  return generateSecret({ length: 20 });
}

/** The `otpauth://` URL an authenticator app reads from the QR code. */
export function otpauthUrl(issuer: string, label: string, secret: string): string {
  return generateURI({ issuer, label, secret, algorithm: 'sha1', digits: 6, period: TOTP_PERIOD_SECONDS });
}

/** Six digits, spaces allowed between them (apps show them in two groups). */
export function normalizeCode(code: unknown): string | undefined {
  if (typeof code !== 'string') return undefined;
  const digits = code.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
}

/**
 * The time step of the code when it is right at `nowMs` (one step of drift either way) and newer than
 * `afterStep`; undefined otherwise. The caller still records the step atomically: two requests with one code
 * must not both pass.
 */
export async function acceptedStep(
  secret: string,
  code: string,
  nowMs: number,
  afterStep: number | undefined,
): Promise<number | undefined> {
  const epoch = Math.floor(nowMs / 1000);
  const result = await verify({
    secret,
    token: code,
    epoch,
    epochTolerance: TOLERANCE_SECONDS,
    period: TOTP_PERIOD_SECONDS,
    digits: 6,
    algorithm: 'sha1',
    ...(afterStep !== undefined && { afterTimeStep: afterStep }),
  });
  return result.valid ? Math.floor(epoch / TOTP_PERIOD_SECONDS) + result.delta : undefined;
}
