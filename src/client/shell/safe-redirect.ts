import type { Locale } from '../../core/locales';

/** A `?redirect=` target is followed only when it is a path of this site (no `//host`, no scheme). */
export function safeRedirect(target: string | null | undefined): string | undefined {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return undefined;
  return target;
}

/** Where a sign-in lands without a `redirect`: admins on the dashboard, partners on their portal,
 * customers in their area. */
export function homeOfKind(kind: string | undefined, locale: Locale): string {
  if (kind === 'admin') return `/${locale}/admin/dashboard`;
  if (kind === 'partner') return `/${locale}/partner`;
  if (kind === 'user') return `/${locale}/account`;
  return `/${locale}`;
}

/** The server's 403 to a right password on an account whose email is not confirmed (SPEC §11). */
export const CONFIRM_EMAIL_FIRST = 'Please confirm your email address first';

/**
 * A sign-in screen's address that brings the visit back to `requested` afterwards. The target rides in the URL
 * (not only in router state) so that every later signed-out check, however many fire while the screen loads,
 * keeps the page first asked for.
 */
export function loginWithReturn(loginPath: string, requested: string | undefined): string {
  const back = safeRedirect(requested);
  return back && back !== loginPath ? `${loginPath}?redirect=${encodeURIComponent(back)}` : loginPath;
}
